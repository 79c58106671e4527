import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../infra/db/client.ts';
import { type BlobStore, type FileStorage, type StagedBlob, fileUrl } from '../../infra/storage.ts';
import { rowsOf } from '../../infra/db/rows.ts';
import { profileChanged } from '../../infra/profile-events.ts';
import { type DemoProfile, demoIndexOf, demoReference, generateProfile } from './generator.ts';
import { DEMO_DEFAULT_SEED, DEMO_MAX_COUNT } from './defaults.ts';
import { renderAvatar } from './photo.ts';

// `npm run seed:demo` (cli/seed-demo.ts) and the talent-search bench: N demo freelancers, vetted and
// in the talent pool, written in bulk (one statement per table per batch, the batch's rows as one
// JSON parameter expanded by the database) and made searchable by profileChanged (the talent search's rebuild) in the same
// transaction. Every row is marked (users.demo, carried to talent_search.demo), so demo rows are
// shown with a badge, left out of figures, never mailed (no proven address: email_verified_at is
// NULL and the address is under `.invalid`) and removed together by resetDemo. No password: nobody
// can sign in as a demo freelancer.

/** Profiles per transaction and per profileChanged call. */
export const DEMO_BATCH = 1000;

export type SeedResult = { requested: number; existing: number; created: number; total: number; photos: number };

/** The demo users' indexes already present (from their reserved addresses). */
async function existingIndexes(db: Db): Promise<Set<number>> {
  const res = await db.execute<{ email: string }>(sql`SELECT email FROM users WHERE demo`);
  const out = new Set<number>();
  for (const { email } of rowsOf<{ email: string }>(res)) {
    const i = demoIndexOf(email);
    if (i !== null) out.add(i);
  }
  return out;
}

/** Runs `task` over `items` with at most `limit` at a time, keeping the order of results. */
async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await task(items[i] as T);
      }
    }),
  );
  return out;
}

const json = (rows: unknown[]) => JSON.stringify(rows);

/** Writes one batch: users, profiles, skills, languages, privacy, photo metadata, then the search rows. */
async function writeBatch(tx: Tx, storage: FileStorage | null, batch: DemoProfile[], photos: Map<string, StagedBlob>, now: Date) {
  const users = batch.map((p) => ({
    id: p.id,
    email: p.email,
    first_name: p.firstName,
    last_name: p.lastName,
    user_type: 'freelancer',
    onboarding_stage: 'COMPLETED',
    profile_photo_url: photos.has(p.id) ? fileUrl(photos.get(p.id)?.key ?? '') : null,
    demo: true,
    created_at: p.joinedAt.toISOString(),
    updated_at: p.vettedAt.toISOString(),
  }));
  // A parallel run may have made some of these: only the users this statement made get the rest.
  const inserted = rowsOf<{ id: string }>(
    await tx.execute(sql`
      INSERT INTO users (id, email, first_name, last_name, user_type, onboarding_stage, profile_photo_url, demo, created_at, updated_at)
      SELECT id, email, first_name, last_name, user_type, onboarding_stage, profile_photo_url, demo, created_at, updated_at
      FROM json_populate_recordset(NULL::users, ${json(users)}::json)
      ON CONFLICT DO NOTHING
      RETURNING id`),
  );
  const made = new Set(inserted.map((r) => r.id));
  const mine = batch.filter((p) => made.has(p.id));
  if (mine.length === 0) return mine;
  const profiles = mine.map((p) => ({
    user_id: p.id,
    description: p.description,
    country_code: p.countryCode,
    occupation: p.occupation,
    min_hourly_rate: p.minHourlyRate,
    max_hourly_rate: p.maxHourlyRate,
    experience_level: p.experienceLevel,
    open_to_work: true,
    min_hours_per_week: p.minHoursPerWeek,
    max_hours_per_week: p.maxHoursPerWeek,
    project_duration_preference: p.projectDuration,
    in_talent_pool_at: p.joinedAt.toISOString(),
    vetting_status: 'vetted',
    vetting_status_at: p.vettedAt.toISOString(),
    updated_at: p.vettedAt.toISOString(),
  }));
  await tx.execute(sql`
    INSERT INTO freelancer_profiles (user_id, description, country_code, occupation, min_hourly_rate, max_hourly_rate, experience_level,
      open_to_work, min_hours_per_week, max_hours_per_week, project_duration_preference, in_talent_pool_at, vetting_status, vetting_status_at, updated_at)
    SELECT user_id, description, country_code, occupation, min_hourly_rate, max_hourly_rate, experience_level,
      open_to_work, min_hours_per_week, max_hours_per_week, project_duration_preference, in_talent_pool_at, vetting_status, vetting_status_at, updated_at
    FROM json_populate_recordset(NULL::freelancer_profiles, ${json(profiles)}::json)`);
  const skills = mine.flatMap((p) =>
    p.skills.map((s, i) => ({ user_id: p.id, skill_name: s.name, experience_years: s.years, position: i })),
  );
  await tx.execute(sql`
    INSERT INTO freelancer_skills (user_id, skill_name, experience_years, position)
    SELECT user_id, skill_name, experience_years, position FROM json_populate_recordset(NULL::freelancer_skills, ${json(skills)}::json)`);
  const languages = mine.flatMap((p) =>
    p.languages.map((l, i) => ({ user_id: p.id, language_code: l.code, proficiency: l.proficiency, position: i })),
  );
  await tx.execute(sql`
    INSERT INTO freelancer_languages (user_id, language_code, proficiency, position)
    SELECT user_id, language_code, proficiency, position FROM json_populate_recordset(NULL::freelancer_languages, ${json(languages)}::json)`);
  const work = mine.flatMap((p) =>
    p.work.map((w, i) => ({
      user_id: p.id,
      title: w.title,
      company: w.company,
      start_date: w.startDate,
      end_date: w.endDate,
      position: i,
    })),
  );
  await tx.execute(sql`
    INSERT INTO freelancer_work_experience (user_id, title, company, start_date, end_date, position)
    SELECT user_id, title, company, start_date, end_date, position
    FROM json_populate_recordset(NULL::freelancer_work_experience, ${json(work)}::json)`);
  const privacy = mine.map((p) => ({ user_id: p.id, slug: p.slug, visibility: p.visibility }));
  await tx.execute(sql`
    INSERT INTO freelancer_privacy (user_id, slug, visibility)
    SELECT user_id, slug, visibility FROM json_populate_recordset(NULL::freelancer_privacy, ${json(privacy)}::json)`);
  // The photo's metadata, attached as a photo save attaches it (FileStorage.put with the staged bytes).
  if (storage) {
    for (const p of mine) {
      const blob = photos.get(p.id);
      if (blob) await storage.put(tx, { ownerId: p.id, kind: 'profile-photo', mime: 'image/webp', blob, now });
    }
  }
  await profileChanged(
    tx,
    mine.map((p) => p.id),
  );
  return mine;
}

/**
 * Tops the demo set up to `count` profiles (indexes 0..count-1 of `seed`): profiles already there
 * are kept, missing ones are made, in batches of DEMO_BATCH. `storage`: photos are rendered and
 * stored like uploads; null: no photos (the bench's 100,000).
 */
export async function seedDemo(
  db: Db,
  opts: {
    count: number;
    seed?: number;
    storage: FileStorage | null;
    now?: Date;
    onBatch?: (done: number, total: number) => void;
  },
): Promise<SeedResult> {
  const { count, storage } = opts;
  const seed = opts.seed ?? DEMO_DEFAULT_SEED;
  const now = opts.now ?? new Date();
  if (!Number.isInteger(count) || count < 0 || count > DEMO_MAX_COUNT)
    throw new Error(`count must be a whole number from 0 to ${DEMO_MAX_COUNT}`);
  const have = await existingIndexes(db);
  const missing: number[] = [];
  for (let i = 0; i < count; i++) if (!have.has(i)) missing.push(i);
  const ref = demoReference();
  let created = 0;
  let photos = 0;
  for (let start = 0; start < missing.length; start += DEMO_BATCH) {
    const batch = missing.slice(start, start + DEMO_BATCH).map((i) => generateProfile(seed, i, now, ref));
    // Photo bytes are written before the transaction, as an upload stages them; bytes of a batch
    // that then fails are removed by the orphan cleanup like any failed save's.
    const staged = new Map<string, StagedBlob>();
    if (storage) {
      const blobs = await mapLimit(batch, 2, async (p) => storage.stage((await renderAvatar(p)).data));
      for (const [i, p] of batch.entries()) {
        const blob = blobs[i];
        if (blob) staged.set(p.id, blob);
      }
    }
    const made = await db.transaction((tx) => writeBatch(tx, storage, batch, staged, now));
    created += made.length;
    if (storage) photos += made.length;
    opts.onBatch?.(start + batch.length, missing.length);
  }
  if (created > 0) {
    // Fresh statistics after a bulk load, so the planner keeps using the search indexes.
    for (const table of [
      'users',
      'freelancer_profiles',
      'freelancer_skills',
      'freelancer_languages',
      'freelancer_privacy',
      'talent_search',
    ])
      await db.execute(sql.raw(`ANALYZE ${table}`));
  }
  return { requested: count, existing: have.size, created, total: have.size + created, photos };
}

/**
 * Removes every demo user; their profiles, skills, languages, privacy, search rows, photo metadata,
 * events and shortlist entries go with them (ON DELETE CASCADE). Photo bytes kept outside the
 * database (a filesystem or bucket store) are deleted here too; the orphan cleanup would otherwise
 * remove them later.
 */
export async function resetDemo(db: Db, blobs: BlobStore | null): Promise<{ removed: number; photos: number }> {
  const files = rowsOf<{ id: string }>(await db.execute(sql`SELECT f.id FROM files f JOIN users u ON u.id = f.owner_id WHERE u.demo`));
  const removed = rowsOf<{ id: string }>(await db.execute(sql`DELETE FROM users WHERE demo RETURNING id`)).length;
  if (blobs) for (const f of files) await blobs.delete(f.id);
  return { removed, photos: files.length };
}

/** How many demo users there are. */
export async function countDemo(db: Db): Promise<number> {
  return rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM users WHERE demo`))[0]?.n ?? 0;
}
