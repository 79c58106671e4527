import type { ProfileLevel } from '@talentloop/contract/api/review-shapes';
import { LEVEL_RULE, deriveLevel } from '@talentloop/contract/rules/level';
import { isUuid } from '@talentloop/contract/validation/ids';
import type { ProfileRead } from '@talentloop/contract/api/onboarding';
import type { AboutMeRead } from '@talentloop/contract/api/profile-editor';
import { COUNTRIES } from '@talentloop/contract/lists/countries';
import { ONBOARDING_STAGES, type OnboardingStage } from '@talentloop/contract';
import { and, asc, entityKind, eq, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { liveSession } from '../../http/guards.ts';
import { type DbOrTx, pgErrorCode } from '../../infra/db/client.ts';
import {
  freelancerCertifications,
  freelancerEducation,
  freelancerLanguages,
  freelancerProfiles,
  freelancerSkills,
  freelancerWorkExperience,
  sessions,
  users,
} from '../../infra/db/schema.ts';
import type { AccessClaims } from '../../infra/tokens.ts';
import { completionOf } from './completion.ts';

// Reads of the freelancer profile, one per section. Each runs a fixed number of queries however
// long its lists are (one per table it reads).

const countryName = (code: string | null | undefined) => COUNTRIES.find((c) => c.code === code)?.name ?? null;

async function userAndProfile(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ user: users, profile: freelancerProfiles })
    .from(users)
    .leftJoin(freelancerProfiles, eq(freelancerProfiles.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

export async function readLanguages(db: DbOrTx, userId: string) {
  return db
    .select({ languageCode: freelancerLanguages.languageCode, proficiency: freelancerLanguages.proficiency })
    .from(freelancerLanguages)
    .where(eq(freelancerLanguages.userId, userId))
    .orderBy(asc(freelancerLanguages.position));
}

export async function readSkills(db: DbOrTx, userId: string) {
  const rows = await db.select().from(freelancerSkills).where(eq(freelancerSkills.userId, userId)).orderBy(asc(freelancerSkills.position));
  return rows.map((s) => ({ freelancerSkillId: s.id, skillName: s.skillName, experienceLevel: s.experienceYears }));
}

/** The wizard's profile-basics read shape. spec: auth-onboarding §3 Freelancer profile (read) */
export async function readProfileBasics(db: DbOrTx, userId: string): Promise<ProfileRead & { onBoardingStage: string }> {
  const row = await userAndProfile(db, userId);
  const skills = await readSkills(db, userId);
  const languages = await readLanguages(db, userId);
  const user = row?.user;
  const profile = row?.profile;
  return {
    onBoardingStage: user?.onboardingStage ?? 'PROFILE_BASICS',
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    description: profile?.description ?? '',
    mobileNo: profile?.mobileNo ?? null,
    dialingCode: profile?.dialingCode ?? null,
    countryCode: profile?.countryCode ?? null,
    country: countryName(profile?.countryCode),
    occupation: profile?.occupation ?? null,
    minHourlyRate: profile?.minHourlyRate ?? null,
    maxHourlyRate: profile?.maxHourlyRate ?? null,
    experienceLevel: profile?.experienceLevel ?? null,
    profilePhotoUrl: user?.profilePhotoUrl ?? null,
    skills: skills.map((s) => ({
      skillId: s.freelancerSkillId,
      skillName: s.skillName,
      experienceLevel: s.experienceLevel,
      status: 'ACTIVE',
    })),
    languages: languages.map((l) => ({ languageCode: l.languageCode.toUpperCase(), proficiency: l.proficiency })),
  };
}

/** About Me as the editor loads it. spec: profile-company §3 Freelancer profile (About Me) */
export async function readAboutMe(db: DbOrTx, userId: string): Promise<AboutMeRead> {
  const row = await userAndProfile(db, userId);
  return aboutMeOf(row?.user, row?.profile, await readLanguages(db, userId));
}

type UserRow = typeof users.$inferSelect;
type ProfileRow = typeof freelancerProfiles.$inferSelect;

type AboutUser = Pick<UserRow, 'firstName' | 'lastName' | 'profilePhotoUrl'>;
type AboutProfile = Pick<
  ProfileRow,
  | 'description'
  | 'countryCode'
  | 'dialingCode'
  | 'mobileNo'
  | 'occupation'
  | 'minHourlyRate'
  | 'maxHourlyRate'
  | 'experienceLevel'
  | 'videoTitle'
  | 'videoUrl'
>;
/** A left-joined profile's columns are all null when there is no profile row. */
type MaybeNull<T> = { [K in keyof T]: T[K] | null };

function aboutMeOf(
  user: AboutUser | undefined,
  profile: MaybeNull<AboutProfile> | null | undefined,
  languages: LanguageRow[],
): AboutMeRead {
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    description: profile?.description ?? '',
    countryCode: profile?.countryCode ?? null,
    country: countryName(profile?.countryCode),
    dialingCode: profile?.dialingCode ?? null,
    mobileNo: profile?.mobileNo ?? null,
    occupation: profile?.occupation ?? null,
    minHourlyRate: profile?.minHourlyRate ?? null,
    maxHourlyRate: profile?.maxHourlyRate ?? null,
    experienceLevel: profile?.experienceLevel ?? null,
    languages: languages.map((l) => ({ languageCode: l.languageCode.toLowerCase(), proficiency: l.proficiency })),
    videoTitle: profile?.videoTitle ?? null,
    videoUrl: profile?.videoUrl ?? null,
    profilePhotoUrl: user?.profilePhotoUrl ?? null,
  };
}

type LanguageRow = { languageCode: string; proficiency: string };

/** The sections the completion only asks "any?" of, one bit each in the read below. */
const PRESENCE = [
  'freelancer_skills',
  'freelancer_education',
  'freelancer_work_experience',
  'freelancer_certifications',
  'freelancer_portfolio',
] as const;
/** The statement's name: a prepared statement (plan kept) on PostgreSQL's connections and in PGlite. */
const ABOUT_ME_STATEMENT = 'tl_about_me_read';

/**
 * The one statement of the About Me load. Every column is an expression the drivers answer alike
 * (text, int4, float8, json as text), so one mapping serves both paths below.
 */
function aboutMeStatement(db: DbOrTx) {
  const sid = sql.placeholder('sid');
  const uid = sql.placeholder('uid');
  const p = freelancerProfiles;
  const presence = PRESENCE.map(
    (table, bit) =>
      sql`(CASE WHEN EXISTS (SELECT 1 FROM ${sql.identifier(table)} x WHERE x.user_id = ${users.id}) THEN ${sql.raw(String(1 << bit))} ELSE 0 END)`,
  );
  const text = (column: AnyPgColumn, name: string) => sql<string | null>`${column}`.as(name);
  return db
    .select({
      roles: sql<string>`to_json(${users.roles})::text`.as('roles'),
      firstName: text(users.firstName, 'firstName'),
      lastName: text(users.lastName, 'lastName'),
      profilePhotoUrl: text(users.profilePhotoUrl, 'profilePhotoUrl'),
      description: text(p.description, 'description'),
      countryCode: text(p.countryCode, 'countryCode'),
      dialingCode: text(p.dialingCode, 'dialingCode'),
      mobileNo: text(p.mobileNo, 'mobileNo'),
      occupation: text(p.occupation, 'occupation'),
      minHourlyRate: sql<number | null>`${p.minHourlyRate}::float8`.as('minHourlyRate'),
      maxHourlyRate: sql<number | null>`${p.maxHourlyRate}::float8`.as('maxHourlyRate'),
      experienceLevel: text(p.experienceLevel, 'experienceLevel'),
      videoTitle: text(p.videoTitle, 'videoTitle'),
      videoUrl: text(p.videoUrl, 'videoUrl'),
      minHoursPerWeek: sql<number | null>`${p.minHoursPerWeek}`.as('minHoursPerWeek'),
      maxHoursPerWeek: sql<number | null>`${p.maxHoursPerWeek}`.as('maxHoursPerWeek'),
      projectDurationPreference: text(p.projectDurationPreference, 'projectDurationPreference'),
      languages:
        sql<string>`(SELECT coalesce(json_agg(json_build_object('languageCode', l.language_code, 'proficiency', l.proficiency) ORDER BY l.position), '[]')::text FROM freelancer_languages l WHERE l.user_id = ${users.id})`.as(
          'languages',
        ),
      version:
        sql<number>`coalesce((SELECT v.version FROM freelancer_section_versions v WHERE v.user_id = ${users.id} AND v.section = 'about'), 0)`.as(
          'version',
        ),
      present: sql<number>`(${sql.join(presence, sql` + `)})`.as('present'),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(p, eq(p.userId, users.id))
    .where(liveSession({ sessionId: sid, userId: uid }));
}
type AboutMeRow = { [K in keyof Awaited<ReturnType<ReturnType<typeof aboutMeStatement>['execute']>>[number]]: unknown };

const isPglite = (db: DbOrTx) => (db.constructor as { [entityKind]?: string })[entityKind] === 'PgliteDatabase';
/** PGlite clients whose session holds the prepared statement (one per database: PGlite is one session). */
const preparedIn = new WeakMap<object, Promise<void>>();
const namedStatements = new WeakMap<DbOrTx, ReturnType<ReturnType<typeof aboutMeStatement>['prepare']>>();

async function aboutMeRow(db: DbOrTx, claims: AccessClaims): Promise<AboutMeRow | undefined> {
  if (!isPglite(db)) {
    // node-postgres: a named statement, parsed and planned once per pooled connection; its SQL is
    // built once per database handle.
    let statement = namedStatements.get(db);
    if (!statement) {
      statement = aboutMeStatement(db).prepare(ABOUT_ME_STATEMENT);
      namedStatements.set(db, statement);
    }
    return (await statement.execute({ sid: claims.sessionId, uid: claims.userId }))[0];
  }
  // PGlite: drizzle sends every statement unnamed, so each would be parsed and planned again (5x a
  // primary-key read). PREPARE it once in PGlite's one session, then EXECUTE it. EXECUTE takes no
  // bind parameters, so the two ids go in as literals: uuids checked here (and in the token).
  if (!isUuid(claims.sessionId) || !isUuid(claims.userId)) return undefined;
  const client = (db as unknown as { $client: object }).$client;
  const prepare = async () => {
    const { sql: text } = aboutMeStatement(db).toSQL();
    await db.execute(sql.raw(`PREPARE ${ABOUT_ME_STATEMENT} (uuid, uuid) AS ${text}`)).catch((err: unknown) => {
      if (pgErrorCode(err) !== '42P05') throw err; // already prepared in this session
    });
  };
  let ready = preparedIn.get(client);
  if (!ready) {
    ready = prepare();
    preparedIn.set(client, ready);
    ready.catch(() => preparedIn.delete(client));
  }
  await ready;
  const execute = () => db.execute(sql.raw(`EXECUTE ${ABOUT_ME_STATEMENT}('${claims.sessionId}', '${claims.userId}')`));
  let result: unknown;
  try {
    result = await execute();
  } catch (err) {
    if (pgErrorCode(err) !== '26000') throw err; // the session lost it (a new PGlite behind the same client)
    await prepare();
    result = await execute();
  }
  return (result as { rows: AboutMeRow[] }).rows[0];
}

/**
 * GET /freelancer-settings/profile-details in ONE statement (the hot read, issue 12): the session
 * check of the guard (`liveSession`: a revoked session or a signed-out user
 * finds no row, so 401 at once, nothing cached), the user's current roles, the About Me columns, the
 * languages (json_agg), the section's version and what the completion needs (one EXISTS bit per
 * list). A prepared statement on both drivers. Null when the session is not live. docs/decisions.md
 */
export async function readAboutMeForSession(db: DbOrTx, claims: AccessClaims) {
  const raw = await aboutMeRow(db, claims);
  if (!raw) return null;
  const str = (v: unknown) => (v == null ? null : String(v));
  const num = (v: unknown) => (v == null ? null : Number(v));
  const row = {
    firstName: String(raw.firstName ?? ''),
    lastName: String(raw.lastName ?? ''),
    profilePhotoUrl: str(raw.profilePhotoUrl),
    description: str(raw.description),
    countryCode: str(raw.countryCode),
    dialingCode: str(raw.dialingCode),
    mobileNo: str(raw.mobileNo),
    occupation: str(raw.occupation),
    minHourlyRate: num(raw.minHourlyRate),
    maxHourlyRate: num(raw.maxHourlyRate),
    experienceLevel: str(raw.experienceLevel),
    videoTitle: str(raw.videoTitle),
    videoUrl: str(raw.videoUrl),
    minHoursPerWeek: num(raw.minHoursPerWeek),
    maxHoursPerWeek: num(raw.maxHoursPerWeek),
    projectDurationPreference: str(raw.projectDurationPreference),
  };
  const languages = JSON.parse(String(raw.languages)) as LanguageRow[];
  const present = Number(raw.present);
  const has = (table: (typeof PRESENCE)[number]) => (present >> PRESENCE.indexOf(table)) & 1;
  const competitionPercentage = completionOf({
    ...row,
    hasPhoto: Boolean(row.profilePhotoUrl),
    languages: languages.length,
    skills: has('freelancer_skills'),
    education: has('freelancer_education'),
    experience: has('freelancer_work_experience'),
    certifications: has('freelancer_certifications'),
    portfolio: has('freelancer_portfolio'),
  });
  return {
    roles: JSON.parse(String(raw.roles)) as string[],
    data: { profileDetails: aboutMeOf(row, row, languages), version: Number(raw.version), competitionPercentage },
  };
}

export async function readEducation(db: DbOrTx, userId: string) {
  const rows = await db
    .select()
    .from(freelancerEducation)
    .where(eq(freelancerEducation.userId, userId))
    .orderBy(asc(freelancerEducation.position));
  return rows.map((e) => ({ freelancerEducationId: e.id, degree: e.degree, college: e.college, yearOfPassed: e.yearOfPassed }));
}

/**
 * The work experience entries and the level companies see from them (rules/level.ts, decision 163:
 * the saved roles and the vetting, on `now`'s day), in one statement.
 */
export async function readExperienceAndLevel(db: DbOrTx, userId: string, now: Date) {
  const rows = await db
    .select({ vettingStatus: freelancerProfiles.vettingStatus, work: freelancerWorkExperience })
    .from(freelancerProfiles)
    .leftJoin(freelancerWorkExperience, eq(freelancerWorkExperience.userId, freelancerProfiles.userId))
    .where(eq(freelancerProfiles.userId, userId))
    .orderBy(asc(freelancerWorkExperience.position));
  const work = rows.flatMap((r) => (r.work ? [r.work] : []));
  const level: ProfileLevel = {
    ...deriveLevel(work, rows[0]?.vettingStatus === 'vetted', now.toISOString().slice(0, 10)),
    rule: LEVEL_RULE,
  };
  return { workExperience: work.map(workRead), level };
}

const workRead = (w: typeof freelancerWorkExperience.$inferSelect) => ({
  freelancerWorkExpId: w.id,
  title: w.title,
  company: w.company,
  startDate: w.startDate,
  endDate: w.endDate,
  currentlyWorking: w.endDate === null,
});

export async function readExperience(db: DbOrTx, userId: string) {
  const rows = await db
    .select()
    .from(freelancerWorkExperience)
    .where(eq(freelancerWorkExperience.userId, userId))
    .orderBy(asc(freelancerWorkExperience.position));
  return rows.map(workRead);
}

export async function readCertifications(db: DbOrTx, userId: string) {
  const rows = await db
    .select()
    .from(freelancerCertifications)
    .where(eq(freelancerCertifications.userId, userId))
    .orderBy(asc(freelancerCertifications.position));
  return rows.map((c) => ({
    freelancerCertificationId: c.id,
    certificationName: c.certificationName,
    issuingOrganization: c.issuingOrganization,
    dateIssued: c.dateIssued,
    certificationUrl: c.certificationUrl,
  }));
}

export async function readPreferences(db: DbOrTx, userId: string) {
  const [p] = await db
    .select({
      minHoursPerWeek: freelancerProfiles.minHoursPerWeek,
      maxHoursPerWeek: freelancerProfiles.maxHoursPerWeek,
      projectDurationPreference: freelancerProfiles.projectDurationPreference,
    })
    .from(freelancerProfiles)
    .where(eq(freelancerProfiles.userId, userId));
  return {
    minHoursPerWeek: p?.minHoursPerWeek ?? null,
    maxHoursPerWeek: p?.maxHoursPerWeek ?? null,
    projectDurationPreference: p?.projectDurationPreference ?? null,
  };
}

export async function readStage(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db.select({ stage: users.onboardingStage }).from(users).where(eq(users.id, userId));
  return row?.stage ?? 'PROFILE_BASICS';
}

// ---- the save path's statements (service.ts) ----

/** Locks the user's row for the save's transaction: false when there is no such user. */
export async function lockUserRow(tx: DbOrTx, userId: string): Promise<boolean> {
  const [locked] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return locked !== undefined;
}

const STAGE_RANK = sql.raw(`ARRAY[${ONBOARDING_STAGES.map((s) => `'${s}'`).join(',')}]::text[]`);

/** Moves the stage forward to `target`, never back, in one statement: the stage now (null: no user). */
export async function advanceStageRow(tx: DbOrTx, userId: string, target: OnboardingStage, now: Date): Promise<string | null> {
  const [row] = await tx
    .update(users)
    .set({
      onboardingStage: sql`CASE WHEN coalesce(array_position(${STAGE_RANK}, ${users.onboardingStage}), 0) < array_position(${STAGE_RANK}, ${target}::text) THEN ${target}::text ELSE ${users.onboardingStage} END`,
      updatedAt: now,
    })
    .where(eq(users.id, userId))
    .returning({ stage: users.onboardingStage });
  return row?.stage ?? null;
}

/** Whether another freelancer saved this mobile number. */
export async function phoneOwnedByOther(db: DbOrTx, userId: string, dialingCode: string, mobileNo: string): Promise<boolean> {
  const [taken] = await db
    .select({ userId: freelancerProfiles.userId })
    .from(freelancerProfiles)
    .where(
      and(
        eq(freelancerProfiles.dialingCode, dialingCode),
        eq(freelancerProfiles.mobileNo, mobileNo),
        ne(freelancerProfiles.userId, userId),
      ),
    );
  return taken !== undefined;
}

type ProfileValues = Omit<typeof freelancerProfiles.$inferInsert, 'userId'>;

/** The profile row made or updated with `profile`. */
export async function upsertProfile(tx: DbOrTx, userId: string, profile: ProfileValues): Promise<void> {
  await tx
    .insert(freelancerProfiles)
    .values({ userId, ...profile })
    .onConflictDoUpdate({ target: freelancerProfiles.userId, set: profile });
}

export async function setUserNames(tx: DbOrTx, userId: string, firstName: string, lastName: string, now: Date): Promise<void> {
  await tx.update(users).set({ firstName, lastName, updatedAt: now }).where(eq(users.id, userId));
}

export async function replaceLanguages(tx: DbOrTx, userId: string, rows: (typeof freelancerLanguages.$inferInsert)[]): Promise<void> {
  await tx.delete(freelancerLanguages).where(eq(freelancerLanguages.userId, userId));
  if (rows.length > 0) await tx.insert(freelancerLanguages).values(rows);
}

/** The user's saved skills (id and name). */
export async function skillsOf(db: DbOrTx, userId: string): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: freelancerSkills.id, name: freelancerSkills.skillName })
    .from(freelancerSkills)
    .where(eq(freelancerSkills.userId, userId));
}

export async function replaceSkills(tx: DbOrTx, userId: string, rows: (typeof freelancerSkills.$inferInsert)[]): Promise<void> {
  await tx.delete(freelancerSkills).where(eq(freelancerSkills.userId, userId));
  if (rows.length > 0) await tx.insert(freelancerSkills).values(rows);
}

const ENTRY_TABLES = {
  education: freelancerEducation,
  experience: freelancerWorkExperience,
  certifications: freelancerCertifications,
};

/** The ids of the user's saved entries of a list section. */
export async function entryIds(db: DbOrTx, section: keyof typeof ENTRY_TABLES, userId: string): Promise<{ id: string }[]> {
  const table = ENTRY_TABLES[section];
  return db.select({ id: table.id }).from(table).where(eq(table.userId, userId));
}

export async function replaceEducation(tx: DbOrTx, userId: string, rows: (typeof freelancerEducation.$inferInsert)[]): Promise<void> {
  await tx.delete(freelancerEducation).where(eq(freelancerEducation.userId, userId));
  if (rows.length > 0) await tx.insert(freelancerEducation).values(rows);
}

export async function replaceExperience(tx: DbOrTx, userId: string, rows: (typeof freelancerWorkExperience.$inferInsert)[]): Promise<void> {
  await tx.delete(freelancerWorkExperience).where(eq(freelancerWorkExperience.userId, userId));
  if (rows.length > 0) await tx.insert(freelancerWorkExperience).values(rows);
}

export async function replaceCertifications(
  tx: DbOrTx,
  userId: string,
  rows: (typeof freelancerCertifications.$inferInsert)[],
): Promise<void> {
  await tx.delete(freelancerCertifications).where(eq(freelancerCertifications.userId, userId));
  if (rows.length > 0) await tx.insert(freelancerCertifications).values(rows);
}

/** Saves preferences and enters the talent pool once (the first entry date is kept). */
export async function upsertPreferences(
  tx: DbOrTx,
  userId: string,
  p: { minHoursPerWeek: number; maxHoursPerWeek: number; projectDurationPreference: string },
  now: Date,
): Promise<void> {
  const values = { ...p, updatedAt: now };
  await tx
    .insert(freelancerProfiles)
    .values({ userId, ...values, inTalentPoolAt: now })
    .onConflictDoUpdate({
      target: freelancerProfiles.userId,
      set: { ...values, inTalentPoolAt: sql`coalesce(${freelancerProfiles.inTalentPoolAt}, ${now.toISOString()}::timestamptz)` },
    });
}

export async function setPhotoUrl(tx: DbOrTx, userId: string, url: string | null, now: Date): Promise<void> {
  await tx.update(users).set({ profilePhotoUrl: url, updatedAt: now }).where(eq(users.id, userId));
}

export async function photoUrlOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ url: users.profilePhotoUrl }).from(users).where(eq(users.id, userId));
  return row?.url ?? null;
}
