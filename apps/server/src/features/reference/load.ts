import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../infra/db/client.ts';
import { refCompanies, refJobTitles, refListVersions, refOccupations, refSkills, refUniversities } from '../../infra/db/schema.ts';

/** Where the shipped lists are; tests point loadReferenceData at a changed copy. */
export const referenceDataDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../reference-data');
const bytesCache = new Map<string, Buffer>();
const jsonCache = new Map<string, unknown>();
/** Reference files are read once per process (per folder). */
function readBytes(name: string, dir = referenceDataDir): Buffer {
  const file = path.join(dir, name);
  let bytes = bytesCache.get(file);
  if (!bytes) {
    bytes = fs.readFileSync(file);
    bytesCache.set(file, bytes);
  }
  return bytes;
}
function read<T>(name: string, dir = referenceDataDir): T {
  const file = path.join(dir, name);
  if (!jsonCache.has(file)) jsonCache.set(file, JSON.parse(readBytes(name, dir).toString('utf8')));
  return jsonCache.get(file) as T;
}

type Rates = { basis: string; default: { min: number; max: number }; rates: Record<string, Record<string, [number, number]>> };
export const hourlyRates = (): Rates => read<Rates>('hourly-rates.json');

/**
 * The whole-word search key of a name or a typed text: ' ' + lower case, every run of characters
 * that are not letters or digits as one space. A text is a whole-word prefix of a name when
 * `searchKey(name)` contains `searchKey(text)` right after a space.
 */
export function searchKey(text: string): string {
  const words = text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();
  return ` ${words}`;
}

export type ReferenceRow = { name: string; popularity: number; searchKey: string; country?: string | null };
export type ReferenceListName = 'skills' | 'occupations' | 'jobTitles' | 'companies' | 'universities';
type ListSpec = { list: ReferenceListName; file: string; table: PgTable };

export const REFERENCE_LISTS: readonly ListSpec[] = [
  { list: 'skills', file: 'skills.json', table: refSkills },
  { list: 'occupations', file: 'occupations.json', table: refOccupations },
  { list: 'jobTitles', file: 'job-titles.json', table: refJobTitles },
  { list: 'companies', file: 'companies.json', table: refCompanies },
  { list: 'universities', file: 'universities.json', table: refUniversities },
];

type Popularity = { basis: Record<string, string> } & Record<ReferenceListName, Record<string, number>>;
export const popularity = (dir = referenceDataDir): Popularity => read<Popularity>('popularity.json', dir);

const specOf = (list: ReferenceListName): ListSpec => {
  const spec = REFERENCE_LISTS.find((l) => l.list === list);
  if (!spec) throw new Error(`unknown reference list ${list}`);
  return spec;
};

/** The rows of one shipped list as they are stored: name, popularity (0 when not listed), key. */
export function shippedRows(list: ReferenceListName, dir = referenceDataDir): ReferenceRow[] {
  const spec = specOf(list);
  const figures = popularity(dir)[list] ?? {};
  const entries = read<Array<string | { name: string; country: string }>>(spec.file, dir);
  return entries.map((entry) => {
    const name = typeof entry === 'string' ? entry : entry.name;
    const row: ReferenceRow = { name, popularity: figures[name] ?? 0, searchKey: searchKey(name) };
    if (typeof entry !== 'string') row.country = entry.country;
    return row;
  });
}

/** Bumped when the stored shape of a row changes, so every list reloads once. */
const ROW_FORMAT = 'v2';
const hashRows = (rows: readonly ReferenceRow[]) =>
  crypto.createHash('sha256').update(ROW_FORMAT).update(JSON.stringify(rows)).digest('hex');

/**
 * The hash a shipped list is stored with: its file's bytes and its popularity figures (everything
 * its rows are made from, with ROW_FORMAT for how they are made). Cheap: no row is built, so a
 * start with unchanged lists costs a few hashes and one query (decision "Fast starts").
 */
export function shippedHash(list: ReferenceListName, dir = referenceDataDir): string {
  return crypto
    .createHash('sha256')
    .update(`${ROW_FORMAT}:shipped:${list}:`)
    .update(readBytes(specOf(list).file, dir))
    .update(JSON.stringify(popularity(dir)[list] ?? {}))
    .digest('hex');
}

/**
 * Makes one reference table hold exactly `rows`. Nothing happens when the stored content hash is
 * `hash` (by default the rows' own); otherwise the table is emptied and refilled and the hash
 * recorded in one transaction (searches meanwhile see the old list whole), under an advisory lock
 * so instances starting together reload it once. Answers whether it reloaded.
 */
export async function syncReferenceList(
  db: Db,
  list: ReferenceListName,
  rows: readonly ReferenceRow[],
  hash: string = hashRows(rows),
): Promise<boolean> {
  const spec = specOf(list);
  const stored = async (q: DbOrTx) =>
    (await q.select({ hash: refListVersions.hash }).from(refListVersions).where(eq(refListVersions.list, list)))[0]?.hash;
  if ((await stored(db)) === hash) return false;
  const reloaded = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`talentloop:reference:${list}`}))`);
    if ((await stored(tx)) === hash) return false;
    await tx.delete(spec.table);
    // One statement: the whole list as one JSON parameter, expanded into rows by the database
    // (json_populate_recordset maps keys to the table's columns), instead of thousands of bound
    // parameters built and sent in batches: half the CPU of a first start's reference load.
    const records = rows.map((r) => ({ name: r.name, popularity: r.popularity, search_key: r.searchKey, country: r.country ?? null }));
    await tx.execute(
      sql`INSERT INTO ${spec.table} SELECT * FROM json_populate_recordset(NULL::${spec.table}, ${JSON.stringify(records)}::json)`,
    );
    await tx
      .insert(refListVersions)
      .values({ list, hash, loadedAt: new Date() })
      .onConflictDoUpdate({ target: refListVersions.list, set: { hash, loadedAt: new Date() } });
    return true;
  });
  // Fresh statistics, so the planner picks the trigram index for searches straight away.
  if (reloaded) await db.execute(sql`ANALYZE ${spec.table}`);
  return reloaded;
}

/**
 * Loads the shipped reference lists (from `dir`, the shipped folder unless a test names another),
 * each only when its shipped hash differs from the stored one: one query reads every stored hash,
 * and rows are built only for a list that changed. Answers the lists it reloaded.
 */
export async function loadReferenceData(db: Db, { dir = referenceDataDir }: { dir?: string } = {}): Promise<ReferenceListName[]> {
  const stored = new Map((await db.select().from(refListVersions)).map((v) => [v.list, v.hash]));
  const reloaded: ReferenceListName[] = [];
  for (const { list } of REFERENCE_LISTS) {
    const hash = shippedHash(list, dir);
    if (stored.get(list) === hash) continue;
    if (await syncReferenceList(db, list, shippedRows(list, dir), hash)) reloaded.push(list);
  }
  return reloaded;
}
