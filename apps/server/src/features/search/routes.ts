import { SEARCH_KINDS, type SearchKind, searchEndpoints } from '@talentloop/contract/api/search';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { route } from '../../http/route.ts';
import type { Db } from '../../infra/db/client.ts';
import { createSearchCache } from './service.ts';

export async function searchRoutes(app: FastifyInstance, deps: { db: Db; auth: preHandlerHookHandler }) {
  const search = createSearchCache(deps.db);
  for (const kind of Object.keys(searchEndpoints) as SearchKind[]) {
    const endpoint = searchEndpoints[kind];
    route(app, endpoint, { preHandler: [deps.auth] }, async (request) => {
      const names = await search(kind, request.query.query);
      return { status: 'success' as const, [SEARCH_KINDS[kind].field]: names } as never;
    });
  }
}
