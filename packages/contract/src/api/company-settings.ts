import { z } from 'zod';
import { defineEndpoint } from './define.ts';

// Company view profile, 'Notifications & Communication' (issue 11): which mails the company
// receives. Imported directly ('@talentloop/contract/api/company-settings'). Clients only; a save
// sends the `version` it loaded, a stale one is refused with 409 TL_CORE_10110_E.

/**
 * Mail kinds a company may turn off. Mail the user asked for at that moment (codes, the password
 * change notice, a booking confirmation) is transactional and always sent: it is not listed here.
 */
export const COMPANY_MAIL_KINDS = ['verification', 'support', 'talent', 'news'] as const;
export type CompanyMailKind = (typeof COMPANY_MAIL_KINDS)[number];

export const COMPANY_MAIL_KIND_INFO: Record<CompanyMailKind, { label: string; description: string; defaultOn: boolean }> = {
  verification: {
    label: 'Verification outcome',
    description: 'When our team approves or rejects the documents you submitted.',
    defaultOn: true,
  },
  support: {
    label: 'Support calls',
    description: 'Reminders and updates about a support call you booked.',
    defaultOn: true,
  },
  talent: {
    label: 'Talent and shortlist updates',
    description: 'News about freelancers you shortlisted and roles you are hiring for.',
    defaultOn: true,
  },
  // Marketing needs an opt-in: off until the company turns it on.
  news: {
    label: 'Product news',
    description: 'New features and tips, at most once a month.',
    defaultOn: false,
  },
};

export const COMPANY_SETTINGS_MESSAGES = {
  notificationsSaved: 'Notification preferences saved',
  transactionalNote:
    'Mail you ask for at that moment (verification codes, the notice that your password changed, a booking confirmation) is always sent.',
} as const;

export const CompanyMailPreferences = z.strictObject(
  Object.fromEntries(COMPANY_MAIL_KINDS.map((k) => [k, z.boolean({ error: `${k} must be true or false` })])) as Record<
    CompanyMailKind,
    z.ZodBoolean
  >,
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown mail kind: ${issue.keys.join(', ')}` : undefined) },
);
export type CompanyMailPreferences = z.infer<typeof CompanyMailPreferences>;

/** Every kind with its default (what a company that saved nothing receives). */
export const DEFAULT_COMPANY_MAIL_PREFERENCES = Object.fromEntries(
  COMPANY_MAIL_KINDS.map((k) => [k, COMPANY_MAIL_KIND_INFO[k].defaultOn]),
) as CompanyMailPreferences;

export const CompanyNotificationsBody = z.object({
  mail: CompanyMailPreferences,
  version: z.number().int().min(0).optional(),
});
export type CompanyNotificationsBody = z.input<typeof CompanyNotificationsBody>;

const NotificationsResponse = z.object({
  status: z.literal('success'),
  responseMessage: z.string(),
  version: z.number().int().min(0),
  mail: CompanyMailPreferences,
});

export const getCompanyNotifications = defineEndpoint({
  tag: 'company',
  method: 'GET',
  path: '/company/settings/notifications',
  summary: 'Which mails the company receives (defaults before the first save)',
  auth: true,
  access: ['client'],
  response: NotificationsResponse,
});

export const saveCompanyNotifications = defineEndpoint({
  tag: 'company',
  method: 'PUT',
  path: '/company/settings/notifications',
  summary: 'Save which mails the company receives (every kind, true or false)',
  auth: true,
  access: ['client'],
  body: CompanyNotificationsBody,
  response: NotificationsResponse,
});
