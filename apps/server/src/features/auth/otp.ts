import crypto from 'node:crypto';
import { OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_RESEND_SECONDS, OTP_TTL_MINUTES, type api } from '@talentloop/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../http/app-error.ts';
import { hitCounter, readCounter } from '../../infra/counters.ts';
import type { Db } from '../../infra/db/client.ts';
import { otpCodes } from '../../infra/db/schema.ts';
import { enqueueMail } from '../../infra/mail/outbox.ts';
import { codeMail } from '../../infra/mail/templates.ts';
import { safeEqual } from '../../infra/secrets.ts';

// One-time codes. 5 digits (~16.6 bits) as the spec says; the compensating controls are the
// limits here and the caps the routes pass: 10-minute life, 5 tries per code counted before
// comparing, wrong codes and sends capped per day/hour, one send per 30 s per browser; every code
// is bound to the browser that requested it. docs/decisions.md
// 'account_deletion': issued only to a signed-in session (features/account), never through /otp/send.
// 'company_email': a company proving it reads its contact address (features/company), signed in only.
export type Purpose = api.OtpPurpose | 'account_deletion' | 'company_email';
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

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

/**
 * Issues a new code for (email, purpose, requester) inside the caller's transaction and queues
 * its mail. The requester is the hash of the browser's code cookie (routes.ts): a code only ever
 * works from the browser that asked for it, and one browser's request never replaces another's
 * code. Refuses a send sooner than 30 s after this browser's last one, or past any send cap.
 * A registration carries its payload; a resend (payload undefined) keeps the stored one.
 */
export async function issueCode(
  tx: Tx,
  opts: {
    key: string;
    email: string;
    firstName: string;
    purpose: Purpose;
    requester: string;
    now: Date;
    sendCaps: Cap[];
    payload?: RegistrationPayload;
  },
): Promise<void> {
  const { email, purpose, requester, now } = opts;
  const [last] = await tx
    .select({ sentAt: otpCodes.sentAt })
    .from(otpCodes)
    .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose), eq(otpCodes.requester, requester)))
    .for('update');
  if (last && now.getTime() - last.sentAt.getTime() < OTP_RESEND_SECONDS * 1000) throw new AppError('TL_CORE_01023_E');
  for (const cap of opts.sendCaps) {
    if ((await hitCounter(tx as unknown as Db, cap.key, cap.windowMs, now)) > cap.max) throw new AppError('TL_CORE_00429_E');
  }

  const code = generateCode();
  const values = {
    email,
    purpose,
    requester,
    codeHash: codeHash(opts.key, email, purpose, code),
    attempts: 0,
    sentAt: now,
    expiresAt: new Date(now.getTime() + OTP_TTL_MINUTES * 60_000),
    consumedAt: null,
    ...(opts.payload ? { payload: opts.payload } : {}),
  };
  await tx
    .insert(otpCodes)
    .values(values)
    .onConflictDoUpdate({ target: [otpCodes.email, otpCodes.purpose, otpCodes.requester], set: values });
  await enqueueMail(tx, codeMail(email, opts.firstName, code, purpose), now);
}

/** The live code row this browser asked for, if any (for resends). */
export async function findCode(db: Db, email: string, purpose: Purpose, requester: string) {
  const [row] = await db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose), eq(otpCodes.requester, requester)));
  return row;
}

/** Whether someone has registered the address and not verified it yet (a live registration code). */
export async function hasPendingRegistration(db: Db, email: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: otpCodes.id })
    .from(otpCodes)
    .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, 'registration'), isNull(otpCodes.consumedAt), gt(otpCodes.expiresAt, now)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Checks the code this browser asked for and consumes it. The try is counted before the
 * comparison, so parallel guesses cannot exceed the limit, and consumption is a conditional
 * update, so only one submission wins. A wrong code counts against every failure cap given (none
 * may be full when the try starts). `onConsumed` runs in the consuming transaction.
 */
export async function consumeCode<T>(
  db: Db,
  opts: { key: string; email: string; purpose: Purpose; requester: string; code: string; now: Date; failureCaps: Cap[] },
  onConsumed: (tx: Tx, row: typeof otpCodes.$inferSelect) => Promise<T>,
): Promise<T> {
  const { email, purpose, requester, now } = opts;
  for (const cap of opts.failureCaps) {
    if ((await readCounter(db, cap.key, cap.windowMs, now)) >= cap.max) throw new AppError('TL_CORE_00429_E');
  }

  const [row] = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose), eq(otpCodes.requester, requester), isNull(otpCodes.consumedAt)))
    .returning();
  if (!row) throw new AppError('TL_CORE_01019_E');
  if (row.expiresAt.getTime() <= now.getTime()) throw new AppError('TL_CORE_01016_E');
  if (row.attempts > OTP_MAX_ATTEMPTS) throw new AppError('TL_CORE_01019_E');
  if (!safeEqual(row.codeHash, codeHash(opts.key, email, purpose, opts.code))) {
    for (const cap of opts.failureCaps) await hitCounter(db, cap.key, cap.windowMs, now);
    throw new AppError('TL_CORE_01015_E');
  }
  return db.transaction(async (tx) => {
    const consumed = await tx
      .update(otpCodes)
      .set({ consumedAt: now })
      .where(and(eq(otpCodes.id, row.id), isNull(otpCodes.consumedAt)))
      .returning({ id: otpCodes.id });
    if (consumed.length === 0) throw new AppError('TL_CORE_01019_E');
    return onConsumed(tx, row);
  });
}
