import { SEARCH_KINDS, type SearchKind, searchEndpoints } from '@talentloop/contract/api/search';
import type { FastifyInstance } from 'fastify';
import { type AuthGuard, route } from '../../http/route.ts';
import type { Db } from '../../infra/db/client.ts';
import { createSearchCache } from './service.ts';

/** The lists' guard is requireToken: shared reference data needs a live session, not the user's row. */
export async function searchRoutes(app: FastifyInstance, deps: { db: Db; tokenAuth: AuthGuard }) {
  const search = createSearchCache(deps.db);
  for (const kind of Object.keys(searchEndpoints) as SearchKind[]) {
    const endpoint = searchEndpoints[kind];
    route(app, endpoint, { guard: deps.tokenAuth }, async (request) => {
      const names = await search(kind, request.query.query);
      return { status: 'success' as const, [SEARCH_KINDS[kind].field]: names } as never;
    });
  }
}
