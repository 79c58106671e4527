import crypto from 'node:crypto';
import { CODE_CAPS, type CodePurpose, MAIL_CAPS } from '@talentloop/contract/mail-caps';
import { OTP_MAX_ATTEMPTS } from '@talentloop/contract/limits';
import { describe, expect, test } from 'vitest';
import { createCodeService } from '../src/features/codes/service.ts';
import { AppError } from '../src/http/app-error.ts';
import { uniqueEmail, useApi } from './helpers.ts';

// Every mailed code's caps come from one table in the contract (CODE_CAPS, MAIL_CAPS): the codes
// service is checked here purpose by purpose against that table's own numbers, so a purpose whose
// caps drift from the table, or a new purpose without caps, fails.

const env = useApi();
const HOUR_MS = 3_600_000;
const PURPOSES = Object.keys(CODE_CAPS) as CodePurpose[];

/** The catalogue code an issue or consume was refused with, or 'ok'. */
async function outcome(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
    return 'ok';
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}

async function codesFor(purpose: CodePurpose) {
  const app = await env.start();
  const codes = createCodeService({ db: app.db, otpKey: crypto.randomBytes(32).toString('base64url'), outbox: { kick: () => {} } });
  const email = uniqueEmail('caps');
  const accountId = crypto.randomUUID();
  // Every send from its own requester and address, so only the address's (and account's) caps count.
  let n = 0;
  const subject = () => {
    n++;
    return { email, requester: `requester-${n}`, ip: `203.0.113.${n}`, accountId };
  };
  const payload = { passwordHash: 'x', firstName: 'Asha', lastName: 'Rao', userType: 'freelancer', company: '' };
  const issue = (now: Date, who = subject()) =>
    outcome(() => codes.issue(purpose, { ...who, firstName: 'Asha', now, payload: purpose === 'registration' ? payload : undefined }));
  return { codes, subject, issue };
}

describe('the caps of every mailed code, from the contract’s table', () => {
  test.each(PURPOSES)('%s: the address gets at most its hourly sends, and again an hour later', async (purpose) => {
    const { issue } = await codesFor(purpose);
    const max = MAIL_CAPS[CODE_CAPS[purpose].mail].perRecipientPerHour;
    const start = new Date('2026-06-01T09:00:00Z');
    const sends = [];
    for (let i = 0; i <= max; i++) sends.push(await issue(new Date(start.getTime() + i * 1000)));
    expect(sends).toEqual([...Array(max).fill('ok'), 'TL_CORE_00429_E']);
    expect(await issue(new Date(start.getTime() + HOUR_MS + 60_000))).toBe('ok');
  });

  test.each(PURPOSES)('%s: past its wrong codes a day, even a new code is refused until the next day', async (purpose) => {
    const { codes, subject, issue } = await codesFor(purpose);
    const max = CODE_CAPS[purpose].failuresPerDay;
    const start = new Date('2026-06-01T09:00:00Z');
    // Wrong codes spread over several codes (each takes OTP_MAX_ATTEMPTS tries), an hour apart so
    // the send caps never stop a new code. Password reset counts per address and IP: one IP here.
    const ip = '198.51.100.7';
    let wrong = 0;
    for (let hour = 0; wrong < max; hour++) {
      const who = { ...subject(), ip };
      const at = new Date(start.getTime() + hour * HOUR_MS);
      expect(await issue(at, who)).toBe('ok');
      for (let t = 0; t < OTP_MAX_ATTEMPTS && wrong < max; t++, wrong++) {
        expect(await outcome(() => codes.consume(purpose, { ...who, code: 'wrong', now: at }, async () => null))).toBe('TL_CORE_01015_E');
      }
    }
    const later = new Date(start.getTime() + 12 * HOUR_MS);
    const who = { ...subject(), ip };
    expect(await issue(later, who)).toBe('ok');
    expect(await outcome(() => codes.consume(purpose, { ...who, code: 'wrong', now: later }, async () => null))).toBe('TL_CORE_00429_E');
    const nextDay = new Date(start.getTime() + 25 * HOUR_MS);
    expect(await outcome(() => codes.consume(purpose, { ...who, code: 'wrong', now: nextDay }, async () => null))).not.toBe(
      'TL_CORE_00429_E',
    );
  });
});
