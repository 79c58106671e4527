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
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/guards.ts';
import { readUpload } from '../../http/multipart.ts';
import { route } from '../../http/route.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import type { FileStorage } from '../../infra/storage.ts';
import { computeCompletion } from '../freelancer-profile/completion.ts';
import { createFreelancerProfileService } from '../freelancer-profile/service.ts';
import { readVersion } from '../freelancer-profile/versions.ts';
import { hourlyRates } from '../reference/load.ts';

// The onboarding wizard's calls. spec: auth-onboarding §7. Thin: every save goes through the
// freelancer-profile service (the editor's write path), which owns the stage: each save moves it
// forward, never back, and a step whose predecessor is not saved is refused.

type Deps = { db: Db; clock: Clock; storage: FileStorage };

export async function onboardingRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  const profiles = createFreelancerProfileService(deps);

  route(app, getOnboardingProfile, {}, async (request) => ({
    status: 'success' as const,
    ...(await profiles.readProfileBasics(currentUser(request).id)),
  }));

  route(app, saveOnboardingProfile, {}, async (request) => {
    const user = currentUser(request);
    const { fields, files } = await readUpload(request, saveOnboardingProfile, {
      before: ({ fields }) => profiles.checkProfileBasics(fields.profileData),
    });
    const { onBoardingStage, ...profile } = await profiles.saveProfileBasics(user.id, fields.profileData, files.profilePhoto[0]?.data);
    return {
      status: 'success' as const,
      responseCode: 'TL_CORE_00200_S',
      responseMessage: 'Profile Updated',
      onBoardingStage,
      freelancerProfileResponse: profile,
    };
  });

  route(app, getEducationWork, {}, async (request) => {
    const { id } = currentUser(request);
    return {
      status: 'success' as const,
      onBoardingStage: await profiles.readStage(id),
      educationDetails: await profiles.readEducation(id),
      workExperience: await profiles.readExperience(id),
    };
  });

  route(app, saveEducationWork, {}, async (request) => ({
    status: 'success' as const,
    responseMessage: 'Education and experience updated',
    ...(await profiles.saveEducationWork(currentUser(request).id, request.body)),
  }));

  route(app, getWorkPreference, {}, async (request) => {
    const { id } = currentUser(request);
    const workPreferences = await profiles.readPreferences(id);
    return {
      status: 'success' as const,
      onBoardingStage: await profiles.readStage(id),
      workPreferences,
      ...workPreferences,
      version: await readVersion(db, id, 'preferences'),
      competitionPercentage: await computeCompletion(db, id),
    };
  });

  route(app, saveWorkPreference, {}, async (request) => {
    const { version, ...preference } = request.body;
    const saved = await profiles.saveWorkPreference(currentUser(request).id, preference, version);
    return { status: 'success' as const, responseMessage: 'Work preference updated', ...saved, ...saved.workPreferences };
  });

  /** spec: §9 default 10-50 when nothing better is known. */
  function suggest(occupation: string, level: string) {
    const table = hourlyRates();
    const key = Object.keys(table.rates).find((o) => o.toLowerCase() === occupation.trim().toLowerCase());
    const range = key ? table.rates[key]?.[level] : undefined;
    const [min, max] = range ?? [DEFAULT_HOURLY_RANGE.min, DEFAULT_HOURLY_RANGE.max];
    return { status: 'success' as const, minHourly: min, maxHourly: max };
  }
  route(app, hourlyRate, {}, async (request) => suggest(request.body.occupation, request.body.experienceLevel));
  route(app, hourlyRateGet, {}, async (request) => suggest(request.query.occupation, request.query.experienceLevel));
}
