import { z } from 'zod';
import { URL_MAX } from '../limits.ts';
import {
  COMPANY_SIZE_CODES,
  INDUSTRIES,
  PHONE_CODES,
  SOCIAL_PLATFORMS,
  SOCIAL_PLATFORM_NAMES,
  type SocialPlatform,
} from '../lists/company.ts';
import { isValidEmail, normalizeEmail } from './auth.ts';
import { countryCodeField, hasUnsafeCharacters, isHttpUrl, requiredText } from './fields.ts';
import { companyNameField } from './names.ts';
import { isValidPhone, normalizePhone } from './profile.ts';
import { withCrossCheck } from './cross-check.ts';

// The company profile's fields and the pure rules around them (completion, link/platform).
// spec: profile-company §3 Company profile basics / contact, §4 Company side, §5, §9.

export const COMPANY_ABOUT_MAX = 200;
export const COMPANY_ADDRESS_MAX = 300;
export const COMPANY_SOCIALS_MAX = 9;

export const COMPANY_MESSAGES = {
  companyNameRequired: 'Company name is required',
  industryRequired: 'Industry is required',
  industryInvalid: 'Please choose an industry from the list',
  sizeRequired: 'Company size is required',
  sizeInvalid: 'Please choose a company size from the list',
  aboutTooLong: `Bio must be under ${COMPANY_ABOUT_MAX} characters`,
  websiteRequired: 'URL is required',
  websiteInvalid: 'Enter a full web address starting with http:// or https://',
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  addressRequired: 'Company address is required',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Enter a valid phone number',
  phoneCodeInvalid: 'Please choose a country code from the list',
  platformRequired: 'Please select a platform',
  platformInvalid: 'Please choose a platform from the list',
  socialUrlRequired: 'URL is required',
  socialUrlInvalid: 'Enter a full link starting with http:// or https://',
  socialsTooMany: `At most ${COMPANY_SOCIALS_MAX} social links`,
  logoTooLargeTitle: 'File Size Too Large',
  logoTooLarge: 'The logo must be less than 2MB',
  /** The link is on another site than its platform's. */
  socialUrlWrongSite: (platform: string) => `This is not a ${platform} link`,
} as const;
const M = COMPANY_MESSAGES;

// ---- pure rules ----

/** Whether `url` is an http(s) link on the platform's own site (a LinkedIn entry is a linkedin.com URL). */
export function isPlatformUrl(platform: string, url: string): boolean {
  const entry = SOCIAL_PLATFORMS.find((p) => p.name === platform);
  if (!entry || !isHttpUrl(url)) return false;
  if (entry.domains.length === 0) return true;
  const host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  return entry.domains.some((d) => host === d || host.endsWith(`.${d}`));
}

/** What is wrong with one social entry, or null. */
export function socialProblem(platform: string, url: string): string | null {
  if (!platform.trim()) return M.platformRequired;
  if (!SOCIAL_PLATFORM_NAMES.includes(platform as SocialPlatform)) return M.platformInvalid;
  if (!url.trim()) return M.socialUrlRequired;
  if (!isHttpUrl(url.trim())) return M.socialUrlInvalid;
  if (!isPlatformUrl(platform, url.trim())) return M.socialUrlWrongSite(platform);
  return null;
}

/** Splits a stored phone ('code space number', spec §3) into its parts. */
export function splitCompanyPhone(phone: string | null | undefined): { code: string; number: string } | null {
  const m = /^(\+\d{1,4}) (.+)$/.exec(phone ?? '');
  return m ? { code: m[1] as string, number: m[2] as string } : null;
}

export const isListedPhoneCode = (code: string) => PHONE_CODES.some((p) => p.code === code);

export type CompanyBasicsFacts = {
  companyName?: string | null;
  industry?: string | null;
  companySize?: string | null;
  country?: string | null;
  aboutCompany?: string | null;
  websiteUrl?: string | null;
  logoUrl?: string | null;
};
export type CompanyContactFacts = {
  email?: string | null;
  country?: string | null;
  address?: string | null;
  phone?: string | null;
  socials?: readonly { platform: string; url: string }[];
};

const filled = (v: string | null | undefined) => !!v && v.trim().length > 0;
const percent = (have: number, of: number) => Math.round((have / of) * 100);

/**
 * The company's completion from saved data. spec: profile-company §4: basics counts 7 items
 * (companyName, industry, companySize, country, aboutCompany, websiteUrl, photo present), contact 6
 * (email, country, address, phoneNumber, a chosen platform, a social URL); verification is 100 once
 * the company is verified; overall is the rounded average of the three (docs/decisions.md).
 */
export function companyCompletion(basics: CompanyBasicsFacts, contact: CompanyContactFacts, verified: boolean) {
  const b = [
    basics.companyName,
    basics.industry,
    basics.companySize,
    basics.country,
    basics.aboutCompany,
    basics.websiteUrl,
    basics.logoUrl,
  ];
  const socials = contact.socials ?? [];
  const c = [
    filled(contact.email),
    filled(contact.country),
    filled(contact.address),
    filled(splitCompanyPhone(contact.phone)?.number ?? null),
    socials.some((s) => filled(s.platform)),
    socials.some((s) => filled(s.url)),
  ];
  const basicsPct = percent(b.filter(filled).length, b.length);
  const contactPct = percent(c.filter(Boolean).length, c.length);
  const verificationPct = verified ? 100 : 0;
  return {
    basics: basicsPct,
    contact: contactPct,
    verification: verificationPct,
    overall: Math.round((basicsPct + contactPct + verificationPct) / 3),
  };
}
export type CompanyCompletion = ReturnType<typeof companyCompletion>;

// ---- wire schemas (the forms use the same ones) ----

const optionalLongText = (max: number, message: string) =>
  z
    .string()
    .refine((v) => !hasUnsafeCharacters(v, true), 'Remove control characters')
    .trim()
    .max(max, message);

export const websiteField = z
  .string({ error: M.websiteRequired })
  .trim()
  .min(1, { message: M.websiteRequired, abort: true })
  .max(URL_MAX, M.websiteInvalid)
  .refine(isHttpUrl, M.websiteInvalid);

export const CompanyBasicsBody = z.object({
  companyName: companyNameField(M.companyNameRequired),
  industry: z
    .string({ error: M.industryRequired })
    .min(1, { message: M.industryRequired, abort: true })
    .refine((v) => (INDUSTRIES as readonly string[]).includes(v), M.industryInvalid),
  companySize: z
    .string({ error: M.sizeRequired })
    .min(1, { message: M.sizeRequired, abort: true })
    .refine((v) => COMPANY_SIZE_CODES.includes(v), M.sizeInvalid),
  country: countryCodeField(),
  aboutCompany: optionalLongText(COMPANY_ABOUT_MAX, M.aboutTooLong).default(''),
  websiteUrl: websiteField,
});
export type CompanyBasicsInput = z.input<typeof CompanyBasicsBody>;

export const SocialEntry = z
  .object({ platform: z.string({ error: M.platformRequired }), url: z.string({ error: M.socialUrlRequired }).trim() })
  .superRefine((v, ctx) => {
    const problem = socialProblem(v.platform, v.url);
    if (problem)
      ctx.addIssue({
        code: 'custom',
        path: [problem === M.platformRequired || problem === M.platformInvalid ? 'platform' : 'url'],
        message: problem,
      });
  });

export const companyEmailField = requiredText(M.emailRequired, 254).refine(isValidEmail, M.emailInvalid).transform(normalizeEmail);

const CompanyContactFields = z.object({
  email: companyEmailField,
  country: countryCodeField(),
  address: requiredText(M.addressRequired, COMPANY_ADDRESS_MAX, { multiline: true }),
  phoneCountryCode: z.string({ error: M.phoneCodeInvalid }).refine(isListedPhoneCode, M.phoneCodeInvalid),
  phoneNumber: requiredText(M.phoneRequired, 40).transform(normalizePhone),
  socials: z.array(SocialEntry).max(COMPANY_SOCIALS_MAX, M.socialsTooMany).default([]),
});

/** The contact details; the phone is checked against its code as soon as both are there, whatever else fails (all errors at once). */
export const CompanyContactBody = withCrossCheck(CompanyContactFields, ['phoneCountryCode', 'phoneNumber'], (v, ctx) => {
  if (!isValidPhone(v.phoneCountryCode, v.phoneNumber)) {
    ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: M.phoneInvalid });
  }
});
export type CompanyContactInput = z.input<typeof CompanyContactBody>;

/** The stored phone: the code, a space, then the number (spec §3). */
export const companyPhone = (code: string, number: string) => `${code} ${normalizePhone(number)}`;
