import { SEARCH_KINDS, SEARCH_LIMIT, type SearchKind } from '@talentloop/contract/api/search';
import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../infra/db/client.ts';
import { refCompanies, refJobTitles, refOccupations, refSkills, refUniversities } from '../../infra/db/schema.ts';
import { searchKey } from '../reference/load.ts';

const TABLES: Record<SearchKind, PgTable> = {
  skill: refSkills,
  occupation: refOccupations,
  university: refUniversities,
  designation: refJobTitles,
  company: refCompanies,
};

/** Below this many characters, a text matches only at the start of a word ('rea' is not 'Korean'). */
export const INFIX_MIN_LENGTH = 4;

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Case-insensitive search, at most 20. Ranking: names where the text starts a word first (the
 * start of the name or of any later word), then the more common (the shipped popularity), then
 * the shorter, then by name. A text shorter than 4 characters matches only at the start of a word;
 * longer texts also match inside words ('script' finds 'JavaScript'). `lower(name) LIKE '%text%'`
 * is served by the pg_trgm GiST index on lower(name). docs/decisions.md
 */
/** The ranked search statement for a text, or null when the text can match nothing. */
export function searchQuery(kind: SearchKind, text: string): SQL | null {
  const needle = text.trim().toLowerCase();
  if (needle.length < SEARCH_KINDS[kind].minLength) return null;
  const contains = `%${likeEscape(needle)}%`;
  const key = searchKey(needle).trim();
  const infix = needle.length >= INFIX_MIN_LENGTH;
  // A text of only punctuation starts no word: it can match only inside names, from 4 characters.
  if (!key && !infix) return null;
  const wordStart = key ? sql`(search_key LIKE ${`% ${likeEscape(key)}%`})` : sql`(1 = 0)`;
  return sql`
    SELECT name FROM ${TABLES[kind]}
    WHERE lower(name) LIKE ${contains} AND (${sql.raw(infix ? 'true' : 'false')} OR ${wordStart})
    ORDER BY ${wordStart} DESC, popularity DESC, length(name), name
    LIMIT ${SEARCH_LIMIT}`;
}

export async function searchNames(db: Db, kind: SearchKind, text: string): Promise<string[]> {
  const query = searchQuery(kind, text);
  if (!query) return [];
  const result = (await db.execute(query)) as unknown as { rows: Array<{ name: string }> };
  return result.rows.map((r) => r.name);
}
