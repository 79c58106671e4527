import { LOGIN_MAX_FAILURES, OTP_MAX_ATTEMPTS, OTP_RESEND_SECONDS } from '@talentloop/contract';
import { describe, expect, test } from 'vitest';
import {
  type Answer,
  PASSWORD,
  SKILLS_PATH,
  call,
  cookieValue,
  get,
  pgBin,
  reportCounts,
  signUp,
  startMailSink,
  startPostgres,
  startServer,
  uniqueEmail,
  until,
  verifyCode,
} from './support.ts';
import { useFaultHarness } from './support.ts';

// Two server instances on one PostgreSQL: the login lockout, the code limits and the per-route rate
// limits are counted in the database, so they hold across both; a session made on one works on the
// other (access token, refresh cookie, the code cookie of a sign-up).

useFaultHarness();

const RATE_LIMIT = 8;
const WRONG = 'Wr0ng!Password';

describe.skipIf(!pgBin)('two server instances on one PostgreSQL', () => {
  test('lockout, code limits and rate limits hold across both, and a session from one works on the other', async () => {
    const started = Date.now();
    const [cluster, mail] = await Promise.all([startPostgres(), startMailSink()]);
    const env = { DATABASE_URL: cluster.url, SMTP_URL: mail.url, TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) };
    // Started together: one migrates while the other waits on the lock; both share one JWT secret.
    const [a, b] = await Promise.all([startServer(env), startServer(env)]);
    const answers: Answer[] = [];
    const on = async (answer: Promise<Answer>) => {
      const done = await answer;
      answers.push(done);
      return done;
    };
    // Each part calls from its own address, so the per-address limits of one never touch another.
    let address = 10;
    const nextIp = () => `198.51.100.${address++}`;

    // A session made on one instance works on the other.
    const email = uniqueEmail('two');
    const ip = nextIp();
    const signed = await signUp(a, email, ip);
    answers.push(signed.answer);
    expect(signed.answer.status).toBe(200);
    const verified = await verifyCode(b, email, await mail.waitForCode(email), signed.cookies, ip);
    answers.push(verified.answer);
    expect(verified.answer.status, JSON.stringify(verified.answer.body)).toBe(200);
    const token = verified.answer.body.accessToken as string;
    expect((await on(get(a, SKILLS_PATH, { token }))).status).toBe(200);
    const refreshed = await on(
      get(a, '/api/auth/refresh', { cookies: `tl_refresh=${cookieValue(verified.answer.setCookies, 'tl_refresh')}`, ip }),
    );
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect((await on(get(b, SKILLS_PATH, { token: refreshed.body.accessToken }))).status).toBe(200);

    // Login lockout: wrong passwords alternating between the instances lock the account on both.
    const lockIp = nextIp();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      const wrong = await on(call(i % 2 ? b : a, 'POST', '/api/auth/login', { json: { email, password: WRONG }, ip: lockIp }));
      expect(wrong.body?.responseCode, `wrong password ${i + 1}`).toBe('TL_CORE_01040_E');
    }
    for (const instance of [a, b]) {
      const locked = await on(call(instance, 'POST', '/api/auth/login', { json: { email, password: PASSWORD }, ip: nextIp() }));
      expect(locked.status).toBe(423);
      expect(locked.body?.responseCode).toBe('TL_CORE_01041_E');
    }

    // Code limits: wrong codes alternating between the instances kill the code on both; a resend
    // sooner than allowed is refused by either.
    const second = uniqueEmail('two-code');
    const codeIp = nextIp();
    const pending = await signUp(b, second, codeIp);
    answers.push(pending.answer);
    const sentAt = Date.now();
    // The code just sent on one instance: a resend on either is refused until the wait is over.
    for (const instance of [a, b]) {
      const resend = await on(
        call(instance, 'POST', '/api/otp/resend', {
          json: { email: second, purpose: 'registration' },
          cookies: pending.cookies,
          ip: nextIp(),
        }),
      );
      // (Only meaningful while the wait lasts; a machine that slow would see the resend allowed.)
      if (Date.now() - sentAt < OTP_RESEND_SECONDS * 1_000) expect(resend.body?.responseCode).toBe('TL_CORE_01023_E');
    }
    const otp = await mail.waitForCode(second);
    const otherCode = (step: number) => String((Number(otp) + step) % 100_000).padStart(5, '0');
    for (let i = 1; i <= OTP_MAX_ATTEMPTS; i++) {
      const wrong = await verifyCode(i % 2 ? a : b, second, otherCode(i), pending.cookies, codeIp);
      answers.push(wrong.answer);
      expect(wrong.answer.body?.responseCode, `wrong code ${i}`).toBe('TL_CORE_01015_E');
    }
    for (const instance of [a, b]) {
      const right = await verifyCode(instance, second, otp, pending.cookies, codeIp);
      answers.push(right.answer);
      expect(right.answer.body?.responseCode).toBe('TL_CORE_01019_E');
    }

    // Rate limit per route and address: counted once across both instances.
    const flood = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT + 2; i++) {
      const res = await on(
        call(i % 2 ? b : a, 'POST', '/api/auth/login', { json: { email: uniqueEmail('nobody'), password: WRONG }, ip: flood }),
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, RATE_LIMIT).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(RATE_LIMIT)).toEqual([429, 429]);

    // The counters are rows in the database, not memory of one process.
    const counters = await until(
      () => cluster.query<{ n: number }>("SELECT count(*)::int AS n FROM counters WHERE key LIKE 'ip:%'"),
      'the counters',
    );
    expect(counters[0]?.n).toBeGreaterThan(0);

    reportCounts({
      scenario: 'two instances on one PostgreSQL',
      faults: 1,
      requests: answers.length,
      unexpected5xx: answers.filter((x) => x.status >= 500).length,
      dataLost: 0,
      ms: Date.now() - started,
      notes: 'lockout, code and rate limits held across both',
    });
  });
});
