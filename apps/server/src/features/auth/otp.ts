import crypto from 'node:crypto';
import {
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_MAX_FAILURES_PER_DAY,
  OTP_MAX_SENDS_PER_HOUR,
  OTP_RESEND_SECONDS,
  OTP_TTL_MINUTES,
  type api,
} from '@talentloop/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../http/app-error.ts';
import { hitCounter, readCounter } from '../../infra/counters.ts';
import type { Db } from '../../infra/db/client.ts';
import { otpCodes } from '../../infra/db/schema.ts';
import { enqueueMail } from '../../infra/mail/outbox.ts';
import { codeMail } from '../../infra/mail/templates.ts';
import { safeEqual } from '../../infra/secrets.ts';

// One-time codes. 5 digits (~16.6 bits) as the spec says; the compensating controls are the
// limits here: 10-minute life, 5 tries per code counted before comparing, 20 wrong codes per
// email per day, one send per 30 s and 5 per hour. docs/decisions.md
type Purpose = api.OtpPurpose;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

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

/**
 * Issues a new code for (email, purpose) inside the caller's transaction and queues its mail.
 * Refuses a send sooner than 30 s after the last one, or past 5 sends in the hour.
 */
export async function issueCode(
  tx: Tx,
  opts: { key: string; email: string; firstName: string; purpose: Purpose; now: Date },
): Promise<void> {
  const { email, purpose, now } = opts;
  const [last] = await tx
    .select({ sentAt: otpCodes.sentAt })
    .from(otpCodes)
    .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose)))
    .for('update');
  if (last && now.getTime() - last.sentAt.getTime() < OTP_RESEND_SECONDS * 1000) throw new AppError('TL_CORE_01023_E');
  const sends = await hitCounter(tx as unknown as Db, `otp-send:${email}`, 3_600_000, now);
  if (sends > OTP_MAX_SENDS_PER_HOUR) throw new AppError('TL_CORE_00429_E');

  const code = generateCode();
  const values = {
    email,
    purpose,
    codeHash: codeHash(opts.key, email, purpose, code),
    attempts: 0,
    sentAt: now,
    expiresAt: new Date(now.getTime() + OTP_TTL_MINUTES * 60_000),
    consumedAt: null,
  };
  await tx
    .insert(otpCodes)
    .values(values)
    .onConflictDoUpdate({ target: [otpCodes.email, otpCodes.purpose], set: values });
  await enqueueMail(tx, codeMail(email, opts.firstName, code, purpose), now);
}

/**
 * Checks a code and consumes it. The try is counted before the comparison, so parallel guesses
 * cannot exceed the limit, and consumption is a conditional update, so only one submission wins.
 * `onConsumed` runs in the same transaction as the consumption.
 */
export async function consumeCode<T>(
  db: Db,
  opts: { key: string; email: string; purpose: Purpose; code: string; now: Date },
  onConsumed: (tx: Tx) => Promise<T>,
): Promise<T> {
  const { email, purpose, now } = opts;
  const failureKey = `otp-fail:${email}`;
  if ((await readCounter(db, failureKey, DAY_MS, now)) >= OTP_MAX_FAILURES_PER_DAY) throw new AppError('TL_CORE_00429_E');

  const [row] = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt)))
    .returning();
  if (!row) throw new AppError('TL_CORE_01019_E');
  if (row.expiresAt.getTime() <= now.getTime()) throw new AppError('TL_CORE_01016_E');
  if (row.attempts > OTP_MAX_ATTEMPTS) throw new AppError('TL_CORE_01019_E');
  if (!safeEqual(row.codeHash, codeHash(opts.key, email, purpose, opts.code))) {
    await hitCounter(db, failureKey, DAY_MS, now);
    throw new AppError('TL_CORE_01015_E');
  }
  return db.transaction(async (tx) => {
    const consumed = await tx
      .update(otpCodes)
      .set({ consumedAt: now })
      .where(and(eq(otpCodes.id, row.id), isNull(otpCodes.consumedAt)))
      .returning({ id: otpCodes.id });
    if (consumed.length === 0) throw new AppError('TL_CORE_01019_E');
    return onConsumed(tx);
  });
}
