import { SEARCH_KINDS, SEARCH_LIMIT, type SearchKind, searchEndpoints } from '@talentloop/contract/api/search';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { route } from '../../http/route.ts';
import type { Db } from '../../infra/db/client.ts';
import { refCompanies, refJobTitles, refOccupations, refSkills, refUniversities } from '../../infra/db/schema.ts';

const TABLES: Record<SearchKind, PgTable> = {
  skill: refSkills,
  occupation: refOccupations,
  university: refUniversities,
  designation: refJobTitles,
  company: refCompanies,
};

/**
 * Case-insensitive search: names starting with the text first, then names containing it, shorter
 * first, at most 20. `lower(name) LIKE` is served by the pg_trgm GIN index on lower(name).
 */
export async function searchNames(db: Db, kind: SearchKind, text: string): Promise<string[]> {
  const needle = text.trim().toLowerCase();
  if (needle.length < SEARCH_KINDS[kind].minLength) return [];
  const escaped = needle.replace(/[\\%_]/g, (c) => `\\${c}`);
  const result = (await db.execute(sql`
    SELECT name FROM ${TABLES[kind]}
    WHERE lower(name) LIKE ${`%${escaped}%`}
    ORDER BY (lower(name) LIKE ${`${escaped}%`}) DESC, length(name), name
    LIMIT ${SEARCH_LIMIT}`)) as unknown as { rows: Array<{ name: string }> };
  return result.rows.map((r) => r.name);
}

/**
 * Reference lists only change when the server starts, so answers are cached per instance (bounded,
 * oldest dropped first): typing the same prefixes costs no query.
 */
export function createSearchCache(db: Db, maxEntries = 5_000) {
  const cache = new Map<string, Promise<string[]>>();
  return (kind: SearchKind, text: string): Promise<string[]> => {
    const key = `${kind}\0${text.trim().toLowerCase()}`;
    let hit = cache.get(key);
    if (!hit) {
      hit = searchNames(db, kind, text);
      hit.catch(() => cache.delete(key));
      cache.set(key, hit);
      if (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
    }
    return hit;
  };
}

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
