import { z } from 'zod';
import {
  CERTIFICATIONS_MAX,
  PORTFOLIO_DESC_MAX,
  PORTFOLIO_MAX_ITEMS,
  PORTFOLIO_SKILLS_MAX,
  PORTFOLIO_TITLE_MAX,
  SKILLS_MAX,
  URL_MAX,
  VIDEO_TITLE_MAX,
  WORK_MAX,
} from '../limits.ts';
import {
  dayDateField,
  entryId,
  hourlyRateProblem,
  isHttpUrl,
  isYouTubeVideoUrl,
  labelText,
  latestToday,
  noDuplicateIds,
  noDuplicates,
  optionalText,
  optionalUrl,
  requiredText,
} from './fields.ts';
import {
  EducationEntry,
  LanguageEntry,
  PROFILE_MESSAGES,
  SkillEntry,
  WorkEntry,
  aboutFields,
  bioField,
  educationList,
  normalizePhone,
  phoneCodeCheck,
  skillKey,
  skillNameField,
} from './profile.ts';
import { withCrossCheck } from './cross-check.ts';
import { PhoneFormSchema } from './wizard-form.ts';

// The profile editor's sections: for each, the wire body (what PUT /freelancer-settings/* accepts)
// and the form schema (what the section's form validates), both built from the field rules of
// ./fields.ts and ./profile.ts, so a form can never accept what the server refuses or the reverse.
// spec: profile-company §3, §4, §5. Imported directly ('@talentloop/contract/validation/profile-editor').

const M = PROFILE_MESSAGES;

// ---- About Me -----------------------------------------------------------------------------------

export const videoTitleField = optionalText(VIDEO_TITLE_MAX);
export const videoUrlField = optionalText(URL_MAX, M.videoUrlInvalid);

/** Title and URL go together; the URL must be a YouTube video link. spec: §5 About Me */
export function videoProblems(v: { videoTitle: string | null; videoUrl: string | null }): Array<{
  field: 'videoTitle' | 'videoUrl';
  message: string;
}> {
  const out: Array<{ field: 'videoTitle' | 'videoUrl'; message: string }> = [];
  if (v.videoUrl && !isYouTubeVideoUrl(v.videoUrl)) out.push({ field: 'videoUrl', message: M.videoUrlInvalid });
  if (v.videoUrl && !v.videoTitle) out.push({ field: 'videoTitle', message: M.videoTitleRequired });
  if (v.videoTitle && !v.videoUrl) out.push({ field: 'videoUrl', message: M.videoUrlRequired });
  return out;
}
const videoCheck = (v: { videoTitle: string | null; videoUrl: string | null }, ctx: z.RefinementCtx) => {
  for (const p of videoProblems(v)) ctx.addIssue({ code: 'custom', path: [p.field], message: p.message });
};

/** Languages of About Me: at least one, each once; codes in either case, stored in lower case. */
export const aboutLanguagesField = z
  .array(LanguageEntry, { error: M.languagesRequired })
  .min(1, M.languagesRequired)
  .max(36)
  .superRefine(noDuplicates((l) => l.languageCode, M.languageExists));

/** PUT /freelancer-settings/profile-details. The rate and phone answer the spec's TL_CORE codes. */
export const AboutMeBody = z
  .object({
    ...aboutFields,
    languages: aboutLanguagesField,
    videoTitle: videoTitleField,
    videoUrl: videoUrlField,
  })
  .superRefine(phoneCodeCheck)
  .superRefine(videoCheck);
export type AboutMeBodyInput = z.input<typeof AboutMeBody>;
export type AboutMeBody = z.output<typeof AboutMeBody>;

/** The About Me form: the rate is typed text, the phone a pair, the video fields plain text. */
export const AboutMeFormSchema = withCrossCheck(
  z.object({
    firstName: aboutFields.firstName,
    lastName: aboutFields.lastName,
    description: bioField,
    countryCode: aboutFields.countryCode,
    occupation: aboutFields.occupation,
    experienceLevel: aboutFields.experienceLevel,
    hourlyRate: z.string({ error: M.hourlyRateRequired }).superRefine((value, ctx) => {
      const problem = hourlyRateProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    phone: PhoneFormSchema,
    languages: aboutLanguagesField,
    videoTitle: videoTitleField,
    videoUrl: videoUrlField,
  }),
  ['videoTitle', 'videoUrl'],
  videoCheck,
);
export type AboutMeFormInput = z.input<typeof AboutMeFormSchema>;
export type AboutMeForm = z.output<typeof AboutMeFormSchema>;

/** The body of an About Me save from a valid form: rate as a number (minimum 0), codes lower case. */
export function toAboutMeBody(form: AboutMeForm): AboutMeBodyInput {
  return {
    firstName: form.firstName,
    lastName: form.lastName,
    description: form.description,
    countryCode: form.countryCode,
    dialingCode: form.phone.dialingCode,
    mobileNo: normalizePhone(form.phone.mobileNo),
    occupation: form.occupation,
    minHourlyRate: 0,
    maxHourlyRate: Number(form.hourlyRate),
    experienceLevel: form.experienceLevel,
    languages: form.languages.map((l) => ({ languageCode: l.languageCode.toLowerCase(), proficiency: l.proficiency })),
    videoTitle: form.videoTitle,
    videoUrl: form.videoUrl,
  };
}

// ---- Skills -------------------------------------------------------------------------------------

export const SkillItem = SkillEntry.extend({ freelancerSkillId: entryId });

/** The skill list of the editor: at least one ('Skills are required'), each name once in any case. */
export const skillListField = z
  .array(SkillItem, { error: M.skillsRequired })
  .min(1, M.skillsRequired)
  .max(SKILLS_MAX)
  .superRefine(noDuplicates(skillKey, M.skillExists))
  .superRefine(noDuplicateIds((s) => s.freelancerSkillId));

/** PUT /freelancer-settings/skills-details */
export const SkillsBody = z.object({ skills: skillListField });
export type SkillsBodyInput = z.input<typeof SkillsBody>;
/** The skills form holds the same list. */
export const SkillsFormSchema = SkillsBody;

/** The set a skill list stands for: lowercased name plus years. spec: §4 Skills */
export function skillSet(skills: readonly { skillName: string; experienceLevel: number | string }[]): Set<string> {
  return new Set(skills.map((s) => `${skillKey(s)}\u0000${Number(s.experienceLevel)}`));
}

/** Save is enabled only when the set (lowercased name + level) differs from the saved one. */
export function skillsChanged(
  saved: readonly { skillName: string; experienceLevel: number | string }[],
  current: readonly { skillName: string; experienceLevel: number | string }[],
): boolean {
  const a = skillSet(saved);
  const b = skillSet(current);
  return a.size !== b.size || [...a].some((k) => !b.has(k));
}

// ---- Education ----------------------------------------------------------------------------------

/** PUT /freelancer-settings/education-details: at least one entry. */
export const EducationBody = z.object({ educationDetails: educationList });
export type EducationBodyInput = z.input<typeof EducationBody>;
/** One education entry as its inline form validates it. */
export const EducationEntryFormSchema = EducationEntry;

// ---- Work experience ----------------------------------------------------------------------------

/** PUT /freelancer-settings/experience-details: at least one entry (the last cannot be removed). */
export const ExperienceBody = z.object({
  workExperience: z
    .array(WorkEntry, { error: M.workMissing })
    .min(1, M.workMissing)
    .max(WORK_MAX)
    .superRefine(noDuplicateIds((w) => w.freelancerWorkExpId)),
});
export type ExperienceBodyInput = z.input<typeof ExperienceBody>;

/**
 * One work entry as its inline form holds it: dates as yyyy-MM from a month-and-year picker ('' for
 * none) and the 'I currently work here' box. Validated by the wire's own entry rule.
 */
export type WorkEntryFormValues = {
  freelancerWorkExpId?: string | null;
  title: string;
  company: string;
  startDate: string;
  endDate: string;
  currentlyWorking: boolean;
};
export const WorkEntryFormSchema = WorkEntry;

/** A saved entry as the form shows it: months, and the box ticked when there is no end date. spec: §4 */
export function workEntryToForm(w: {
  freelancerWorkExpId?: string | null;
  title: string;
  company: string;
  startDate: string;
  endDate: string | null;
}): WorkEntryFormValues {
  return {
    freelancerWorkExpId: w.freelancerWorkExpId ?? null,
    title: w.title,
    company: w.company,
    startDate: w.startDate.slice(0, 7),
    endDate: w.endDate ? w.endDate.slice(0, 7) : '',
    currentlyWorking: !w.endDate,
  };
}

/** Ticking 'I currently work here' clears (and the form disables) the end date. spec: §4 */
export function withCurrentlyWorking(entry: WorkEntryFormValues, checked: boolean): WorkEntryFormValues {
  return { ...entry, currentlyWorking: checked, endDate: checked ? '' : entry.endDate };
}

/** Choosing a start later than the current end clears the end. spec: §4 */
export function withStartDate(entry: WorkEntryFormValues, startDate: string): WorkEntryFormValues {
  const clears = entry.endDate !== '' && startDate !== '' && startDate > entry.endDate;
  return { ...entry, startDate, endDate: clears ? '' : entry.endDate };
}

/** The latest month a work date may name (yyyy-MM): the picker's maximum. */
export const latestMonth = (now: Date = new Date()) => latestToday(now).slice(0, 7);

// ---- Certifications -----------------------------------------------------------------------------

export const CertificationEntry = z.object({
  freelancerCertificationId: entryId,
  certificationName: labelText(M.certificationNameRequired),
  issuingOrganization: labelText(M.issuingOrganizationRequired),
  dateIssued: dayDateField(M.dateIssuedRequired, M.dateIssuedFuture),
  certificationUrl: optionalUrl(),
});

const certificationKey = (c: { certificationName: string }) => c.certificationName.trim().toLowerCase();
const certificationList = (duplicate: string) =>
  z
    .array(CertificationEntry, { error: M.certificationsMissing })
    .min(1, M.certificationsMissing)
    .max(CERTIFICATIONS_MAX)
    .superRefine(noDuplicates(certificationKey, duplicate))
    .superRefine(noDuplicateIds((c) => c.freelancerCertificationId));

/** PUT /freelancer-settings/certification-details: a duplicate name answers TL_CORE_10071_E. */
export const CertificationsBody = z.object({ certificateDetails: certificationList('TL_CORE_10071_E') });
export type CertificationsBodyInput = z.input<typeof CertificationsBody>;
/** The certification list as the form checks it, the duplicate in words. */
export const CertificationsFormSchema = z.object({ certificateDetails: certificationList(M.certificationExists) });
/** One certification as its form validates it. */
export const CertificationEntryFormSchema = CertificationEntry;

// ---- Portfolio ----------------------------------------------------------------------------------

const portfolioId = z.string().trim().max(64).nullish();

/**
 * One portfolio item as the editor sends it: a URL or a file (`fileIndex`, 1-based position of its
 * `portfolioContent` part), not both. A kept item (its id) with neither keeps its stored file; the
 * server checks that id is the caller's and has one. spec: §3 Portfolio item, §5 Portfolio
 */
export const PortfolioItemBody = z
  .object({
    freelancerPortfolioId: portfolioId,
    portfolioTitle: labelText(M.projectNameRequired, PORTFOLIO_TITLE_MAX),
    portfolioDesc: requiredText(M.descriptionRequired, PORTFOLIO_DESC_MAX, { multiline: true, tooLong: M.descriptionTooLong }),
    portfolioSkills: z
      .array(skillNameField, { error: M.portfolioSkillRequired })
      .min(1, M.portfolioSkillRequired)
      .max(PORTFOLIO_SKILLS_MAX)
      .superRefine(noDuplicates((s: string) => s.toLowerCase(), M.skillExists)),
    portfolioUrl: optionalText(URL_MAX, M.urlInvalid).refine((v) => v === null || isHttpUrl(v), M.urlInvalid),
    /** Informative only: the server decides the type from the bytes (or LINK for a URL). */
    contentType: z.string().max(20).nullish(),
    fileIndex: z
      .number({ error: M.fileRequired })
      .int(M.fileRequired)
      .min(1, M.fileRequired)
      .max(PORTFOLIO_MAX_ITEMS, M.fileRequired)
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((item, ctx) => {
    if (item.portfolioUrl && item.fileIndex !== null)
      ctx.addIssue({ code: 'custom', path: ['portfolioUrl'], message: M.portfolioContentRequired });
    if (!item.portfolioUrl && item.fileIndex === null && !item.freelancerPortfolioId)
      ctx.addIssue({ code: 'custom', path: ['portfolioUrl'], message: M.portfolioContentRequired });
  });
export type PortfolioItemBodyInput = z.input<typeof PortfolioItemBody>;

/** The `profileData` JSON of PUT /freelancer-settings/portfolio-details: one or two items. */
export const PortfolioDetails = z.object({
  portfolioDetails: z
    .array(PortfolioItemBody, { error: M.portfolioMissing })
    .min(1, M.portfolioMissing)
    .max(PORTFOLIO_MAX_ITEMS, M.portfolioTooMany)
    .superRefine(noDuplicateIds((p) => p.freelancerPortfolioId))
    .superRefine(noDuplicateIds((p) => (p.fileIndex === null ? null : String(p.fileIndex)))),
});
export type PortfolioDetailsInput = z.input<typeof PortfolioDetails>;

/**
 * The portfolio modal's form: the content is a URL or a chosen file (picking one clears the other);
 * an item being edited may keep its stored file.
 */
export const PortfolioItemFormSchema = withCrossCheck(
  z.object({
    portfolioTitle: PortfolioItemBody.shape.portfolioTitle,
    portfolioDesc: PortfolioItemBody.shape.portfolioDesc,
    portfolioSkills: PortfolioItemBody.shape.portfolioSkills,
    contentKind: z.enum(['url', 'file']),
    portfolioUrl: z.string(),
    /** A newly chosen file, or the stored one of the item being edited. */
    hasFile: z.boolean(),
  }),
  // Checked beside the title, description and skills, so one Save shows every problem.
  ['contentKind', 'portfolioUrl', 'hasFile'],
  (v, ctx) => {
    if (v.contentKind === 'url') {
      // The wire's URL rule; only the empty case has the form's own words.
      const url = v.portfolioUrl.trim();
      const issue = url ? PortfolioItemBody.shape.portfolioUrl.safeParse(url).error?.issues[0]?.message : M.projectUrlRequired;
      if (issue) ctx.addIssue({ code: 'custom', path: ['portfolioUrl'], message: issue });
    } else if (!v.hasFile) ctx.addIssue({ code: 'custom', path: ['hasFile'], message: M.fileRequired });
  },
);
export type PortfolioItemForm = z.output<typeof PortfolioItemFormSchema>;
