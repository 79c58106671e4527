import { levelDays } from '@talentloop/contract/rules/level';
import { isUuid } from '@talentloop/contract/validation/ids';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../infra/db/client.ts';
import { makeSlug } from '../account/slug.ts';
import { rowsOf } from '../../infra/db/rows.ts';

// The talent search's read model (issue 20, decision "Talent search"): one talent_search row per
// freelancer companies may find, rebuilt from the profile tables by refreshTalentSearch in the same
// transaction as every write that changes what the row holds. A user who no longer qualifies
// (not vetted, closed to work, hidden, not a freelancer, suspended, deleted) simply gets no row. A vetted
// profile always has a rate (About Me requires one); a row without one would break the rate
// sorts' keyset, so such a profile gets no row either.

/** Where the text is cut into words: at anything but a letter, a digit, '#' or '+' (c#, c++). */
export const WORD_SPLIT = '[^[:alnum:]#+]+';

/** A PostgreSQL uuid[] literal of the ids (checked: only uuids reach the statement). */
function uuidArray(userIds: readonly string[]): string {
  for (const id of userIds) if (!isUuid(id)) throw new Error(`refreshTalentSearch: not a uuid: ${id}`);
  return `{${userIds.join(',')}}`;
}

/**
 * Rebuilds the talent_search rows of `userIds` (any number; the demo seeder passes 1000 at a time):
 * one DELETE and one INSERT ... SELECT for the whole batch. A vetted freelancer without a privacy
 * row yet gets one first (its slug is the row's key for companies), as the privacy page would.
 */
export async function refreshTalentSearch(db: DbOrTx, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  const ids = uuidArray([...new Set(userIds)]);
  const missing = await db.execute<{ id: string; first_name: string; last_name: string }>(sql`
    SELECT u.id, u.first_name, u.last_name
    FROM users u
    JOIN freelancer_profiles fp ON fp.user_id = u.id
    WHERE u.id = ANY(${ids}::uuid[]) AND fp.vetting_status = 'vetted' AND fp.open_to_work
      AND NOT EXISTS (SELECT 1 FROM freelancer_privacy p WHERE p.user_id = u.id)`);
  for (const u of rowsOf<{ id: string; first_name: string; last_name: string }>(missing)) {
    // A taken slug inserts nothing: try another suffix (as ensurePrivacy does).
    for (let attempt = 0; attempt < 5; attempt++) {
      const made = await db.execute(sql`
        INSERT INTO freelancer_privacy (user_id, slug) VALUES (${u.id}, ${makeSlug(u.first_name, u.last_name)})
        ON CONFLICT DO NOTHING RETURNING user_id`);
      if (rowsOf(made).length > 0) break;
    }
  }
  // The level companies see, as the days its years are reached (decision 163): computed here by the
  // contract's rule from the work history, so the search shows and filters the profile's level.
  const work = rowsOf<{ user_id: string; start_date: string; end_date: string | null }>(
    await db.execute(sql`
      SELECT user_id, start_date::text AS start_date, end_date::text AS end_date
      FROM freelancer_work_experience WHERE user_id = ANY(${ids}::uuid[])`),
  );
  const periods = new Map<string, { startDate: string; endDate: string | null }[]>();
  for (const w of work) {
    const list = periods.get(w.user_id) ?? [];
    list.push({ startDate: w.start_date, endDate: w.end_date });
    periods.set(w.user_id, list);
  }
  const levels = JSON.stringify(
    [...periods].map(([user, list]) => {
      const d = levelDays(list);
      return [user, d.intermediate, d.senior, d.expert];
    }),
  );
  await db.execute(sql`DELETE FROM talent_search WHERE user_id = ANY(${ids}::uuid[])`);
  await db.execute(sql`
    INSERT INTO talent_search (
      user_id, slug, first_name, last_name, photo_url, occupation, words, head_words, skills, top_skills,
      country_code, level_days, min_rate, max_rate, max_hours, languages, demo, vetted_at, updated_at)
    SELECT
      u.id, p.slug, u.first_name, u.last_name, u.profile_photo_url, fp.occupation,
      ARRAY(SELECT DISTINCT w FROM unnest(regexp_split_to_array(d.document, ${WORD_SPLIT})) w WHERE w <> '' ORDER BY w),
      ARRAY(SELECT DISTINCT w FROM unnest(regexp_split_to_array(d.headline, ${WORD_SPLIT})) w WHERE w <> '' ORDER BY w),
      coalesce(sk.lowered, '{}'), coalesce(sk.top, '{}'),
      fp.country_code, coalesce(lv.days, ARRAY[NULL, NULL, NULL]::date[]), r.min_rate, r.max_rate, fp.max_hours_per_week,
      coalesce(lg.codes, '{}'), u.demo, coalesce(fp.vetting_status_at, now()), now()
    FROM users u
    JOIN freelancer_profiles fp ON fp.user_id = u.id
    JOIN freelancer_privacy p ON p.user_id = u.id
    -- The editor saves one typed rate as the maximum with minimum 0 (spec profile-company §3):
    -- that freelancer's range is that one rate, so a rate filter and the rate sorts mean it.
    CROSS JOIN LATERAL (
      SELECT coalesce(nullif(fp.min_hourly_rate, 0), fp.max_hourly_rate) AS min_rate,
             coalesce(fp.max_hourly_rate, nullif(fp.min_hourly_rate, 0)) AS max_rate
    ) r
    LEFT JOIN LATERAL (
      SELECT string_agg(s.skill_name, ' ' ORDER BY s.position, s.skill_name) AS names,
             array_agg(DISTINCT lower(s.skill_name)) AS lowered,
             (array_agg(s.skill_name ORDER BY s.position, s.skill_name))[1:5] AS top
      FROM freelancer_skills s WHERE s.user_id = u.id
    ) sk ON true
    CROSS JOIN LATERAL (
      SELECT lower(concat_ws(' ', u.first_name, u.last_name, fp.occupation, sk.names)) AS headline,
             lower(concat_ws(' ', u.first_name, u.last_name, fp.occupation, sk.names, nullif(fp.description, ''))) AS document
    ) d
    LEFT JOIN LATERAL (
      SELECT array_agg(l.language_code ORDER BY l.position, l.language_code) AS codes
      FROM freelancer_languages l WHERE l.user_id = u.id
    ) lg ON true
    LEFT JOIN (
      SELECT (e->>0)::uuid AS user_id, ARRAY[(e->>1)::date, (e->>2)::date, (e->>3)::date] AS days
      FROM json_array_elements(${levels}::json) e
    ) lv ON lv.user_id = u.id
    WHERE u.id = ANY(${ids}::uuid[])
      AND u.user_type = 'freelancer'
      AND 'freelancer' = ANY(u.roles)
      AND u.suspended_at IS NULL
      AND fp.vetting_status = 'vetted'
      AND fp.open_to_work
      AND p.visibility IN ('public', 'companies')
      AND r.min_rate IS NOT NULL AND r.max_rate IS NOT NULL`);
  // The vocabulary the search corrects typed words against. Sorted, so two refreshes adding the
  // same new words take their locks in one order (never a deadlock).
  const added = await db.execute(sql`
    INSERT INTO talent_search_words (word)
    SELECT DISTINCT w FROM talent_search t, unnest(t.words) w
    WHERE t.user_id = ANY(${ids}::uuid[]) AND NOT EXISTS (SELECT 1 FROM talent_search_words v WHERE v.word = w)
    ORDER BY w
    ON CONFLICT DO NOTHING RETURNING word`);
  // This instance's searches add them to the vocabulary they keep (queries.ts, TermCache).
  const words = rowsOf<{ word: string }>(added).map((r) => r.word);
  if (words.length > 0) {
    for (const w of words) addedWords.push(w);
    if (addedWords.length > ADDED_WORDS_KEPT) {
      const drop = addedWords.length - ADDED_WORDS_KEPT;
      addedWords.splice(0, drop);
      addedBase += drop;
    }
  }
}

/** The words this process added to the vocabulary, the last ADDED_WORDS_KEPT of them (addedBase: how many were dropped). */
const ADDED_WORDS_KEPT = 10_000;
const addedWords: string[] = [];
let addedBase = 0;

/** Grows whenever this process adds words to the vocabulary (the search's kept vocabulary then takes them in). */
export function vocabularyVersion(): number {
  return addedBase + addedWords.length;
}

/**
 * The words this process added to the vocabulary since `version` (a vocabularyVersion()), or null
 * when they are no longer all kept (the caller then reads the vocabulary again). A word of a
 * transaction that was rolled back may be among them: it stands for no row.
 */
export function vocabularyAddedSince(version: number): string[] | null {
  if (version < addedBase) return null;
  return addedWords.slice(version - addedBase);
}

export { rowsOf };

/**
 * Rows written before the read model kept the level (migration 0019: level_days null), refreshed
 * in batches when the server starts (TalentSearchService.warm); each is a profile's own refresh.
 */
export async function fillLevelDays(db: Db): Promise<number> {
  let filled = 0;
  for (;;) {
    const ids = rowsOf<{ user_id: string }>(
      await db.execute(sql`SELECT user_id FROM talent_search WHERE level_days IS NULL ORDER BY user_id LIMIT 500`),
    ).map((r) => r.user_id);
    if (ids.length === 0) return filled;
    await db.transaction(async (tx) => refreshTalentSearch(tx, ids));
    filled += ids.length;
  }
}
