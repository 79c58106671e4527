import { describe, expect, test } from 'vitest';
import {
  PASSWORD,
  call,
  freePort,
  pgBin,
  reportCounts,
  signUp,
  startMailSink,
  startPostgres,
  startServer,
  uniqueEmail,
  unexpected5xx,
  until,
  verifyCode,
  type Outcome,
} from './support.ts';
import { useFaultHarness } from './support.ts';

// SMTP down during sign-ups: sign-ups are answered normally and the accounts kept (the code mail
// waits in the outbox, retried with doubling waits); when the mail server comes back, every code is
// delivered and verifies its account.

useFaultHarness();

const SIGN_UPS = 12;

describe.skipIf(!pgBin)('SMTP down during sign-ups', () => {
  test('sign-ups succeed while mail is down, and every code arrives and verifies once it is back', async () => {
    const started = Date.now();
    const cluster = await startPostgres();
    // The mail server's port, with nothing listening on it yet.
    const smtpPort = await freePort();
    const server = await startServer({
      DATABASE_URL: cluster.url,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}/?tls=off`,
      // Retries after 0.2, 0.4, 0.8 ... s, so the test waits seconds, not minutes.
      MAIL_RETRY_BASE_MS: '200',
      OUTBOX_POLL_MS: '200',
    });
    const outcomes: Outcome[] = [];
    const record = (answer: { status: number; ms: number }, label: string) =>
      outcomes.push({ at: Date.now(), status: answer.status, ms: answer.ms, label });

    const emails = Array.from({ length: SIGN_UPS }, () => uniqueEmail('smtp-down'));
    const jars = new Map<string, string>();
    await Promise.all(
      emails.map(async (email) => {
        const { answer, cookies } = await signUp(server, email);
        record(answer, 'sign-up');
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        jars.set(email, cookies);
      }),
    );

    // Every code mail has been tried and failed (the fault is real), none sent.
    const pending = await until(async () => {
      const rows = await cluster.query<{ to: string; attempts: number; sent_at: Date | null; last_error: string | null }>(
        'SELECT "to", attempts, sent_at, last_error FROM outbox WHERE "to" = ANY($1)',
        [emails],
      );
      return rows.length === SIGN_UPS && rows.every((r) => r.attempts >= 1 && r.last_error && !r.sent_at) ? rows : undefined;
    }, 'every code mail to fail at least once');
    const failedTries = pending.reduce((sum, r) => sum + r.attempts, 0);

    // The accounts are kept: each exists, unverified (login says so).
    for (const email of emails) {
      const login = await call(server, 'POST', '/api/auth/login', { json: { email, password: PASSWORD } });
      record(login, 'login');
      expect(login.body?.responseCode, email).toBe('TL_CORE_01038_E');
    }

    // Mail is back on the same port: every code arrives and verifies its account.
    const mail = await startMailSink(smtpPort);
    let lost = 0;
    await Promise.all(
      emails.map(async (email) => {
        const otp = await mail.waitForCode(email, 'registration', 60_000).catch(() => undefined);
        if (!otp) {
          lost += 1;
          return;
        }
        const { answer } = await verifyCode(server, email, otp, jars.get(email) ?? '');
        record(answer, 'verify');
        if (answer.status !== 200) lost += 1;
      }),
    );
    expect(server.child.exitCode).toBeNull();
    reportCounts({
      scenario: 'SMTP down during sign-ups',
      faults: 1,
      requests: outcomes.length,
      unexpected5xx: unexpected5xx(outcomes),
      dataLost: lost,
      ms: Date.now() - started,
      notes: `${failedTries} failed mail tries, ${mail.received.length} delivered`,
    });
  });
});
