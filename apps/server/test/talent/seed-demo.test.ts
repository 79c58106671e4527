import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { searchTalent } from '@talentloop/contract/api/talent-search';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type SeedDemoIo, seedDemoCommand } from '../../src/cli/seed-demo.ts';
import { DEMO_EMAIL_DOMAIN } from '../../src/features/demo/generator.ts';
import { rowsOf } from '../../src/features/talent-search/read-model.ts';
import { createDbBlobStore } from '../../src/infra/storage.ts';
import { type TestApp, call, expectFailure, expectOk, request, uniqueEmail, useApi } from '../helpers.ts';
import { insertTalents } from './support.ts';

// `npm run seed:demo` (issue 20): the command as the CLI runs it, on this file's database with the
// store the test app serves files from (the database store, as with any in-memory database).

const env = useApi();
const N = 30;

async function seed(argv: string[], envVars: NodeJS.ProcessEnv = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const db = env.database.db;
  const io: SeedDemoIo = {
    env: envVars,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    open: async () => ({ db, blobs: createDbBlobStore(db), close: async () => {} }),
  };
  const code = await seedDemoCommand(argv, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = rowsOf<T>(await env.database.db.execute(query));
  if (row === undefined) throw new Error('no row');
  return row;
}
const counts = () =>
  one<{ users: number; searchable: number; photos: number; skills: number }>(sql`
    SELECT (SELECT count(*)::int FROM users WHERE demo) AS users,
           (SELECT count(*)::int FROM talent_search WHERE demo) AS searchable,
           (SELECT count(*)::int FROM files f JOIN users u ON u.id = f.owner_id WHERE u.demo) AS photos,
           (SELECT count(*)::int FROM freelancer_skills s JOIN users u ON u.id = s.user_id WHERE u.demo) AS skills`);

async function client(app: TestApp) {
  const account = await app.signUp(uniqueEmail('client'), { userType: 'client', company: 'Acme Labs' });
  return app.verify(account.email);
}

describe('npm run seed:demo', () => {
  it('makes N vetted, marked demo freelancers that companies find in talent search, with photos that are served', async () => {
    await seed(['--reset']);
    const run = await seed(['--count', String(N)]);
    expect(run.code, run.err).toBe(0);
    expect(run.out).toContain(`Added ${N} demo profiles`);
    expect(await counts()).toMatchObject({ users: N, searchable: N, photos: N });

    const users = rowsOf<{
      id: string;
      email: string;
      password_hash: string | null;
      email_verified_at: Date | null;
      onboarding_stage: string;
      profile_photo_url: string | null;
      vetting_status: string;
      vetting_status_at: Date | null;
      in_talent_pool_at: Date | null;
      visibility: string;
      occupation: string;
    }>(
      await env.database.db.execute(sql`
        SELECT u.id, u.email, u.password_hash, u.email_verified_at, u.onboarding_stage, u.profile_photo_url,
               fp.vetting_status, fp.vetting_status_at, fp.in_talent_pool_at, fp.occupation, p.visibility
        FROM users u JOIN freelancer_profiles fp ON fp.user_id = u.id JOIN freelancer_privacy p ON p.user_id = u.id
        WHERE u.demo ORDER BY u.email`),
    );
    expect(users).toHaveLength(N);
    for (const u of users) {
      // No way in and no way to be mailed: no password, no proven address, a reserved domain.
      expect(u.email.endsWith(`@${DEMO_EMAIL_DOMAIN}`)).toBe(true);
      expect(u.password_hash).toBeNull();
      expect(u.email_verified_at).toBeNull();
      expect(u).toMatchObject({ onboarding_stage: 'COMPLETED', vetting_status: 'vetted' });
      expect(u.vetting_status_at).not.toBeNull();
      expect(u.in_talent_pool_at).not.toBeNull();
      expect(['public', 'companies']).toContain(u.visibility);
      expect(u.profile_photo_url).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    }

    const app = await env.start({ config: { clientAccounts: true } });
    // Photos are served like uploaded ones.
    for (const u of users.slice(0, 3)) {
      const photo = await request(app.baseUrl, 'GET', u.profile_photo_url ?? '');
      expect(photo.status).toBe(200);
      expect(photo.headers.get('content-type')).toBe('image/webp');
    }
    // A company finds them by occupation, each marked as a demo.
    const company = await client(app);
    const [first] = users;
    if (!first) throw new Error('no demo user');
    const found = await call(app, searchTalent, { query: { q: first.occupation, skill: [], limit: 50 } }, { token: company.accessToken });
    expectOk(found);
    expect(found.body.results.length).toBeGreaterThan(0);
    expect(found.body.results.every((r) => r.demo)).toBe(true);
    expect(found.body.results.some((r) => r.occupation === first.occupation && r.photoUrl === first.profile_photo_url)).toBe(true);
    // Nobody signs in as a demo freelancer.
    const login = await app.post('/api/auth/login', { email: first.email, password: 'Str0ng!Passw0rd' });
    expectFailure(login, 400, 'TL_CORE_01022_E');
  });

  it('does not double the set when run again, and tops it up to a larger count', async () => {
    await seed(['--count', String(N)]);
    const before = await counts();
    expect(before.users).toBe(N);
    const again = await seed(['--count', String(N)]);
    expect(again.code).toBe(0);
    expect(again.out).toContain(`There are already ${N} demo profiles`);
    expect(await counts()).toEqual(before);
    const more = await seed(['--count', String(N + 4), '--no-photos']);
    expect(more.out).toContain(`Added 4 demo profiles (${N} were already there, ${N + 4} now)`);
    expect(await counts()).toMatchObject({ users: N + 4, searchable: N + 4, photos: N });
  });

  it('removes every demo user and everything of theirs with --reset, and nobody else', async () => {
    const [real] = await insertTalents(env.database.db, [{ firstName: 'Grace', lastName: 'Hopper' }]);
    if (!real) throw new Error('no real freelancer');
    await seed(['--count', '5']);
    expect((await counts()).users).toBeGreaterThanOrEqual(5);
    const reset = await seed(['--reset']);
    expect(reset.code).toBe(0);
    expect(reset.out).toMatch(/^Removed \d+ demo profiles and \d+ demo photos\.$/);
    expect(await counts()).toEqual({ users: 0, searchable: 0, photos: 0, skills: 0 });
    const orphans = await one<{ n: number }>(sql`
      SELECT (SELECT count(*)::int FROM freelancer_profiles fp WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = fp.user_id))
           + (SELECT count(*)::int FROM files WHERE owner_id IS NULL AND kind = 'profile-photo') AS n`);
    expect(orphans.n).toBe(0);
    expect(await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM talent_search WHERE user_id = ${real.id}`)).toEqual({ n: 1 });
    expect((await seed(['--reset'])).out).toBe('There were no demo profiles to remove.');
  });

  it('refuses NODE_ENV=production unless --allow-production is given, and changes nothing', async () => {
    await seed(['--reset']);
    const refused = await seed(['--count', '3'], { NODE_ENV: 'Production' });
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('Refused: NODE_ENV=production');
    expect((await counts()).users).toBe(0);
    const allowed = await seed(['--count', '3', '--no-photos', '--allow-production'], { NODE_ENV: 'production' });
    expect(allowed.code, allowed.err).toBe(0);
    expect((await counts()).users).toBe(3);
    // The script itself, as `npm run seed:demo` starts it: refused before any database is opened.
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
    const child = spawn(process.execPath, ['apps/server/src/cli/seed-demo.ts', '--count', '3'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: 'postgres://127.0.0.1:1/never-opened', DATA_DIR: '/nonexistent' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c) => {
      stderr += c;
    });
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toContain('Refused: NODE_ENV=production');
  });

  it('explains bad options', async () => {
    const bad = await seed(['--count', 'many']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--count needs a whole number');
    expect((await seed(['--colour'])).err).toContain('Unknown option --colour');
  });
});
