import { z } from 'zod';
import {
  AboutMeBody as AboutMeBodySchema,
  CertificationsBody as CertificationsBodySchema,
  EducationBody as EducationBodySchema,
  ExperienceBody as ExperienceBodySchema,
  SkillsBody as SkillsBodySchema,
} from '../validation/profile-editor.ts';
import { EducationRead, WorkRead } from './onboarding.ts';
import { ProfileLevel } from './review-shapes.ts';
import { defineEndpoint } from './define.ts';
import { PROFILE_BODY_LIMITS, photoFile } from './uploads.ts';

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

export { PROFILE_EDITOR_MESSAGES } from '../validation/profile-editor-messages.ts';

/** The section's version as loaded; sent back with a save. */
export const SectionVersion = z.number().int().min(0);
const versionField = { version: SectionVersion.optional() };

/** The sections that carry a version (also used by the portfolio and work-preference saves). */
export const PROFILE_SECTIONS = ['about', 'skills', 'education', 'experience', 'certification', 'portfolio', 'preferences'] as const;
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];

const loaded = { status: z.literal('success'), competitionPercentage: z.number().int().min(0).max(100), version: SectionVersion };
const saved = { ...loaded, responseCode: z.string(), responseMessage: z.string() };

/**
 * One editor section: its load (GET) and its save (PUT) at one path. The save's body is the
 * section's field rules plus the version; both answers carry the version and the percentage.
 */
function editorSection<L extends z.ZodRawShape, S extends z.ZodRawShape, B extends z.ZodType>(section: {
  path: string;
  load: { summary: string; read: L };
  save: { summary: string; body: B; read: S };
}) {
  const { path, load, save } = section;
  return {
    load: defineEndpoint({
      tag: 'profile-editor',
      method: 'GET',
      path,
      summary: load.summary,
      auth: true,
      access,
      response: z.object({ ...loaded, ...load.read }),
    }),
    save: defineEndpoint({
      tag: 'profile-editor',
      method: 'PUT',
      path,
      summary: save.summary,
      auth: true,
      access,
      body: save.body.and(z.object(versionField)),
      response: z.object({ ...saved, ...save.read }),
    }),
  };
}

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

export const { load: getProfileDetails, save: saveProfileDetails } = editorSection({
  path: '/freelancer-settings/profile-details',
  load: { summary: 'About Me as saved, with its version and the completion percentage', read: { profileDetails: AboutMeRead } },
  save: {
    summary: 'Save About Me (names, bio, phone, country, occupation, rate, level, languages, video)',
    body: AboutMeBodySchema,
    read: { profileDetails: AboutMeRead },
  },
});

// ---- Skills ----

export const SkillRead = z.object({ freelancerSkillId: z.string(), skillName: z.string(), experienceLevel: z.number() });

export const { load: getSkillsDetails, save: saveSkillsDetails } = editorSection({
  path: '/freelancer-settings/skills-details',
  load: { summary: 'Skills with years of experience', read: { skills: z.array(SkillRead) } },
  save: {
    summary: 'Replace the skill list (kept entries keep their ids; duplicates refused case-insensitively)',
    body: SkillsBodySchema,
    read: { skills: z.array(SkillRead) },
  },
});

// ---- Education ----

export const { load: getEducationDetails, save: saveEducationDetails } = editorSection({
  path: '/freelancer-settings/education-details',
  load: { summary: 'Education entries', read: { educationDetails: z.array(EducationRead) } },
  save: {
    summary: 'Replace the education list (at least one entry)',
    body: EducationBodySchema,
    read: { educationDetails: z.array(EducationRead) },
  },
});

// ---- Work experience ----

export const { load: getExperienceDetails, save: saveExperienceDetails } = editorSection({
  path: '/freelancer-settings/experience-details',
  // `level`: the level companies see, from the saved entries and the vetting (rules/level.ts; issue 32, decision 163).
  load: {
    summary: 'Work experience entries (endDate null: currently working there) and the level companies see from them',
    read: { workExperience: z.array(WorkRead), level: ProfileLevel },
  },
  save: {
    summary: 'Replace the work experience list',
    body: ExperienceBodySchema,
    read: { workExperience: z.array(WorkRead), level: ProfileLevel },
  },
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

export const { load: getCertificationDetails, save: saveCertificationDetails } = editorSection({
  path: '/freelancer-settings/certification-details',
  load: { summary: 'Certifications', read: { certifications: z.array(CertificationRead) } },
  save: {
    summary: 'Replace the certification list (a duplicate name answers TL_CORE_10071_E)',
    body: CertificationsBodySchema,
    read: { certificateDetails: z.array(CertificationRead) },
  },
});

// ---- Photo ----

export const updatePhoto = defineEndpoint({
  tag: 'profile-editor',
  method: 'POST',
  path: '/freelancer-settings/update-photo',
  summary: 'Replace the profile photo (multipart: profilePhoto image, at most 2 MB)',
  auth: true,
  access,
  multipart: {
    fields: {},
    files: {
      profilePhoto: photoFile('The new photo (jpeg, png, webp, gif or avif, at most 2 MB)', {
        required: true,
        missing: { code: 'TL_CORE_10101_E', message: 'Choose a photo to upload.' },
      }),
    },
    limits: PROFILE_BODY_LIMITS,
    otherFiles: 'drop',
    what: 'photo',
  },
  errors: ['TL_CORE_10105_E'],
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
  errors: ['TL_CORE_10064_E'],
  response: z.object({
    status: z.literal('success'),
    responseCode: z.string(),
    responseMessage: z.string(),
    profilePhotoUrl: z.null(),
    competitionPercentage: z.number().int().min(0).max(100),
  }),
});
