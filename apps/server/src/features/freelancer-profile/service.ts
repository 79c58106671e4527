import { type OnboardingStage, stageIndex } from '@talentloop/contract';
import { PROFILE_MESSAGES } from '@talentloop/contract/validation/profile';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import { type Db, type DbOrTx, pgErrorCode } from '../../infra/db/client.ts';
import { processPhoto } from '../../infra/images.ts';
import { isInappropriate } from '../../infra/profanity.ts';
import { type FileStorage, type StagedBlob, fileUrl } from '../../infra/storage.ts';
import { profileChanged } from '../../infra/profile-events.ts';
import { submitForReview } from '../talent-pool/vetting.ts';
import { computeCompletion } from './completion.ts';
import {
  advanceStageRow,
  entryIds,
  lockUserRow,
  phoneOwnedByOther,
  photoUrlOf,
  readAboutMe,
  readCertifications,
  readEducation,
  readExperience,
  readExperienceAndLevel,
  readPreferences,
  readProfileBasics,
  readSkills,
  readStage,
  replaceCertifications,
  replaceEducation,
  replaceExperience,
  replaceLanguages,
  replaceSkills,
  setPhotoUrl,
  setUserNames,
  skillsOf,
  upsertPreferences,
  upsertProfile,
} from './queries.ts';
import { type ProfileSection, checkAndBumpVersion, markPhotoChanged } from './versions.ts';

// The freelancer-profile service: the one write path of the onboarding wizard and the profile
// editor. Every save is one transaction that first locks the user's row (so saves of one user
// run one after another), checks and bumps the section's version, writes, and reads back what it
// answers. Stage, talent-pool entry and photo replacement are single statements that only move
// forward or leave nothing behind.

export type ProfileDeps = { db: Db; clock: Clock; storage: FileStorage };

// ---- inputs (the outputs of the contract's schemas) ----

export type AboutInput = {
  firstName: string;
  lastName: string;
  description: string;
  countryCode: string;
  dialingCode: string;
  mobileNo: string;
  occupation: string;
  maxHourlyRate: number;
  experienceLevel: string;
  languages: readonly { languageCode: string; proficiency: string }[];
  /** Undefined (the wizard): the saved video is kept. */
  videoTitle?: string | null;
  videoUrl?: string | null;
};
export type SkillInput = { freelancerSkillId?: string | null; skillName: string; experienceLevel: number };
export type EducationInput = { freelancerEducationId?: string | null; degree: string; college: string; yearOfPassed: number };
export type WorkInput = { freelancerWorkExpId?: string | null; title: string; company: string; startDate: string; endDate: string | null };
export type CertificationInput = {
  freelancerCertificationId?: string | null;
  certificationName: string;
  issuingOrganization: string;
  dateIssued: string;
  certificationUrl?: string | null;
};
export type PreferenceInput = { minHoursPerWeek: number; maxHoursPerWeek: number; projectDurationPreference: string };

// ---- building blocks ----

/** Postgres constraint name of a failed statement (drizzle wraps the driver's error in `cause`). */
function constraintOf(err: unknown): string | undefined {
  const e = err as { constraint?: string; cause?: { constraint?: string } };
  return e?.cause?.constraint ?? e?.constraint;
}

/** A unique violation means what its constraint means; any other is a save that raced another. */
function uniqueViolation(err: unknown): AppError | null {
  if (pgErrorCode(err) !== '23505') return null;
  switch (constraintOf(err)) {
    case 'freelancer_profiles_phone_key':
      return new AppError('TL_CORE_10085_E');
    case 'freelancer_cert_user_name_key':
      return new AppError('TL_CORE_10071_E');
    case 'freelancer_skills_user_name_key':
      return new AppError('TL_CORE_00400_E', PROFILE_MESSAGES.skillExists);
    default:
      return new AppError('TL_CORE_10110_E');
  }
}

/** Runs one save: a transaction that starts by locking the user's row. */
async function save<T>(db: Db, userId: string, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      if (!(await lockUserRow(tx, userId))) throw new AppError('TL_CORE_00401_E');
      return work(tx);
    });
  } catch (err) {
    throw uniqueViolation(err) ?? err;
  }
}

/**
 * Which id each entry keeps: its own id when that is one of the caller's entries, otherwise a new
 * one (ids of other users' entries are ignored, never touched). The same id twice is refused.
 */
function keptIds(field: string, requested: readonly (string | null | undefined)[], own: ReadonlySet<string>): (string | undefined)[] {
  const seen = new Set<string>();
  for (const id of requested) {
    if (!id) continue;
    if (seen.has(id)) throw new AppError('TL_CORE_00400_E', `${field}: ${PROFILE_MESSAGES.duplicateEntry}`);
    seen.add(id);
  }
  return requested.map((id) => (id && own.has(id) ? id : undefined));
}

/** Moves the stage forward to `target`, never back, in one statement; answers the stage now. */
async function advanceStage(tx: DbOrTx, userId: string, target: OnboardingStage, now: Date): Promise<string> {
  return (await advanceStageRow(tx, userId, target, now)) ?? target;
}

async function currentStage(tx: DbOrTx, userId: string): Promise<string> {
  return readStage(tx, userId);
}

function requireStage(stage: string, needed: OnboardingStage) {
  if (stageIndex(stage) < stageIndex(needed)) throw new AppError('TL_CORE_10100_E');
}

async function phoneTakenByOther(db: DbOrTx, userId: string, dialingCode: string, mobileNo: string) {
  const taken = await phoneOwnedByOther(db, userId, dialingCode, mobileNo);
  if (taken) throw new AppError('TL_CORE_10085_E');
}

function checkWords(
  checks: readonly [readonly string[], 'TL_CORE_505_E' | 'TL_CORE_506_E' | 'TL_CORE_507_E' | 'TL_CORE_508_E' | 'TL_CORE_509_E'][],
) {
  for (const [texts, code] of checks) if (texts.some(isInappropriate)) throw new AppError(code);
}

// ---- section writes (shared by the wizard and the editor) ----

async function writeAbout(tx: DbOrTx, userId: string, a: AboutInput, now: Date) {
  const profile = {
    description: a.description,
    countryCode: a.countryCode,
    dialingCode: a.dialingCode,
    mobileNo: a.mobileNo,
    occupation: a.occupation,
    // spec: profile-company §3 the typed rate is saved as maxHourlyRate with minHourlyRate 0
    minHourlyRate: 0,
    maxHourlyRate: a.maxHourlyRate,
    experienceLevel: a.experienceLevel,
    ...(a.videoTitle !== undefined ? { videoTitle: a.videoTitle ?? null, videoUrl: a.videoUrl ?? null } : {}),
    updatedAt: now,
  };
  await upsertProfile(tx, userId, profile);
  await setUserNames(tx, userId, a.firstName, a.lastName, now);
  await replaceLanguages(
    tx,
    userId,
    a.languages.map((l, i) => ({ userId, languageCode: l.languageCode.toLowerCase(), proficiency: l.proficiency, position: i })),
  );
}

async function writeSkills(tx: DbOrTx, userId: string, skills: readonly SkillInput[]) {
  const existing = await skillsOf(tx, userId);
  const ids = keptIds(
    'skills',
    skills.map((s) => s.freelancerSkillId),
    new Set(existing.map((e) => e.id)),
  );
  // An entry sent without an id (the wizard) keeps the id of the saved skill of the same name.
  const used = new Set(ids.filter((id): id is string => Boolean(id)));
  const byName = new Map(existing.map((e) => [e.name.toLowerCase(), e.id]));
  const finalIds = skills.map((s, i) => {
    if (ids[i] || s.freelancerSkillId) return ids[i];
    const match = byName.get(s.skillName.toLowerCase());
    if (!match || used.has(match)) return undefined;
    used.add(match);
    return match;
  });
  await replaceSkills(
    tx,
    userId,
    skills.map((s, i) => ({
      ...(finalIds[i] ? { id: finalIds[i] } : {}),
      userId,
      skillName: s.skillName,
      experienceYears: s.experienceLevel,
      position: i,
    })),
  );
}

async function writeEducation(tx: DbOrTx, userId: string, list: readonly EducationInput[]) {
  const own = await entryIds(tx, 'education', userId);
  const ids = keptIds(
    'educationDetails',
    list.map((e) => e.freelancerEducationId),
    new Set(own.map((r) => r.id)),
  );
  await replaceEducation(
    tx,
    userId,
    list.map((e, i) => ({
      ...(ids[i] ? { id: ids[i] } : {}),
      userId,
      degree: e.degree,
      college: e.college,
      yearOfPassed: e.yearOfPassed,
      position: i,
    })),
  );
}

async function writeExperience(tx: DbOrTx, userId: string, list: readonly WorkInput[]) {
  const own = await entryIds(tx, 'experience', userId);
  const ids = keptIds(
    'workExperience',
    list.map((w) => w.freelancerWorkExpId),
    new Set(own.map((r) => r.id)),
  );
  await replaceExperience(
    tx,
    userId,
    list.map((w, i) => ({
      ...(ids[i] ? { id: ids[i] } : {}),
      userId,
      title: w.title,
      company: w.company,
      startDate: w.startDate,
      endDate: w.endDate,
      position: i,
    })),
  );
}

async function writeCertifications(tx: DbOrTx, userId: string, list: readonly CertificationInput[]) {
  const names = new Set<string>();
  for (const c of list) {
    const key = c.certificationName.trim().toLowerCase();
    if (names.has(key)) throw new AppError('TL_CORE_10071_E');
    names.add(key);
  }
  const own = await entryIds(tx, 'certifications', userId);
  const ids = keptIds(
    'certificateDetails',
    list.map((c) => c.freelancerCertificationId),
    new Set(own.map((r) => r.id)),
  );
  await replaceCertifications(
    tx,
    userId,
    list.map((c, i) => ({
      ...(ids[i] ? { id: ids[i] } : {}),
      userId,
      certificationName: c.certificationName,
      issuingOrganization: c.issuingOrganization,
      dateIssued: c.dateIssued,
      certificationUrl: c.certificationUrl ?? null,
      position: i,
    })),
  );
}

/** Saves preferences and enters the talent pool once (the first entry date is kept). */
async function writePreferences(tx: DbOrTx, userId: string, p: PreferenceInput, now: Date) {
  await upsertPreferences(tx, userId, p, now);
}

/**
 * Points the user at a new photo (or none) and removes every other photo file of the user in the
 * same transaction, so two parallel replacements leave exactly the winner's file. The photo's bytes
 * were staged before the transaction (`stagePhoto`); here only its metadata is written.
 */
async function setPhoto(tx: DbOrTx, storage: FileStorage, userId: string, photo: StagedPhoto | null, now: Date) {
  const id = photo ? await storage.put(tx, { ownerId: userId, kind: 'profile-photo', mime: photo.mime, blob: photo.blob, now }) : null;
  const url = id ? fileUrl(id) : null;
  await setPhotoUrl(tx, userId, url, now);
  await markPhotoChanged(tx, userId, now);
  await storage.removeOthers(tx, { ownerId: userId, kind: 'profile-photo', keepId: id });
  return url;
}

async function photoOf(tx: DbOrTx, userId: string): Promise<string | null> {
  return photoUrlOf(tx, userId);
}

type StagedPhoto = { mime: string; blob: StagedBlob };

/**
 * Re-encodes an uploaded photo and writes its bytes outside any transaction (a bucket upload); a
 * save that then fails leaves them to the orphan cleanup.
 */
async function stagePhoto(storage: FileStorage, bytes: Buffer): Promise<StagedPhoto> {
  const image = await processPhoto(bytes);
  if (!image) throw new AppError('TL_CORE_10102_E');
  return { mime: image.mime, blob: await storage.stage(image.data) };
}

function checkProfileBasics(data: AboutInput & { skills: readonly SkillInput[] }) {
  checkWords([
    [[data.occupation], 'TL_CORE_507_E'],
    [data.skills.map((s) => s.skillName), 'TL_CORE_508_E'],
  ]);
}

// ---- the service ----

export function createFreelancerProfileService({ db, clock, storage }: ProfileDeps) {
  const bump = (tx: DbOrTx, userId: string, section: ProfileSection, version?: number) =>
    checkAndBumpVersion(tx, userId, section, clock.now(), version);

  return {
    // the wizard's reads (onboarding), the editor's own reads of the caller's profile
    readProfileBasics: (userId: string) => readProfileBasics(db, userId),
    readStage: (userId: string) => readStage(db, userId),
    readEducation: (userId: string) => readEducation(db, userId),
    readExperience: (userId: string) => readExperience(db, userId),
    readPreferences: (userId: string) => readPreferences(db, userId),

    // wizard step 1: About Me basics, skills and the photo (required on the first save)
    /** The basics' word checks, run by the wizard's upload before its photo is sniffed (cheap checks first). */
    checkProfileBasics,

    async saveProfileBasics(userId: string, data: AboutInput & { skills: readonly SkillInput[] }, photo: Buffer | undefined) {
      checkProfileBasics(data);
      const image = photo ? await stagePhoto(storage, photo) : null;
      await phoneTakenByOther(db, userId, data.dialingCode, data.mobileNo);
      const now = clock.now();
      return save(db, userId, async (tx) => {
        if (!image && !(await photoOf(tx, userId))) throw new AppError('TL_CORE_10101_E');
        await bump(tx, userId, 'about');
        await bump(tx, userId, 'skills');
        await writeAbout(tx, userId, { ...data, videoTitle: undefined, videoUrl: undefined }, now);
        await writeSkills(tx, userId, data.skills);
        if (image) await setPhoto(tx, storage, userId, image, now);
        await advanceStage(tx, userId, 'EDUCATION_DETAILS', now);
        await profileChanged(tx, [userId]);
        return readProfileBasics(tx, userId);
      });
    },

    // wizard step 2: education and work together
    async saveEducationWork(userId: string, data: { educationDetails: readonly EducationInput[]; workExperience: readonly WorkInput[] }) {
      checkWords([
        [data.educationDetails.map((e) => e.college), 'TL_CORE_505_E'],
        [data.workExperience.map((w) => w.company), 'TL_CORE_506_E'],
        [data.workExperience.map((w) => w.title), 'TL_CORE_509_E'],
      ]);
      const now = clock.now();
      return save(db, userId, async (tx) => {
        requireStage(await currentStage(tx, userId), 'EDUCATION_DETAILS');
        await bump(tx, userId, 'education');
        await bump(tx, userId, 'experience');
        await writeEducation(tx, userId, data.educationDetails);
        await writeExperience(tx, userId, data.workExperience);
        const stage = await advanceStage(tx, userId, 'WORK_PREFERENCES', now);
        return {
          onBoardingStage: stage,
          educationDetails: await readEducation(tx, userId),
          workExperience: await readExperience(tx, userId),
        };
      });
    },

    // wizard step 3 and the editor's Work Preferences: completes onboarding, enters the pool
    async saveWorkPreference(userId: string, data: PreferenceInput, version?: number) {
      const now = clock.now();
      return save(db, userId, async (tx) => {
        requireStage(await currentStage(tx, userId), 'WORK_PREFERENCES');
        const newVersion = await bump(tx, userId, 'preferences', version);
        await writePreferences(tx, userId, data, now);
        const stage = await advanceStage(tx, userId, 'COMPLETED', now);
        // Finishing onboarding puts the profile in review (once; issue 20).
        await submitForReview(tx, userId, now);
        await profileChanged(tx, [userId]);
        return {
          onBoardingStage: stage,
          workPreferences: await readPreferences(tx, userId),
          version: newVersion,
          competitionPercentage: await computeCompletion(tx, userId),
        };
      });
    },

    async saveAboutMe(userId: string, data: AboutInput, version?: number) {
      checkWords([[[data.occupation], 'TL_CORE_507_E']]);
      await phoneTakenByOther(db, userId, data.dialingCode, data.mobileNo);
      const now = clock.now();
      return save(db, userId, async (tx) => {
        const newVersion = await bump(tx, userId, 'about', version);
        await writeAbout(tx, userId, { ...data, videoTitle: data.videoTitle ?? null, videoUrl: data.videoUrl ?? null }, now);
        await profileChanged(tx, [userId]);
        return {
          profileDetails: await readAboutMe(tx, userId),
          version: newVersion,
          competitionPercentage: await computeCompletion(tx, userId),
        };
      });
    },

    async saveSkills(userId: string, skills: readonly SkillInput[], version?: number) {
      checkWords([[skills.map((s) => s.skillName), 'TL_CORE_508_E']]);
      return save(db, userId, async (tx) => {
        const newVersion = await bump(tx, userId, 'skills', version);
        await writeSkills(tx, userId, skills);
        await profileChanged(tx, [userId]);
        return { skills: await readSkills(tx, userId), version: newVersion, competitionPercentage: await computeCompletion(tx, userId) };
      });
    },

    async saveEducation(userId: string, list: readonly EducationInput[], version?: number) {
      checkWords([[list.map((e) => e.college), 'TL_CORE_505_E']]);
      return save(db, userId, async (tx) => {
        const newVersion = await bump(tx, userId, 'education', version);
        await writeEducation(tx, userId, list);
        return {
          educationDetails: await readEducation(tx, userId),
          version: newVersion,
          competitionPercentage: await computeCompletion(tx, userId),
        };
      });
    },

    async saveExperience(userId: string, list: readonly WorkInput[], version?: number) {
      checkWords([
        [list.map((w) => w.company), 'TL_CORE_506_E'],
        [list.map((w) => w.title), 'TL_CORE_509_E'],
      ]);
      return save(db, userId, async (tx) => {
        const newVersion = await bump(tx, userId, 'experience', version);
        await writeExperience(tx, userId, list);
        // The level companies see comes from the work history (decision 163).
        await profileChanged(tx, [userId]);
        return {
          ...(await readExperienceAndLevel(tx, userId, clock.now())),
          version: newVersion,
          competitionPercentage: await computeCompletion(tx, userId),
        };
      });
    },

    async saveCertifications(userId: string, list: readonly CertificationInput[], version?: number) {
      return save(db, userId, async (tx) => {
        const newVersion = await bump(tx, userId, 'certification', version);
        await writeCertifications(tx, userId, list);
        return {
          certificateDetails: await readCertifications(tx, userId),
          version: newVersion,
          competitionPercentage: await computeCompletion(tx, userId),
        };
      });
    },

    async updatePhoto(userId: string, photo: Buffer) {
      const image = await stagePhoto(storage, photo);
      const now = clock.now();
      return save(db, userId, async (tx) => {
        const photoUrl = await setPhoto(tx, storage, userId, image, now);
        await profileChanged(tx, [userId]);
        return { photoUrl: photoUrl as string, competitionPercentage: await computeCompletion(tx, userId) };
      });
    },

    async deletePhoto(userId: string) {
      const now = clock.now();
      return save(db, userId, async (tx) => {
        if (!(await photoOf(tx, userId))) throw new AppError('TL_CORE_10064_E');
        await setPhoto(tx, storage, userId, null, now);
        await profileChanged(tx, [userId]);
        return { competitionPercentage: await computeCompletion(tx, userId) };
      });
    },
  };
}

export type FreelancerProfileService = ReturnType<typeof createFreelancerProfileService>;
