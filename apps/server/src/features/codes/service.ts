import crypto from 'node:crypto';
import { OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_RESEND_SECONDS, OTP_TTL_MINUTES } from '@talentloop/contract';
import { CODE_CAPS, type CodePurpose, MAIL_CAPS } from '@talentloop/contract/mail-caps';
import { AppError } from '../../http/app-error.ts';
import { hitCounter, readCounter } from '../../infra/counters.ts';
import type { Db, Tx } from '../../infra/db/client.ts';
import type { OutboxWorker } from '../../infra/mail/outbox.ts';
import { enqueueMail } from '../../infra/mail/outbox.ts';
import { codeMail } from '../../infra/mail/templates.ts';
import { safeEqual, sha256 } from '../../infra/secrets.ts';
import {
  type CodeRow,
  countAttempt,
  deleteCodes,
  findCode,
  hasPendingRegistration,
  lockLastSend,
  markConsumed,
  upsertCode,
} from './queries.ts';

// One-time codes: the one service that issues, resends and consumes every mailed code (sign-up,
// password reset, company email, account deletion). 5 digits (~16.6 bits) as the spec says; the
// compensating controls are the limits here and the caps per purpose (contract CODE_CAPS,
// MAIL_CAPS): 10-minute life, 5 tries per code counted before comparing, wrong codes and sends
// capped per day/hour, one send per 30 s per requester; every code is bound to the requester that
// asked for it (a browser's code cookie for sign-up and reset, the session for the signed-in
// purposes). docs/decisions.md
// 'account_deletion': issued only to a signed-in session (features/account), never through /otp/send.
// 'company_email': a company proving it reads its contact address (features/company), signed in only.
export type Purpose = CodePurpose;

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

function codeHash(key: string, email: string, purpose: Purpose, code: string): string {
  return crypto.createHmac('sha256', key).update(`${purpose}\0${email}\0${code}`).digest('base64url');
}

export function generateCode(): string {
  return crypto
    .randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0');
}

/** A counter that caps something per window: sends per hour, wrong codes per day. */
export type Cap = { key: string; max: number; windowMs: number };

/** What a registration code activates: the details of the one attempt it was sent for. */
export type RegistrationPayload = {
  passwordHash: string;
  firstName: string;
  lastName: string;
  userType: string;
  company: string;
};

export function isRegistrationPayload(value: unknown): value is RegistrationPayload {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return ['passwordHash', 'firstName', 'lastName', 'userType', 'company'].every((k) => typeof v[k] === 'string');
}

/** Who asks for a code: the address, the requester it is bound to, the requesting IP, the signed-in account if any. */
export type CodeSubject = { email: string; requester: string; ip: string; accountId?: string };

/** The requester of a signed-in purpose: the session that asked (a code works only for it). */
export function sessionRequester(purpose: 'company_email' | 'account_deletion' | 'payout_details', sessionOrUserId: string): string {
  const prefix = { company_email: 'company-email', account_deletion: 'account-deletion', payout_details: 'payout-details' }[purpose];
  return sha256(`${prefix}:${sessionOrUserId}`);
}

function accountOf(subject: CodeSubject): string {
  if (!subject.accountId) throw new Error('a signed-in code purpose needs the account');
  return subject.accountId;
}

/**
 * The counters of a purpose, their numbers from the contract (CODE_CAPS, MAIL_CAPS). Registration:
 * sends and wrong codes per address. Password reset: per address and requesting IP, so one
 * stranger's requests or wrong guesses never use up the owner's, with higher per-address caps
 * bounding mail and guesses. Company email: sends per address and per account, wrong codes per
 * account. Account deletion: the account's own address, so its caps per account and per address
 * are one counter (shared with sign-up's), wrong codes per account.
 */
export function capsOf(purpose: Purpose, subject: CodeSubject): { send: Cap[]; failure: Cap[] } {
  const { email, ip } = subject;
  switch (purpose) {
    case 'registration': {
      const caps = CODE_CAPS.registration;
      const mail = MAIL_CAPS[caps.mail];
      return {
        send: [{ key: `otp-send:${email}`, max: mail.perRecipientPerHour, windowMs: HOUR_MS }],
        failure: [{ key: `otp-fail:${email}`, max: caps.failuresPerDay, windowMs: DAY_MS }],
      };
    }
    case 'password_reset': {
      const caps = CODE_CAPS.password_reset;
      const mail = MAIL_CAPS[caps.mail];
      return {
        send: [
          { key: `otp-send:reset:${email}:${ip}`, max: caps.sendsPerIpPerHour, windowMs: HOUR_MS },
          { key: `otp-send:reset:${email}`, max: mail.perRecipientPerHour, windowMs: HOUR_MS },
        ],
        failure: [
          { key: `otp-fail:reset:${email}:${ip}`, max: caps.failuresPerDay, windowMs: DAY_MS },
          { key: `otp-fail:reset:${email}`, max: caps.failuresPerDayAll, windowMs: DAY_MS },
        ],
      };
    }
    case 'company_email': {
      const caps = CODE_CAPS.company_email;
      const mail = MAIL_CAPS[caps.mail];
      const account = accountOf(subject);
      return {
        send: [
          { key: `otp-send:company-email:${email}`, max: mail.perRecipientPerHour, windowMs: HOUR_MS },
          { key: `otp-send:company-email-account:${account}`, max: mail.perAccountPerHour, windowMs: HOUR_MS },
        ],
        failure: [{ key: `otp-fail:company-email:${account}`, max: caps.failuresPerDay, windowMs: DAY_MS }],
      };
    }
    case 'account_deletion': {
      const caps = CODE_CAPS.account_deletion;
      const mail = MAIL_CAPS[caps.mail];
      // The account's own address: its caps per account and per address are one counter.
      return {
        send: [{ key: `otp-send:${email}`, max: mail.perRecipientPerHour, windowMs: HOUR_MS }],
        failure: [{ key: `otp-fail:account-deletion:${accountOf(subject)}`, max: caps.failuresPerDay, windowMs: DAY_MS }],
      };
    }
    case 'payout_details': {
      // The account's own address (issue 35): sends per account and address, wrong codes per account.
      const caps = CODE_CAPS.payout_details;
      const mail = MAIL_CAPS[caps.mail];
      const account = accountOf(subject);
      return {
        send: [
          { key: `otp-send:payout-details:${email}`, max: mail.perRecipientPerHour, windowMs: HOUR_MS },
          { key: `otp-send:payout-details-account:${account}`, max: mail.perAccountPerHour, windowMs: HOUR_MS },
        ],
        failure: [{ key: `otp-fail:payout-details:${account}`, max: caps.failuresPerDay, windowMs: DAY_MS }],
      };
    }
  }
}

/** Drops every code of the address for the purpose, in the caller's transaction (a verified registration ends every other attempt). */
export async function dropCodes(tx: Tx, email: string, purpose: Purpose): Promise<void> {
  await deleteCodes(tx, email, purpose);
}

type Deps = { db: Db; otpKey: string; outbox: Pick<OutboxWorker, 'kick'> };

export function createCodeService({ db, otpKey, outbox }: Deps) {
  /**
   * Issues a new code for (email, purpose, requester) in one transaction and queues its mail. One
   * browser's (or session's) request never replaces another's code. Refuses a send sooner than
   * 30 s after this requester's last one, or past any send cap of the purpose. A registration
   * carries its payload; a resend (payload undefined) keeps the stored one.
   */
  async function issue(
    purpose: Purpose,
    opts: CodeSubject & {
      firstName: string;
      now: Date;
      payload?: RegistrationPayload;
      /** Runs in the issuing transaction (an operator's resend writes its audit entry there). */
      within?: (tx: Tx) => Promise<void>;
    },
  ): Promise<void> {
    const { email, requester, now } = opts;
    await db.transaction(async (tx) => {
      const last = await lockLastSend(tx, email, purpose, requester);
      if (last && now.getTime() - last.sentAt.getTime() < OTP_RESEND_SECONDS * 1000) throw new AppError('TL_CORE_01023_E');
      for (const cap of capsOf(purpose, opts).send) {
        if ((await hitCounter(tx, cap.key, cap.windowMs, now)) > cap.max) throw new AppError('TL_CORE_00429_E');
      }

      const code = generateCode();
      await upsertCode(tx, {
        email,
        purpose,
        requester,
        codeHash: codeHash(otpKey, email, purpose, code),
        attempts: 0,
        sentAt: now,
        expiresAt: new Date(now.getTime() + OTP_TTL_MINUTES * 60_000),
        consumedAt: null,
        ...(opts.payload ? { payload: opts.payload } : {}),
      });
      await enqueueMail(tx, codeMail(email, opts.firstName, code, purpose), now);
      await opts.within?.(tx);
    });
    outbox.kick();
  }

  return {
    issue,

    /** A new code for the attempt this requester already holds (see find): its stored payload is kept. */
    resend: (purpose: Purpose, opts: CodeSubject & { firstName: string; now: Date; within?: (tx: Tx) => Promise<void> }) =>
      issue(purpose, { ...opts, payload: undefined }),

    /** The code row this requester asked for, if any. */
    find: (purpose: Purpose, email: string, requester: string) => findCode(db, email, purpose, requester),

    hasPendingRegistration: (email: string, now: Date) => hasPendingRegistration(db, email, now),

    /**
     * Checks the code this requester asked for and consumes it. The try is counted before the
     * comparison, so parallel guesses cannot exceed the limit, and consumption is a conditional
     * update, so only one submission wins. A wrong code counts against every failure cap of the
     * purpose (none may be full when the try starts). `onConsumed` runs in the consuming transaction.
     */
    async consume<T>(
      purpose: Purpose,
      opts: CodeSubject & { code: string; now: Date },
      onConsumed: (tx: Tx, row: CodeRow) => Promise<T>,
    ): Promise<T> {
      const { email, requester, now } = opts;
      const failureCaps = capsOf(purpose, opts).failure;
      for (const cap of failureCaps) {
        if ((await readCounter(db, cap.key, cap.windowMs, now)) >= cap.max) throw new AppError('TL_CORE_00429_E');
      }

      const row = await countAttempt(db, email, purpose, requester);
      if (!row) throw new AppError('TL_CORE_01019_E');
      if (row.expiresAt.getTime() <= now.getTime()) throw new AppError('TL_CORE_01016_E');
      if (row.attempts > OTP_MAX_ATTEMPTS) throw new AppError('TL_CORE_01019_E');
      if (!safeEqual(row.codeHash, codeHash(otpKey, email, purpose, opts.code))) {
        for (const cap of failureCaps) await hitCounter(db, cap.key, cap.windowMs, now);
        throw new AppError('TL_CORE_01015_E');
      }
      return db.transaction(async (tx) => {
        if (!(await markConsumed(tx, row.id, now))) throw new AppError('TL_CORE_01019_E');
        return onConsumed(tx, row);
      });
    },
  };
}

export type CodeService = ReturnType<typeof createCodeService>;
