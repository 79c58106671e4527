import { OTP_MAX_FAILURES_PER_DAY, OTP_MAX_SENDS_PER_HOUR } from './limits.ts';

// Mail caps (issue 18, DESIGN.md security baseline): every mail a user or a company can make the
// server send is capped per account and per recipient, per hour, here and nowhere else. The server
// counts them in the database (infra/mail/caps.ts), so every instance shares one count. A mail
// past a cap is refused with TL_CORE_12001_E (the account's cap) or TL_CORE_12002_E (the
// address's cap) and the action that would send it changes nothing; mail to the operators
// ('notifyOnly') is dropped instead, the request it reports still stored.
// One-time codes keep their own counters (features/codes: per address, per requesting IP or per
// account); their numbers are the ones in this table and in CODE_CAPS below.

export const MAIL_CAP_WINDOW_MS = 3_600_000;

export type MailCap = {
  /** Mails of this kind one account may trigger in an hour; null: not sent for an account. */
  perAccountPerHour: number | null;
  /** Mails of this kind one address may receive in an hour, whoever triggers them. */
  perRecipientPerHour: number | null;
  /** What is counted, as said in the limit's message ('support call bookings'). */
  counted: string;
  /** Sent only as the follow-up of one mail of this other kind (a MailPurpose), which counts both. */
  countedWith?: string;
  /** A notice (to the operators, or a freelancer's shortlist notice): past the cap it is not sent, and the action still succeeds. */
  notifyOnly?: boolean;
};

export const MAIL_CAPS = {
  // One-time codes (features/codes counts them; CODE_CAPS below holds their other numbers).
  registrationCode: { perAccountPerHour: null, perRecipientPerHour: OTP_MAX_SENDS_PER_HOUR, counted: 'verification codes' },
  passwordResetCode: { perAccountPerHour: null, perRecipientPerHour: 20, counted: 'password reset codes' },
  accountDeletionCode: {
    perAccountPerHour: OTP_MAX_SENDS_PER_HOUR,
    perRecipientPerHour: OTP_MAX_SENDS_PER_HOUR,
    counted: 'deletion codes',
  },
  companyEmailCode: { perAccountPerHour: 10, perRecipientPerHour: OTP_MAX_SENDS_PER_HOUR, counted: 'company email codes' },
  // The support call's invitation; its cancellation is the same call's second mail, counted with
  // it, so a booked call can always be cancelled and the cancellation always mailed.
  supportCallBooked: { perAccountPerHour: 5, perRecipientPerHour: 5, counted: 'support call bookings' },
  supportCallCancelled: {
    perAccountPerHour: null,
    perRecipientPerHour: null,
    counted: 'support call bookings',
    countedWith: 'supportCallBooked',
  },
  passwordChanged: { perAccountPerHour: 10, perRecipientPerHour: 10, counted: 'password changes' },
  // To the operators (OPS_EMAIL): a flood of requests does not flood their inbox.
  partnerRequest: { perAccountPerHour: null, perRecipientPerHour: 60, counted: 'partner request notices', notifyOnly: true },
  documentsSubmitted: { perAccountPerHour: 3, perRecipientPerHour: 60, counted: 'document review notices', notifyOnly: true },
  // To a freelancer when a company shortlists them or moves them (issue 20): a company's moves are
  // never refused for it (its list is its own); past a cap the notice is dropped, the move kept.
  shortlistUpdate: { perAccountPerHour: 200, perRecipientPerHour: 10, counted: 'shortlist notices', notifyOnly: true },
  // A company's interview proposals and reschedules (issue 22): each mails the freelancer, so they
  // are capped and refused past the cap. The answers and reminders follow from one proposal.
  interviewInvitation: { perAccountPerHour: 60, perRecipientPerHour: 20, counted: 'interview invitations' },
  // Messages left unread (issue 36): one mail per conversation per quiet period already; past these
  // the notice is dropped (the messages are there to read).
  missedMessages: { perAccountPerHour: null, perRecipientPerHour: 6, counted: 'missed-message notices', notifyOnly: true },
} as const satisfies Record<string, MailCap>;

export type MailPurpose = keyof typeof MAIL_CAPS;

/** The one-time-code sends of a password reset one requesting IP may ask for per address and hour. */
export const PASSWORD_RESET_SENDS_PER_REQUESTER = OTP_MAX_SENDS_PER_HOUR;

/** Every mailed one-time code's purpose (the value stored with the code and mixed into its hash). */
export type CodePurpose = 'registration' | 'password_reset' | 'company_email' | 'account_deletion';

export type CodeCaps = {
  /** The mail cap (MAIL_CAPS) whose numbers bound the sends: per address, and per account where it has one. */
  mail: MailPurpose;
  /** Sends one requesting IP may ask for per address and hour, apart from the address's cap; null: none apart. */
  sendsPerIpPerHour: number | null;
  /** Wrong codes a day: per address (password reset: per address and requesting IP; signed-in purposes: per account). */
  failuresPerDay: number;
  /** Wrong codes a day per address from every requester together (a backstop); null: none apart. */
  failuresPerDayAll: number | null;
};

/**
 * The caps of every mailed one-time code, per purpose (features/codes counts them). Besides these,
 * every code: OTP_TTL_MINUTES of life, OTP_MAX_ATTEMPTS tries, one send per OTP_RESEND_SECONDS per
 * requester (limits.ts). Password reset is counted per address and requesting IP, so one
 * stranger's requests or wrong codes never use up the owner's; the per-address numbers bound mail.
 */
export const CODE_CAPS = {
  registration: { mail: 'registrationCode', sendsPerIpPerHour: null, failuresPerDay: OTP_MAX_FAILURES_PER_DAY, failuresPerDayAll: null },
  password_reset: {
    mail: 'passwordResetCode',
    sendsPerIpPerHour: PASSWORD_RESET_SENDS_PER_REQUESTER,
    failuresPerDay: OTP_MAX_FAILURES_PER_DAY,
    failuresPerDayAll: 100,
  },
  company_email: { mail: 'companyEmailCode', sendsPerIpPerHour: null, failuresPerDay: OTP_MAX_FAILURES_PER_DAY, failuresPerDayAll: null },
  account_deletion: {
    mail: 'accountDeletionCode',
    sendsPerIpPerHour: null,
    failuresPerDay: OTP_MAX_FAILURES_PER_DAY,
    failuresPerDayAll: null,
  },
} as const satisfies Record<CodePurpose, CodeCaps>;

/** What a refusal says: which limit was reached. */
export function mailCapMessage(purpose: MailPurpose, scope: 'account' | 'recipient'): string {
  const cap: MailCap = MAIL_CAPS[purpose];
  const max = scope === 'account' ? cap.perAccountPerHour : cap.perRecipientPerHour;
  const who = scope === 'account' ? 'This account' : 'This email address';
  return `${who} has reached the limit of ${max} ${cap.counted} an hour. Please try again later.`;
}
