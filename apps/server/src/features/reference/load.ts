import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../infra/db/client.ts';
import { refCompanies, refJobTitles, refListVersions, refOccupations, refSkills, refUniversities } from '../../infra/db/schema.ts';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../reference-data');
const cache = new Map<string, unknown>();
/** Reference files are read once per process. */
function read<T>(name: string): T {
  if (!cache.has(name)) cache.set(name, JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')));
  return cache.get(name) as T;
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
export const popularity = (): Popularity => read<Popularity>('popularity.json');

/** The rows of one shipped list as they are stored: name, popularity (0 when not listed), key. */
export function shippedRows(list: ReferenceListName): ReferenceRow[] {
  const spec = REFERENCE_LISTS.find((l) => l.list === list);
  if (!spec) throw new Error(`unknown reference list ${list}`);
  const figures = popularity()[list] ?? {};
  const entries = read<Array<string | { name: string; country: string }>>(spec.file);
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
 * Makes one reference table hold exactly `rows`. Nothing happens when the stored content hash is
 * the rows' hash; otherwise the table is emptied and refilled and the hash recorded in one
 * transaction (searches meanwhile see the old list whole), under an advisory lock so instances
 * starting together reload it once. Answers whether it reloaded.
 */
export async function syncReferenceList(db: Db, list: ReferenceListName, rows: readonly ReferenceRow[]): Promise<boolean> {
  const spec = REFERENCE_LISTS.find((l) => l.list === list);
  if (!spec) throw new Error(`unknown reference list ${list}`);
  const hash = hashRows(rows);
  const stored = async (q: Pick<Db, 'select'>) =>
    (await q.select({ hash: refListVersions.hash }).from(refListVersions).where(eq(refListVersions.list, list)))[0]?.hash;
  if ((await stored(db)) === hash) return false;
  const reloaded = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`talentloop:reference:${list}`}))`);
    if ((await stored(tx)) === hash) return false;
    await tx.delete(spec.table);
    for (let i = 0; i < rows.length; i += 1000) await tx.insert(spec.table).values(rows.slice(i, i + 1000));
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

/** Loads the shipped reference lists, each only when its content differs from what is stored. */
export async function loadReferenceData(db: Db): Promise<void> {
  for (const { list } of REFERENCE_LISTS) await syncReferenceList(db, list, shippedRows(list));
}
