import {
  PROFILE_EDITOR_MESSAGES as MSG,
  deletePhoto,
  getCertificationDetails,
  getEducationDetails,
  getExperienceDetails,
  getProfileDetails,
  getSkillsDetails,
  saveCertificationDetails,
  saveEducationDetails,
  saveExperienceDetails,
  saveProfileDetails,
  saveSkillsDetails,
  updatePhoto,
} from '@talentloop/contract/api/profile-editor';
import { getProfileCompletion } from '@talentloop/contract/api/profile-completion';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { currentUser, requireUserReading } from '../../http/guards.ts';
import { type UploadedFile, readUpload } from '../../http/multipart.ts';
import { route } from '../../http/route.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import type { FileStorage } from '../../infra/storage.ts';
import type { TokenService } from '../../infra/tokens.ts';
import { completionOf, computeCompletion, readCompletionSnapshot, sectionsOf } from './completion.ts';
import { readAboutMeForSession, readCertifications, readEducation, readExperienceAndLevel, readSkills } from './queries.ts';
import { createFreelancerProfileService } from './service.ts';
import { type ProfileSection, readVersion } from './versions.ts';

// The profile editor's sections. spec: profile-company §7. Thin: reads through queries.ts, every
// save through the freelancer-profile service (the wizard's write path).

type Deps = { db: Db; clock: Clock; storage: FileStorage; tokens: TokenService };

const OK = { status: 'success' as const, responseCode: 'TL_CORE_00200_S', responseMessage: MSG.saved };

export async function freelancerProfileRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  const profiles = createFreelancerProfileService(deps);

  /** A section load: its data, its version and the completion (a fixed number of queries). */
  async function load<T>(userId: string, section: ProfileSection, read: () => Promise<T>) {
    const data = await read();
    return {
      status: 'success' as const,
      ...data,
      version: await readVersion(db, userId, section),
      competitionPercentage: await computeCompletion(db, userId),
    };
  }

  // The hot read (issue 12): the guard's session check, the section, its version and the
  // completion in one statement (queries.ts readAboutMeForSession); the same access rules.
  const aboutMe = requireUserReading(deps.tokens, (claims) => readAboutMeForSession(db, claims));
  route(app, getProfileDetails, { guard: aboutMe.guard }, async (request) => ({
    status: 'success' as const,
    ...aboutMe.loaded(request),
  }));
  route(app, saveProfileDetails, {}, async (request) => {
    const { version, ...body } = request.body;
    return { ...OK, ...(await profiles.saveAboutMe(currentUser(request).id, body, version)) };
  });

  // The percentage with each section's part, for the card's list of what is left (issue 19).
  route(app, getProfileCompletion, {}, async (request) => {
    const snapshot = await readCompletionSnapshot(db, currentUser(request).id);
    if (!snapshot) throw new AppError('TL_CORE_01024_E');
    return { status: 'success' as const, competitionPercentage: completionOf(snapshot), sections: sectionsOf(snapshot) };
  });

  route(app, getSkillsDetails, {}, async (request) => {
    const { id } = currentUser(request);
    return load(id, 'skills', async () => ({ skills: await readSkills(db, id) }));
  });
  route(app, saveSkillsDetails, {}, async (request) => {
    const { version, skills } = request.body;
    return { ...OK, ...(await profiles.saveSkills(currentUser(request).id, skills, version)) };
  });

  route(app, getEducationDetails, {}, async (request) => {
    const { id } = currentUser(request);
    return load(id, 'education', async () => ({ educationDetails: await readEducation(db, id) }));
  });
  route(app, saveEducationDetails, {}, async (request) => {
    const { version, educationDetails } = request.body;
    return { ...OK, ...(await profiles.saveEducation(currentUser(request).id, educationDetails, version)) };
  });

  route(app, getExperienceDetails, {}, async (request) => {
    const { id } = currentUser(request);
    return load(id, 'experience', () => readExperienceAndLevel(db, id, deps.clock.now()));
  });
  route(app, saveExperienceDetails, {}, async (request) => {
    const { version, workExperience } = request.body;
    return {
      ...OK,
      responseMessage: MSG.workExperienceSaved,
      ...(await profiles.saveExperience(currentUser(request).id, workExperience, version)),
    };
  });

  route(app, getCertificationDetails, {}, async (request) => {
    const { id } = currentUser(request);
    return load(id, 'certification', async () => ({ certifications: await readCertifications(db, id) }));
  });
  route(app, saveCertificationDetails, {}, async (request) => {
    const { version, certificateDetails } = request.body;
    return { ...OK, ...(await profiles.saveCertifications(currentUser(request).id, certificateDetails, version)) };
  });

  route(app, updatePhoto, {}, async (request) => {
    const { files } = await readUpload(request, updatePhoto);
    const photo = files.profilePhoto[0] as UploadedFile;
    return { ...OK, responseMessage: MSG.photoUpdated, ...(await profiles.updatePhoto(currentUser(request).id, photo.data)) };
  });

  route(app, deletePhoto, {}, async (request) => ({
    ...OK,
    responseMessage: MSG.photoDeleted,
    profilePhotoUrl: null,
    ...(await profiles.deletePhoto(currentUser(request).id)),
  }));
}
