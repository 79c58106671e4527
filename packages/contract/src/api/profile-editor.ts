import { z } from 'zod';
import {
  AboutMeBody as AboutMeBodySchema,
  CertificationsBody as CertificationsBodySchema,
  EducationBody as EducationBodySchema,
  ExperienceBody as ExperienceBodySchema,
  SkillsBody as SkillsBodySchema,
} from '../validation/profile-editor.ts';
import { EducationRead, WorkRead } from './onboarding.ts';
import { defineEndpoint } from './define.ts';

// The freelancer profile editor's sections. spec: profile-company §7 Freelancer settings and the
// "Payload and response shapes by action" table. Imported directly
// ('@talentloop/contract/api/profile-editor'), not through the package index, to keep the phone
// metadata out of the first page's bundle (as api/onboarding.ts).
//
// No lost update (ours, docs/decisions.md): every section load answers the section's `version`;
// a save sends back the `version` it was loaded at, and a save from stale data is refused with
// 409 TL_CORE_10110_E and changes nothing. A save without `version` (a client of the original API)
// is accepted as before. Every load and save answers `competitionPercentage` computed on the server.

const access = ['freelancer'] as const;

export const PROFILE_EDITOR_MESSAGES = {
  saved: 'Profile Updated',
  photoUpdated: 'Profile picture updated successfully',
  photoDeleted: 'Profile picture deleted successfully',
  workExperienceSaved: 'Work experience saved successfully',
} as const;

/** The section's version as loaded; sent back with a save. */
export const SectionVersion = z.number().int().min(0);
const versionField = { version: SectionVersion.optional() };

/** The sections that carry a version (also used by the portfolio and work-preference saves). */
export const PROFILE_SECTIONS = ['about', 'skills', 'education', 'experience', 'certification', 'portfolio', 'preferences'] as const;
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];

const loaded = { status: z.literal('success'), competitionPercentage: z.number().int().min(0).max(100), version: SectionVersion };
const saved = { ...loaded, responseCode: z.string(), responseMessage: z.string() };

// ---- About Me ----

export const AboutMeRead = z.object({
  firstName: z.string(),
  lastName: z.string(),
  description: z.string(),
  countryCode: z.string().nullable(),
  /** The country's name for display. */
  country: z.string().nullable(),
  dialingCode: z.string().nullable(),
  mobileNo: z.string().nullable(),
  occupation: z.string().nullable(),
  minHourlyRate: z.number().nullable(),
  maxHourlyRate: z.number().nullable(),
  experienceLevel: z.string().nullable(),
  /** Language codes in lower case, as the editor sends them. */
  languages: z.array(z.object({ languageCode: z.string(), proficiency: z.string() })),
  videoTitle: z.string().nullable(),
  videoUrl: z.string().nullable(),
  profilePhotoUrl: z.string().nullable(),
});
export type AboutMeRead = z.infer<typeof AboutMeRead>;

export const getProfileDetails = defineEndpoint({
  tag: 'profile-editor',
  method: 'GET',
  path: '/freelancer-settings/profile-details',
  summary: 'About Me as saved, with its version and the completion percentage',
  auth: true,
  access,
  response: z.object({ ...loaded, profileDetails: AboutMeRead }),
});

export const saveProfileDetails = defineEndpoint({
  tag: 'profile-editor',
  method: 'PUT',
  path: '/freelancer-settings/profile-details',
  summary: 'Save About Me (names, bio, phone, country, occupation, rate, level, languages, video)',
  auth: true,
  access,
  body: AboutMeBodySchema.and(z.object(versionField)),
  response: z.object({ ...saved, profileDetails: AboutMeRead }),
});

// ---- Skills ----

export const SkillRead = z.object({ freelancerSkillId: z.string(), skillName: z.string(), experienceLevel: z.number() });

export const getSkillsDetails = defineEndpoint({
  tag: 'profile-editor',
  method: 'GET',
  path: '/freelancer-settings/skills-details',
  summary: 'Skills with years of experience',
  auth: true,
  access,
  response: z.object({ ...loaded, skills: z.array(SkillRead) }),
});

export const saveSkillsDetails = defineEndpoint({
  tag: 'profile-editor',
  method: 'PUT',
  path: '/freelancer-settings/skills-details',
  summary: 'Replace the skill list (kept entries keep their ids; duplicates refused case-insensitively)',
  auth: true,
  access,
  body: SkillsBodySchema.and(z.object(versionField)),
  response: z.object({ ...saved, skills: z.array(SkillRead) }),
});

// ---- Education ----

export const getEducationDetails = defineEndpoint({
  tag: 'profile-editor',
  method: 'GET',
  path: '/freelancer-settings/education-details',
  summary: 'Education entries',
  auth: true,
  access,
  response: z.object({ ...loaded, educationDetails: z.array(EducationRead) }),
});

export const saveEducationDetails = defineEndpoint({
  tag: 'profile-editor',
  method: 'PUT',
  path: '/freelancer-settings/education-details',
  summary: 'Replace the education list (at least one entry)',
  auth: true,
  access,
  body: EducationBodySchema.and(z.object(versionField)),
  response: z.object({ ...saved, educationDetails: z.array(EducationRead) }),
});

// ---- Work experience ----

export const getExperienceDetails = defineEndpoint({
  tag: 'profile-editor',
  method: 'GET',
  path: '/freelancer-settings/experience-details',
  summary: 'Work experience entries (endDate null: currently working there)',
  auth: true,
  access,
  response: z.object({ ...loaded, workExperience: z.array(WorkRead) }),
});

export const saveExperienceDetails = defineEndpoint({
  tag: 'profile-editor',
  method: 'PUT',
  path: '/freelancer-settings/experience-details',
  summary: 'Replace the work experience list',
  auth: true,
  access,
  body: ExperienceBodySchema.and(z.object(versionField)),
  response: z.object({ ...saved, workExperience: z.array(WorkRead) }),
});

// ---- Certifications ----

export const CertificationRead = z.object({
  freelancerCertificationId: z.string(),
  certificationName: z.string(),
  issuingOrganization: z.string(),
  /** yyyy-MM-dd */
  dateIssued: z.string(),
  certificationUrl: z.string().nullable(),
});

export const getCertificationDetails = defineEndpoint({
  tag: 'profile-editor',
  method: 'GET',
  path: '/freelancer-settings/certification-details',
  summary: 'Certifications',
  auth: true,
  access,
  response: z.object({ ...loaded, certifications: z.array(CertificationRead) }),
});

export const saveCertificationDetails = defineEndpoint({
  tag: 'profile-editor',
  method: 'PUT',
  path: '/freelancer-settings/certification-details',
  summary: 'Replace the certification list (a duplicate name answers TL_CORE_10071_E)',
  auth: true,
  access,
  body: CertificationsBodySchema.and(z.object(versionField)),
  response: z.object({ ...saved, certificateDetails: z.array(CertificationRead) }),
});

// ---- Photo ----

export const updatePhoto = defineEndpoint({
  tag: 'profile-editor',
  method: 'POST',
  path: '/freelancer-settings/update-photo',
  summary: 'Replace the profile photo (multipart: profilePhoto image, at most 2 MB)',
  auth: true,
  access,
  response: z.object({
    status: z.literal('success'),
    responseCode: z.string(),
    responseMessage: z.string(),
    photoUrl: z.string(),
    competitionPercentage: z.number().int().min(0).max(100),
  }),
});

export const deletePhoto = defineEndpoint({
  tag: 'profile-editor',
  method: 'DELETE',
  path: '/freelancer/delete-profile-photo',
  summary: 'Remove the profile photo (TL_CORE_10064_E when there is none)',
  auth: true,
  access,
  response: z.object({
    status: z.literal('success'),
    responseCode: z.string(),
    responseMessage: z.string(),
    profilePhotoUrl: z.null(),
    competitionPercentage: z.number().int().min(0).max(100),
  }),
});
