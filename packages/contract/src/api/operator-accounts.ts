import { z } from 'zod';
import type { ONBOARDING_STAGES } from '../stage.ts';
import { COMPANY_VERIFICATION_STATUSES } from './company.ts';
import { defineEndpoint } from './define.ts';
import { ReasonText, VETTING_STATUSES } from './talent-pool.ts';
import { uuidParam } from '../validation/ids.ts';

// The operator console's accounts (issue 21): search by email or name, one account's details,
// suspend / reactivate, resend a sign-up code, grant / revoke the operator role. Operators only.
// Imported directly ('@talentloop/contract/api/operator-accounts').

const operators = ['operator'] as const;

/** Accounts per page of a search. */
export const ACCOUNTS_PAGE_SIZE = 25;
/** Sign-ups waiting for their code shown beside a search's first page. */
export const PENDING_SIGNUPS_SHOWN = 10;
export const ACCOUNT_SEARCH_MAX = 200;

export const ACCOUNT_KINDS = ['freelancer', 'company'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];
export const ACCOUNT_STATUSES = ['active', 'suspended'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const ACCOUNT_KIND_LABELS: Record<AccountKind, string> = { freelancer: 'Freelancer', company: 'Company' };
export const ACCOUNT_STATUS_LABELS: Record<AccountStatus, string> = { active: 'Active', suspended: 'Suspended' };
export const ONBOARDING_STAGE_LABELS: Record<(typeof ONBOARDING_STAGES)[number], string> = {
  PROFILE_BASICS: 'Onboarding: profile basics',
  EDUCATION_DETAILS: 'Onboarding: education',
  WORK_PREFERENCES: 'Onboarding: work preferences',
  COMPLETED: 'Onboarding complete',
};
export const COMPANY_VERIFICATION_LABELS: Record<(typeof COMPANY_VERIFICATION_STATUSES)[number], string> = {
  unverified: 'Not verified',
  pending: 'Documents in review',
  verified: 'Verified',
};

export const ACCOUNT_MESSAGES = {
  suspended: 'Every session has ended, and sign-in is refused until the account is reactivated.',
  reactivated: 'They can sign in again.',
  codeSent: 'A new code was sent. It works in the browser the sign-up was made in.',
  granted: 'They see the console from their next page.',
  revoked: 'They no longer see the console.',
  queryTooLong: `Search with at most ${ACCOUNT_SEARCH_MAX} characters`,
  badCursor: 'cursor must come from the previous page',
} as const;

/** Where an account is: a freelancer's onboarding and vetting, a company's name and verification. */
export const AccountStage = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('freelancer'),
    onboardingStage: z.string(),
    vettingStatus: z.enum(VETTING_STATUSES).nullable(),
  }),
  z.object({
    kind: z.literal('company'),
    companyName: z.string().nullable(),
    verificationStatus: z.enum(COMPANY_VERIFICATION_STATUSES).nullable(),
  }),
]);
export type AccountStage = z.infer<typeof AccountStage>;

export const AccountRow = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.array(z.string()),
  kind: z.enum(ACCOUNT_KINDS),
  createdAt: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
  suspendedAt: z.string().nullable(),
  emailVerified: z.boolean(),
  /** Made by the demo seed: shown as a demo, never mailed. */
  demo: z.boolean(),
  stage: AccountStage,
});
export type AccountRow = z.infer<typeof AccountRow>;

export const AccountDetail = AccountRow.extend({
  /** When the account last signed in (its newest session); null if never. */
  lastSignInAt: z.string().nullable(),
  /** Sessions not ended (signed in somewhere). */
  liveSessions: z.number(),
  /** This account is the operator looking at it. */
  isSelf: z.boolean(),
});
export type AccountDetail = z.infer<typeof AccountDetail>;

/**
 * A sign-up waiting for its code: no account exists until the code is entered (the account is
 * made at verification), so this is the honest "unverified email" case an operator can help with.
 */
export const PendingSignup = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  kind: z.enum(ACCOUNT_KINDS),
  codeSentAt: z.string(),
  codeExpiresAt: z.string(),
});
export type PendingSignup = z.infer<typeof PendingSignup>;

const CURSOR = /^\d{4}-\d{2}-\d{2}T[\d:.]+Z\|[0-9a-f-]{36}$/;

export const AccountSearchQuery = z.strictObject({
  /** Part of an email, first or last name (case-insensitive); empty lists the newest accounts. */
  q: z.string().trim().max(ACCOUNT_SEARCH_MAX, { error: ACCOUNT_MESSAGES.queryTooLong }).optional(),
  cursor: z.string().regex(CURSOR, { error: ACCOUNT_MESSAGES.badCursor }).optional(),
});
export type AccountSearchQuery = z.infer<typeof AccountSearchQuery>;

export const searchAccounts = defineEndpoint({
  tag: 'operator',
  method: 'GET',
  path: '/operator/accounts',
  summary: 'Accounts whose email, first or last name contains the search (newest first), and sign-ups waiting for their code',
  auth: true,
  access: operators,
  query: AccountSearchQuery,
  response: z.object({
    status: z.literal('success'),
    accounts: z.array(AccountRow),
    /** Pass as `cursor` for the next page; null on the last page. */
    nextCursor: z.string().nullable(),
    /** First page only: matching sign-ups whose code was never entered. */
    pendingSignups: z.array(PendingSignup),
  }),
});

export const getAccount = defineEndpoint({
  tag: 'operator',
  method: 'GET',
  path: '/operator/accounts/:userId',
  params: z.object({ userId: uuidParam('TL_CORE_14101_E') }),
  summary: 'One account: role, status, stage, last sign-in and live sessions',
  auth: true,
  access: operators,
  errors: ['TL_CORE_14101_E'],
  response: z.object({ status: z.literal('success'), account: AccountDetail }),
});

const AccountActionResponse = z.object({ status: z.literal('success'), responseMessage: z.string(), account: AccountDetail });

export const SuspendAccountBody = z.object({ reason: ReasonText });
export type SuspendAccountBody = z.input<typeof SuspendAccountBody>;

export const suspendAccount = defineEndpoint({
  tag: 'operator',
  method: 'POST',
  path: '/operator/accounts/:userId/suspend',
  params: z.object({ userId: uuidParam('TL_CORE_14101_E') }),
  summary: 'Suspends an account (reason required): every session ends at once and sign-in is refused',
  auth: true,
  access: operators,
  body: SuspendAccountBody,
  errors: ['TL_CORE_14101_E', 'TL_CORE_14102_E', 'TL_CORE_14104_E', 'TL_CORE_14105_E'],
  response: AccountActionResponse,
});

export const ReactivateAccountBody = z.object({ reason: ReasonText.optional() });
export type ReactivateAccountBody = z.input<typeof ReactivateAccountBody>;

export const reactivateAccount = defineEndpoint({
  tag: 'operator',
  method: 'POST',
  path: '/operator/accounts/:userId/reactivate',
  params: z.object({ userId: uuidParam('TL_CORE_14101_E') }),
  summary: 'Reactivates a suspended account: it can sign in again',
  auth: true,
  access: operators,
  body: ReactivateAccountBody,
  errors: ['TL_CORE_14101_E', 'TL_CORE_14103_E'],
  response: AccountActionResponse,
});

export const resendAccountCode = defineEndpoint({
  tag: 'operator',
  method: 'POST',
  path: '/operator/accounts/:userId/resend-code',
  params: z.object({ userId: uuidParam('TL_CORE_14101_E') }),
  summary: 'Resends the sign-up code of an account whose email is not verified (409 when it is)',
  auth: true,
  access: operators,
  errors: ['TL_CORE_14101_E', 'TL_CORE_14106_E', 'TL_CORE_14107_E', 'TL_CORE_01023_E'],
  response: z.object({ status: z.literal('success'), responseMessage: z.string() }),
});

export const resendSignupCode = defineEndpoint({
  tag: 'operator',
  method: 'POST',
  path: '/operator/signups/:signupId/resend-code',
  params: z.object({ signupId: uuidParam('TL_CORE_14108_E') }),
  summary: 'Resends the code of a sign-up waiting for it, to the same address and for the same browser',
  auth: true,
  access: operators,
  errors: ['TL_CORE_14106_E', 'TL_CORE_14108_E', 'TL_CORE_01023_E'],
  response: z.object({ status: z.literal('success'), responseMessage: z.string() }),
});

export const OperatorRoleBody = z.object({ grant: z.boolean({ error: 'grant must be true or false' }) });
export type OperatorRoleBody = z.input<typeof OperatorRoleBody>;

export const setOperatorRole = defineEndpoint({
  tag: 'operator',
  method: 'POST',
  path: '/operator/accounts/:userId/operator',
  params: z.object({ userId: uuidParam('TL_CORE_14101_E') }),
  summary: 'Grants or revokes the operator role (never the last active operator)',
  auth: true,
  access: operators,
  body: OperatorRoleBody,
  errors: ['TL_CORE_14101_E', 'TL_CORE_14105_E', 'TL_CORE_14109_E', 'TL_CORE_14110_E'],
  response: AccountActionResponse,
});
