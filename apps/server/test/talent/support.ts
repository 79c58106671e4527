import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/infra/db/client.ts';
import type { LevelKey } from '@talentloop/contract/rules/level';
import { refreshTalentSearch } from '../../src/features/talent-search/read-model.ts';

// Talent search test data made through SQL (volume): freelancers with a profile, skills, languages
// and a privacy row, vetted unless told otherwise, then refreshTalentSearch for the batch.

export type TalentSpec = {
  firstName?: string;
  lastName?: string;
  occupation?: string | null;
  description?: string;
  skills?: string[];
  languages?: string[];
  countryCode?: string | null;
  /**
   * The level companies see, made from a work history (null: none, Entry): entry one closed year,
   * intermediate an ongoing role of 3 years, senior a closed one of 6, expert an ongoing one of 10.
   */
  level?: LevelKey | null;
  /** What the freelancer picked at onboarding (experience_level): feeds the rate suggestion only. */
  typedLevel?: string | null;
  minRate?: number | null;
  maxRate?: number | null;
  maxHours?: number | null;
  openToWork?: boolean;
  vetting?: string;
  vettedAt?: Date;
  visibility?: 'public' | 'companies' | 'hidden';
  demo?: boolean;
  slug?: string;
};

export type Talent = { id: string; slug: string };

const lit = (v: string | null | undefined) => (v === null || v === undefined ? 'NULL' : `'${v.replaceAll("'", "''")}'`);
const num = (v: number | null | undefined) => (v === null || v === undefined ? 'NULL' : String(v));
const arr = (v: string[]) => `ARRAY[${v.map(lit).join(',')}]::text[]`;

/** Inserts the freelancers in a few multi-row statements and refreshes their search rows. */
export async function insertTalents(db: Db, specs: TalentSpec[], refresh = true): Promise<Talent[]> {
  const made: Talent[] = [];
  const userRows: string[] = [];
  const profileRows: string[] = [];
  const privacyRows: string[] = [];
  const skillRows: string[] = [];
  const languageRows: string[] = [];
  const workRows: string[] = [];
  const ago = (years: number) => new Date(Date.now() - years * 365.25 * 86_400_000).toISOString().slice(0, 10);
  const WORK: Record<LevelKey, [number, number | null]> = { entry: [2, 1], intermediate: [3, null], senior: [7, 1], expert: [10, null] };
  for (const s of specs) {
    const id = crypto.randomUUID();
    const slug = s.slug ?? `t-${id.slice(0, 18)}`;
    made.push({ id, slug });
    userRows.push(
      `('${id}', ${lit(`${id}@talent.test`)}, ${lit(s.firstName ?? 'Ada')}, ${lit(s.lastName ?? 'Lovelace')}, 'freelancer', 'COMPLETED', ${s.demo ? 'true' : 'false'})`,
    );
    const vetting = s.vetting ?? 'vetted';
    const vettedAt = (s.vettedAt ?? new Date()).toISOString();
    profileRows.push(
      `('${id}', ${lit(s.description ?? '')}, ${lit(s.countryCode === undefined ? 'DE' : s.countryCode)}, ${lit(s.occupation === undefined ? 'Software Engineer' : s.occupation)}, ${num(s.minRate === undefined ? 40 : s.minRate)}, ${num(s.maxRate === undefined ? 60 : s.maxRate)}, ${lit(s.typedLevel === undefined ? 'mid-exp' : s.typedLevel)}, ${s.openToWork === false ? 'false' : 'true'}, ${num(s.maxHours === undefined ? 40 : s.maxHours)}, '${vetting}', '${vettedAt}', '${vettedAt}')`,
    );
    privacyRows.push(`('${id}', ${lit(slug)}, ${lit(s.visibility ?? 'companies')})`);
    (s.skills ?? ['TypeScript']).forEach((name, i) => {
      skillRows.push(`('${id}', ${lit(name)}, 3, ${i})`);
    });
    const level = s.level === undefined ? 'expert' : s.level;
    if (level) {
      const [start, end] = WORK[level];
      workRows.push(`('${id}', 'Engineer', 'Acme', '${ago(start)}', ${end === null ? 'NULL' : `'${ago(end)}'`}, 0)`);
    }
    (s.languages ?? ['en']).forEach((code, i) => {
      languageRows.push(`('${id}', ${lit(code)}, 'Fluent', ${i})`);
    });
  }
  const chunks = <T>(xs: T[], n = 2000) => Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));
  for (const c of chunks(userRows))
    await db.execute(
      sql.raw(`INSERT INTO users (id, email, first_name, last_name, user_type, onboarding_stage, demo) VALUES ${c.join(',')}`),
    );
  for (const c of chunks(profileRows))
    await db.execute(
      sql.raw(
        `INSERT INTO freelancer_profiles (user_id, description, country_code, occupation, min_hourly_rate, max_hourly_rate, experience_level, open_to_work, max_hours_per_week, vetting_status, vetting_status_at, in_talent_pool_at) VALUES ${c.join(',')}`,
      ),
    );
  for (const c of chunks(privacyRows))
    await db.execute(sql.raw(`INSERT INTO freelancer_privacy (user_id, slug, visibility) VALUES ${c.join(',')}`));
  for (const c of chunks(skillRows))
    await db.execute(sql.raw(`INSERT INTO freelancer_skills (user_id, skill_name, experience_years, position) VALUES ${c.join(',')}`));
  for (const c of chunks(languageRows))
    await db.execute(sql.raw(`INSERT INTO freelancer_languages (user_id, language_code, proficiency, position) VALUES ${c.join(',')}`));
  for (const c of chunks(workRows))
    await db.execute(
      sql.raw(`INSERT INTO freelancer_work_experience (user_id, title, company, start_date, end_date, position) VALUES ${c.join(',')}`),
    );
  if (refresh)
    for (const c of chunks(made, 1000))
      await refreshTalentSearch(
        db,
        c.map((t) => t.id),
      );
  return made;
}

export { arr };
