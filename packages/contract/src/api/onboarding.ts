import { z } from 'zod';
import { EducationWorkSchema, ProfileBasicsSchema, WorkPreferenceSchema } from '../validation/profile.ts';
import { defineEndpoint } from './define.ts';
import { PROFILE_BODY_LIMITS, photoFile } from './uploads.ts';

// spec: auth-onboarding §3 Freelancer profile, §7 freelancer calls. Imported directly
// ('@talentloop/contract/api/onboarding'), not through the package index, to keep the phone
// metadata out of the first page's bundle.

const nullableText = z.string().nullable();

export const ProfileRead = z.object({
  firstName: z.string(),
  lastName: z.string(),
  description: z.string(),
  mobileNo: nullableText,
  dialingCode: nullableText,
  countryCode: nullableText,
  country: nullableText,
  occupation: nullableText,
  minHourlyRate: z.number().nullable(),
  maxHourlyRate: z.number().nullable(),
  experienceLevel: nullableText,
  profilePhotoUrl: nullableText,
  skills: z.array(z.object({ skillId: z.string(), skillName: z.string(), experienceLevel: z.number(), status: z.string() })),
  languages: z.array(z.object({ languageCode: z.string(), proficiency: z.string() })),
});
export type ProfileRead = z.infer<typeof ProfileRead>;

export const getOnboardingProfile = defineEndpoint({
  tag: 'onboarding',
  method: 'GET',
  path: '/freelancer/onboarding-profile',
  summary: 'The signed-in freelancer’s profile basics',
  auth: true,
  access: ['freelancer'],
  response: z.object({ status: z.literal('success'), onBoardingStage: z.string() }).extend(ProfileRead.shape),
});

export const saveOnboardingProfile = defineEndpoint({
  tag: 'onboarding',
  method: 'POST',
  path: '/freelancer/onboarding-profile',
  summary: 'Save profile basics (multipart: profileData JSON text, profilePhoto image; first save needs the photo)',
  auth: true,
  access: ['freelancer'],
  multipart: {
    fields: {
      profileData: {
        type: 'json',
        schema: ProfileBasicsSchema,
        malformed: 'TL_CORE_10104_E',
        description: 'JSON text: the basics, skills and languages',
      },
    },
    files: { profilePhoto: photoFile('The profile photo (jpeg, png, webp, gif or avif, at most 2 MB); needed on the first save') },
    limits: PROFILE_BODY_LIMITS,
    otherFiles: 'drop',
    what: 'profile',
  },
  errors: ['TL_CORE_10101_E', 'TL_CORE_10105_E'],
  response: z.object({
    status: z.literal('success'),
    responseCode: z.string(),
    responseMessage: z.string(),
    onBoardingStage: z.string(),
    freelancerProfileResponse: ProfileRead,
  }),
});

export const EducationRead = z.object({
  freelancerEducationId: z.string(),
  degree: z.string(),
  college: z.string(),
  yearOfPassed: z.number(),
});
export const WorkRead = z.object({
  freelancerWorkExpId: z.string(),
  title: z.string(),
  company: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  currentlyWorking: z.boolean(),
});
const EducationWorkResponse = z.object({
  status: z.literal('success'),
  onBoardingStage: z.string(),
  educationDetails: z.array(EducationRead),
  workExperience: z.array(WorkRead),
});

export const getEducationWork = defineEndpoint({
  tag: 'onboarding',
  method: 'GET',
  path: '/freelancer/education-work',
  summary: 'Education entries and work experience',
  auth: true,
  access: ['freelancer'],
  response: EducationWorkResponse,
});

export const saveEducationWork = defineEndpoint({
  tag: 'onboarding',
  method: 'POST',
  path: '/freelancer/education-work',
  summary: 'Replace education entries and work experience (needs saved profile basics)',
  auth: true,
  access: ['freelancer'],
  body: EducationWorkSchema,
  response: EducationWorkResponse.extend({ responseMessage: z.string() }),
});

/** A profile section's version and the completion percentage (as the editor's sections answer). */
const sectionState = { version: z.number().int().min(0), competitionPercentage: z.number().int().min(0).max(100) };

export const WorkPreferences = z.object({
  minHoursPerWeek: z.number().nullable(),
  maxHoursPerWeek: z.number().nullable(),
  projectDurationPreference: z.string().nullable(),
});

export const getWorkPreference = defineEndpoint({
  tag: 'onboarding',
  method: 'GET',
  path: '/freelancer/work-preference',
  summary: 'Work preferences',
  auth: true,
  access: ['freelancer'],
  // The editor's section load (profile-company §7) reads the three fields at the top level; the
  // wizard reads `workPreferences`. Both are answered, with the section version and completion.
  response: z
    .object({ status: z.literal('success'), onBoardingStage: z.string(), workPreferences: WorkPreferences, ...sectionState })
    .extend(WorkPreferences.shape),
});

export const saveWorkPreference = defineEndpoint({
  tag: 'onboarding',
  method: 'POST',
  path: '/freelancer/work-preference',
  summary: 'Save work preferences; completes onboarding and sends the profile for review (vetted, it enters the talent pool)',
  auth: true,
  access: ['freelancer'],
  // `version`: the preferences' version as loaded; a stale one is refused (409 TL_CORE_10110_E).
  body: WorkPreferenceSchema.and(z.object({ version: sectionState.version.optional() })),
  response: z
    .object({
      status: z.literal('success'),
      responseMessage: z.string(),
      onBoardingStage: z.string(),
      workPreferences: WorkPreferences,
      ...sectionState,
    })
    .extend(WorkPreferences.shape),
});

const HourlyRateQuery = z.object({
  occupation: z.string().trim().max(100).default(''),
  experienceLevel: z.string().trim().toLowerCase().max(30).default(''),
});
const HourlyRateResponse = z.object({ status: z.literal('success'), minHourly: z.number(), maxHourly: z.number() });

export const hourlyRate = defineEndpoint({
  tag: 'onboarding',
  method: 'POST',
  path: '/freelancer/hourly-rate',
  summary: 'Suggested hourly range for an occupation and experience level (10-50 when unknown)',
  auth: true,
  access: ['freelancer'],
  body: HourlyRateQuery,
  response: HourlyRateResponse,
});

export const hourlyRateGet = defineEndpoint({
  tag: 'onboarding',
  method: 'GET',
  path: '/freelancer/hourly-rate',
  summary: 'The same suggestion, read as a GET with query parameters',
  auth: true,
  access: ['freelancer'],
  query: HourlyRateQuery,
  response: HourlyRateResponse,
});
