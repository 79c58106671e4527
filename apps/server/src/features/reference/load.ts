import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../infra/db/client.ts';
import { refCompanies, refJobTitles, refOccupations, refSkills, refUniversities } from '../../infra/db/schema.ts';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../reference-data');
const cache = new Map<string, unknown>();
/** Reference files are read once per process. */
function read<T>(name: string): T {
  if (!cache.has(name)) cache.set(name, JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')));
  return cache.get(name) as T;
}

type Rates = { basis: string; default: { min: number; max: number }; rates: Record<string, Record<string, [number, number]>> };
export const hourlyRates = (): Rates => read<Rates>('hourly-rates.json');

async function fill(db: Db, table: PgTable, rows: Array<Record<string, string | null>>) {
  const [{ count } = { count: 0 }] = (
    (await db.execute(sql`SELECT count(*)::int AS count FROM ${table}`)) as unknown as { rows: Array<{ count: number }> }
  ).rows;
  if (count >= rows.length) return;
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insert(table)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing();
  }
  // Fresh statistics, so the planner picks the trigram index for searches straight away.
  await db.execute(sql`ANALYZE ${table}`);
}

/** Loads the shipped reference lists (skills, occupations, universities, job titles, companies) once. */
export async function loadReferenceData(db: Db): Promise<void> {
  const names = (file: string) => read<string[]>(file).map((name) => ({ name }));
  await fill(db, refSkills, names('skills.json'));
  await fill(db, refOccupations, names('occupations.json'));
  await fill(db, refJobTitles, names('job-titles.json'));
  await fill(db, refCompanies, names('companies.json'));
  await fill(db, refUniversities, read<Array<{ name: string; country: string }>>('universities.json'));
}
