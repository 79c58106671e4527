import { isUuid } from '@talentloop/contract/validation/ids';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { OUTSIDE_CONTRACT } from '../../http/route.ts';
import { currentUser } from '../../http/guards.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import { users } from '../../infra/db/schema.ts';
import type { FileStorage } from '../../infra/storage.ts';
import { type SkillInput, createFreelancerProfileService } from '../freelancer-profile/service.ts';

// The bench's controls (scripts/bench.sh, issue 12): figures measured in the same server process
// as the rows they are compared with. Registered only when the config's benchControls is on
// (BENCH_CONTROLS=on); otherwise these paths answer 404 like any unknown path. Not part of the
// contract: no client may depend on them.
//
// - GET /bench/hello: the framework's floor (no database).
// - GET /bench/pk?id=<uuid>: one primary-key read of one row (users), no auth.
// - PUT /bench/skills: the skills save's write (the same service call, so the same SQL) behind the
//   same auth guard, without the contract's body schema or response serializer: the "unvalidated
//   twin" the real PUT /freelancer-settings/skills-details is compared with.
// - GET /bench/heavy?rows=<n>: one slow statement (counts a generated series of n rows, no table),
//   the load of the "light read while a heavy query runs" row (embedded database in a worker thread).

type Deps = { db: Db; clock: Clock; storage: FileStorage; auth: preHandlerHookHandler };

/** Upper bound of /bench/heavy's series: about a minute of one core. */
const HEAVY_MAX_ROWS = 500_000_000;

export async function benchRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  const profiles = createFreelancerProfileService(deps);

  app.get('/bench/hello', { schema: { hide: true }, config: OUTSIDE_CONTRACT }, async () => ({ hello: 'world' }));

  app.get('/bench/pk', { schema: { hide: true }, config: OUTSIDE_CONTRACT }, async (request) => {
    const id = (request.query as { id?: unknown }).id;
    if (!isUuid(id)) throw new AppError('TL_CORE_00400_E');
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
    return { id: row?.id ?? null };
  });

  app.get('/bench/heavy', { schema: { hide: true }, config: OUTSIDE_CONTRACT }, async (request) => {
    const raw = (request.query as { rows?: unknown }).rows;
    const rows = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN;
    if (!(rows >= 1 && rows <= HEAVY_MAX_ROWS)) throw new AppError('TL_CORE_00400_E');
    const result = (await db.execute(sql`SELECT count(*)::int AS n FROM generate_series(1, ${rows}::int)`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    return { rows: result.rows[0]?.n ?? 0 };
  });

  app.put('/bench/skills', { schema: { hide: true }, config: OUTSIDE_CONTRACT, preHandler: [deps.auth] }, async (request) => {
    const body = request.body as { skills?: unknown; version?: unknown } | undefined;
    if (!body || !Array.isArray(body.skills)) throw new AppError('TL_CORE_00400_E');
    const version = typeof body.version === 'number' ? body.version : undefined;
    return profiles.saveSkills(currentUser(request).id, body.skills as SkillInput[], version);
  });
}
