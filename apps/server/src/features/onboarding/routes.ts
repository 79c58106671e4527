import { PHOTO_MAX_BYTES, stageIndex } from '@talentloop/contract';
import {
  getEducationWork,
  getOnboardingProfile,
  getWorkPreference,
  hourlyRate,
  hourlyRateGet,
  saveEducationWork,
  saveOnboardingProfile,
  saveWorkPreference,
} from '@talentloop/contract/api/onboarding';
import { DEFAULT_HOURLY_RANGE } from '@talentloop/contract/lists/profile';
import { ProfileBasicsSchema } from '@talentloop/contract/validation/profile';
import { and, asc, eq, ne } from 'drizzle-orm';
import type {} from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { currentUser } from '../../http/guards.ts';
import { route } from '../../http/route.ts';
import { parseOrThrow } from '../../http/validate.ts';
import type { Clock } from '../../infra/clock.ts';
import { type Db, pgErrorCode } from '../../infra/db/client.ts';
import {
  freelancerEducation,
  freelancerLanguages,
  freelancerProfiles,
  freelancerSkills,
  freelancerWorkExperience,
  users,
} from '../../infra/db/schema.ts';
import { processPhoto } from '../../infra/images.ts';
import { isInappropriate } from '../../infra/profanity.ts';
import { type FileStorage, fileIdFromUrl, fileUrl } from '../../infra/storage.ts';
import { hourlyRates } from '../reference/load.ts';
import { readProfile } from './profile.ts';

type Deps = { db: Db; clock: Clock; storage: FileStorage; auth: preHandlerHookHandler };

// The server owns the stage: each save moves it forward, never back, and a step whose predecessor
// is not saved is refused. spec: auth-onboarding §4 Onboarding stage
const STAGE_AFTER = { PROFILE_BASICS: 'EDUCATION_DETAILS', EDUCATION_DETAILS: 'WORK_PREFERENCES', WORK_PREFERENCES: 'COMPLETED' } as const;
function nextStage(current: string, step: keyof typeof STAGE_AFTER): string {
  const target = STAGE_AFTER[step];
  return stageIndex(target) > stageIndex(current) ? target : current;
}
function requireStage(current: string, needed: keyof typeof STAGE_AFTER | 'COMPLETED') {
  if (stageIndex(current) < stageIndex(needed)) throw new AppError('TL_CORE_10100_E');
}

async function readMultipart(request: FastifyRequest): Promise<{ profileData?: string; photo?: Buffer }> {
  if (!request.isMultipart()) throw new AppError('TL_CORE_00415_E', 'Send the profile as multipart/form-data.');
  const out: { profileData?: string; photo?: Buffer } = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: PHOTO_MAX_BYTES, files: 6, fields: 4, fieldSize: 64 * 1024 } })) {
      if (part.type === 'field') {
        if (part.fieldname === 'profileData') out.profileData = String(part.value);
      } else if (part.fieldname === 'profilePhoto' && !out.photo) {
        out.photo = await part.toBuffer();
      } else {
        // Portfolio files belong to the profile editor; here they are read and dropped.
        await part.toBuffer();
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('TL_CORE_10103_E');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new AppError('TL_CORE_00413_E');
    throw err;
  }
  return out;
}

export async function onboardingRoutes(app: FastifyInstance, deps: Deps) {
  const { db, clock, storage } = deps;
  const auth = { preHandler: [deps.auth] };

  route(app, getOnboardingProfile, auth, async (request) => {
    const user = currentUser(request);
    return { status: 'success' as const, onBoardingStage: user.onboardingStage, ...(await readProfile(db, user)) };
  });

  route(app, saveOnboardingProfile, auth, async (request) => {
    const user = currentUser(request);
    const { profileData, photo } = await readMultipart(request);
    let json: unknown;
    try {
      json = JSON.parse(profileData ?? '');
    } catch {
      throw new AppError('TL_CORE_10104_E');
    }
    const data = parseOrThrow(ProfileBasicsSchema, json);
    if (isInappropriate(data.occupation)) throw new AppError('TL_CORE_507_E');
    if (data.skills.some((s) => isInappropriate(s.skillName))) throw new AppError('TL_CORE_508_E');
    const image = photo ? await processPhoto(photo) : null;
    if (photo && !image) throw new AppError('TL_CORE_10102_E');
    if (!image && !user.profilePhotoUrl) throw new AppError('TL_CORE_10101_E');
    const [taken] = await db
      .select({ userId: freelancerProfiles.userId })
      .from(freelancerProfiles)
      .where(
        and(
          eq(freelancerProfiles.dialingCode, data.dialingCode),
          eq(freelancerProfiles.mobileNo, data.mobileNo),
          ne(freelancerProfiles.userId, user.id),
        ),
      );
    if (taken) throw new AppError('TL_CORE_10085_E');

    const now = clock.now();
    const profile = {
      description: data.description,
      countryCode: data.countryCode,
      dialingCode: data.dialingCode,
      mobileNo: data.mobileNo,
      occupation: data.occupation,
      minHourlyRate: 0,
      maxHourlyRate: data.maxHourlyRate,
      experienceLevel: data.experienceLevel,
      updatedAt: now,
    };
    let updated: typeof users.$inferSelect | undefined;
    try {
      updated = await db.transaction(async (tx) => {
        await tx
          .insert(freelancerProfiles)
          .values({ userId: user.id, ...profile })
          .onConflictDoUpdate({ target: freelancerProfiles.userId, set: profile });
        await tx.delete(freelancerSkills).where(eq(freelancerSkills.userId, user.id));
        await tx
          .insert(freelancerSkills)
          .values(
            data.skills.map((s, i) => ({ userId: user.id, skillName: s.skillName, experienceYears: s.experienceLevel, position: i })),
          );
        await tx.delete(freelancerLanguages).where(eq(freelancerLanguages.userId, user.id));
        await tx
          .insert(freelancerLanguages)
          .values(
            data.languages.map((l, i) => ({ userId: user.id, languageCode: l.languageCode, proficiency: l.proficiency, position: i })),
          );
        let photoUrl = user.profilePhotoUrl;
        if (image) {
          const id = await storage.put(tx, { ownerId: user.id, kind: 'profile-photo', mime: image.mime, data: image.data, now });
          const old = fileIdFromUrl(user.profilePhotoUrl);
          if (old) await storage.remove(tx, old);
          photoUrl = fileUrl(id);
        }
        const [row] = await tx
          .update(users)
          .set({
            firstName: data.firstName,
            lastName: data.lastName,
            profilePhotoUrl: photoUrl,
            onboardingStage: nextStage(user.onboardingStage, 'PROFILE_BASICS'),
            updatedAt: now,
          })
          .where(eq(users.id, user.id))
          .returning();
        return row;
      });
    } catch (err) {
      if (pgErrorCode(err) === '23505') throw new AppError('TL_CORE_10085_E');
      throw err;
    }
    if (!updated) throw new AppError('TL_CORE_00401_E');
    return {
      status: 'success' as const,
      responseCode: 'TL_CORE_00200_S',
      responseMessage: 'Profile Updated',
      onBoardingStage: updated.onboardingStage,
      freelancerProfileResponse: await readProfile(db, updated),
    };
  });

  async function readEducationWork(userId: string) {
    const education = await db
      .select()
      .from(freelancerEducation)
      .where(eq(freelancerEducation.userId, userId))
      .orderBy(asc(freelancerEducation.position));
    const work = await db
      .select()
      .from(freelancerWorkExperience)
      .where(eq(freelancerWorkExperience.userId, userId))
      .orderBy(asc(freelancerWorkExperience.position));
    return {
      educationDetails: education.map((e) => ({
        freelancerEducationId: e.id,
        degree: e.degree,
        college: e.college,
        yearOfPassed: e.yearOfPassed,
      })),
      workExperience: work.map((w) => ({
        freelancerWorkExpId: w.id,
        title: w.title,
        company: w.company,
        startDate: w.startDate,
        endDate: w.endDate,
        currentlyWorking: w.endDate === null,
      })),
    };
  }

  route(app, getEducationWork, auth, async (request) => {
    const user = currentUser(request);
    return { status: 'success' as const, onBoardingStage: user.onboardingStage, ...(await readEducationWork(user.id)) };
  });

  route(app, saveEducationWork, auth, async (request) => {
    const user = currentUser(request);
    requireStage(user.onboardingStage, 'EDUCATION_DETAILS');
    const { educationDetails, workExperience } = request.body;
    if (educationDetails.some((e) => isInappropriate(e.college))) throw new AppError('TL_CORE_505_E');
    if (workExperience.some((w) => isInappropriate(w.company))) throw new AppError('TL_CORE_506_E');
    if (workExperience.some((w) => isInappropriate(w.title))) throw new AppError('TL_CORE_509_E');
    const now = clock.now();
    const stage = await db.transaction(async (tx) => {
      // Ids sent back are kept only when they are this user's own entries.
      const ownEdu = new Set(
        (await tx.select({ id: freelancerEducation.id }).from(freelancerEducation).where(eq(freelancerEducation.userId, user.id))).map(
          (r) => r.id,
        ),
      );
      const ownWork = new Set(
        (
          await tx
            .select({ id: freelancerWorkExperience.id })
            .from(freelancerWorkExperience)
            .where(eq(freelancerWorkExperience.userId, user.id))
        ).map((r) => r.id),
      );
      await tx.delete(freelancerEducation).where(eq(freelancerEducation.userId, user.id));
      await tx.delete(freelancerWorkExperience).where(eq(freelancerWorkExperience.userId, user.id));
      await tx.insert(freelancerEducation).values(
        educationDetails.map((e, i) => ({
          ...(e.freelancerEducationId && ownEdu.has(e.freelancerEducationId) ? { id: e.freelancerEducationId } : {}),
          userId: user.id,
          degree: e.degree,
          college: e.college,
          yearOfPassed: e.yearOfPassed,
          position: i,
        })),
      );
      if (workExperience.length > 0)
        await tx.insert(freelancerWorkExperience).values(
          workExperience.map((w, i) => ({
            ...(w.freelancerWorkExpId && ownWork.has(w.freelancerWorkExpId) ? { id: w.freelancerWorkExpId } : {}),
            userId: user.id,
            title: w.title,
            company: w.company,
            startDate: w.startDate,
            endDate: w.endDate,
            position: i,
          })),
        );
      const next = nextStage(user.onboardingStage, 'EDUCATION_DETAILS');
      await tx.update(users).set({ onboardingStage: next, updatedAt: now }).where(eq(users.id, user.id));
      return next;
    });
    return {
      status: 'success' as const,
      responseMessage: 'Education and experience updated',
      onBoardingStage: stage,
      ...(await readEducationWork(user.id)),
    };
  });

  async function readPreferences(userId: string) {
    const [p] = await db.select().from(freelancerProfiles).where(eq(freelancerProfiles.userId, userId));
    return {
      minHoursPerWeek: p?.minHoursPerWeek ?? null,
      maxHoursPerWeek: p?.maxHoursPerWeek ?? null,
      projectDurationPreference: p?.projectDurationPreference ?? null,
    };
  }

  route(app, getWorkPreference, auth, async (request) => {
    const user = currentUser(request);
    return { status: 'success' as const, onBoardingStage: user.onboardingStage, workPreferences: await readPreferences(user.id) };
  });

  route(app, saveWorkPreference, auth, async (request) => {
    const user = currentUser(request);
    requireStage(user.onboardingStage, 'WORK_PREFERENCES');
    const now = clock.now();
    const stage = await db.transaction(async (tx) => {
      const [existing] = await tx.select().from(freelancerProfiles).where(eq(freelancerProfiles.userId, user.id));
      await tx
        .update(freelancerProfiles)
        .set({ ...request.body, inTalentPoolAt: existing?.inTalentPoolAt ?? now, updatedAt: now })
        .where(eq(freelancerProfiles.userId, user.id));
      const next = nextStage(user.onboardingStage, 'WORK_PREFERENCES');
      await tx.update(users).set({ onboardingStage: next, updatedAt: now }).where(eq(users.id, user.id));
      return next;
    });
    return {
      status: 'success' as const,
      responseMessage: 'Work preference updated',
      onBoardingStage: stage,
      workPreferences: await readPreferences(user.id),
    };
  });

  /** spec: §9 default 10-50 when nothing better is known. */
  function suggest(occupation: string, level: string) {
    const table = hourlyRates();
    const key = Object.keys(table.rates).find((o) => o.toLowerCase() === occupation.trim().toLowerCase());
    const range = key ? table.rates[key]?.[level] : undefined;
    const [min, max] = range ?? [DEFAULT_HOURLY_RANGE.min, DEFAULT_HOURLY_RANGE.max];
    return { status: 'success' as const, minHourly: min, maxHourly: max };
  }
  route(app, hourlyRate, auth, async (request) => suggest(request.body.occupation, request.body.experienceLevel));
  route(app, hourlyRateGet, auth, async (request) => suggest(request.query.occupation, request.query.experienceLevel));
}
