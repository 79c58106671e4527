import { getPoolSize } from '@talentloop/contract/api/talent-pool';
import { getTalentInsights, getTalentProfile, searchTalent } from '@talentloop/contract/api/talent-search';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';
import { callerId, route } from '../../http/route.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import { getOrCreateSecret } from '../../infra/secrets.ts';
import { createCursorCodec } from './cursor.ts';
import { createTalentSearchService } from './service.ts';

type Deps = { db: Db; clock: Clock; config: Config; auth: preHandlerHookHandler; tokenAuth: preHandlerHookHandler };

/**
 * Company talent search (issue 20). The search is a hot path: its guard checks the token and its
 * session only (one primary-key read); the profile view loads the caller's company.
 */
export async function talentSearchRoutes(app: FastifyInstance, deps: Deps) {
  const { db, clock, config } = deps;
  const cursors = createCursorCodec(await getOrCreateSecret(db, 'talent-search-cursor'));
  const service = createTalentSearchService({ db, clock, cursors, publicUrl: config.publicUrl });

  route(app, searchTalent, { preHandler: [deps.tokenAuth] }, async (request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    return { status: 'success' as const, ...(await service.search(request.query)) };
  });

  route(app, getTalentProfile, { preHandler: [deps.auth] }, async (request, reply) => {
    const { slug } = request.params as { slug: string };
    const caller = callerId(request);
    if (!caller) throw new AppError('TL_CORE_00401_E');
    reply.header('Cache-Control', 'private, no-store');
    return { status: 'success' as const, ...(await service.profile(caller, slug)) };
  });

  route(app, getTalentInsights, { preHandler: [deps.tokenAuth] }, async () => {
    return { status: 'success' as const, insights: await service.insights() };
  });

  route(app, getPoolSize, {}, async () => {
    return { status: 'success' as const, vettedCount: await service.poolSize() };
  });
}
