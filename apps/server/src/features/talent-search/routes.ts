import { getPoolSize } from '@talentloop/contract/api/talent-pool';
import { getTalentInsights, getTalentProfile, searchTalent } from '@talentloop/contract/api/talent-search';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';
import { requireTokenCheckedByHandler } from '../../http/guards.ts';
import { type AuthGuard, callerId, route } from '../../http/route.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import type { TokenService } from '../../infra/tokens.ts';
import { getOrCreateSecret } from '../../infra/secrets.ts';
import { createCursorCodec } from './cursor.ts';
import { createTalentSearchService } from './service.ts';
import { createViewCounter } from './views.ts';

type Deps = {
  db: Db;
  clock: Clock;
  config: Config;
  /** requireToken: the insights are shared figures (a live session, not the user's row). */
  tokenAuth: AuthGuard;
  tokens: TokenService;
};

/**
 * Company talent search (issue 20). The search is a hot path: its guard checks the token, and the
 * search's one statement checks the token's session too (decision "Talent search: one statement per
 * search"); the profile view loads the caller's company.
 */
export async function talentSearchRoutes(app: FastifyInstance, deps: Deps) {
  const { db, clock, config } = deps;
  const cursors = createCursorCodec(await getOrCreateSecret(db, 'talent-search-cursor'));
  // Profile views are written in batches off the request path (views.ts), the last on close.
  const views = createViewCounter(db, {
    flushMs: config.profileViewsFlushMs,
    onError: (err) => app.log.error({ err }, 'talent search: writing profile views failed'),
  });
  const service = createTalentSearchService({ db, clock, cursors, publicUrl: config.publicUrl, views, index: config.talentIndex });

  // A listening server loads the pool at once, so the first company's search does not wait for it
  // (a failed load is logged, and the first search loads it again); one that is closing does not care.
  let closing = false;
  app.addHook('onClose', async () => {
    closing = true;
    await views.stop();
  });
  app.addHook('onListen', async () => {
    service.warm().catch((err) => {
      if (!closing) app.log.error({ err }, 'talent search: loading the pool failed');
    });
  });

  // The search's guard: the token here, the session's check in the search's one statement.
  const searchAuth = requireTokenCheckedByHandler(db, deps.tokens, searchTalent);
  route(app, searchTalent, { guard: searchAuth.guard }, async (request, reply) => {
    const claims = request.auth;
    if (!claims) throw new AppError('TL_CORE_00401_E');
    const caller = { session: { sessionId: claims.sessionId, userId: claims.userId }, live: () => searchAuth.live(claims) };
    reply.header('Cache-Control', 'private, no-store');
    return { status: 'success' as const, ...(await service.search(request.query, caller)) };
  });

  route(app, getTalentProfile, {}, async (request, reply) => {
    const { slug } = request.params;
    const caller = callerId(request);
    if (!caller) throw new AppError('TL_CORE_00401_E');
    reply.header('Cache-Control', 'private, no-store');
    return { status: 'success' as const, ...(await service.profile(caller, slug)) };
  });

  route(app, getTalentInsights, { guard: deps.tokenAuth }, async () => {
    return { status: 'success' as const, insights: await service.insights() };
  });

  route(app, getPoolSize, {}, async () => {
    return { status: 'success' as const, vettedCount: await service.poolSize() };
  });
}
