import { describe, expect, test } from 'vitest';
import { closedPort, expectFailure, outboxFor, smtpUrl, startMailbox, until, useApi } from './helpers.ts';

const env = useApi();
const fastRetries = { outboxPollMs: 100, mailRetryBaseMs: 100 };

describe('mail delivery through the outbox', () => {
  test('with the SMTP server down, sign-up still succeeds and the code arrives once the server is back', async () => {
    const port = await closedPort();
    const app = await env.start({ smtpUrl: smtpUrl(port), config: fastRetries });
    const { email } = await app.signUp();

    // Delivery was tried and failed; the mail waits in the outbox for a retry.
    const [failed] = await until(async () => {
      const rows = await outboxFor(app.db, email);
      return rows[0]?.lastError ? rows : undefined;
    }, 'a failed delivery attempt');
    expect(failed?.sentAt).toBeNull();
    expect(failed?.attempts).toBeGreaterThanOrEqual(1);
    expect(app.logs.text()).toMatch(/mail delivery failed/);

    const mailbox = await startMailbox(port);
    try {
      const otp = await mailbox.waitForCode(email);
      expect((await app.post('/api/otp/verify', { email, otp })).status).toBe(200);
      const [sent] = await until(async () => {
        const rows = await outboxFor(app.db, email);
        return rows[0]?.sentAt ? rows : undefined;
      }, 'the mail marked as sent');
      expect(sent?.lastError).toBeNull();
      expect(mailbox.mailTo(email)).toHaveLength(1);
    } finally {
      await mailbox.close();
    }
  });

  test('a sent mail keeps no body in the outbox, so codes do not rest in the database', async () => {
    const app = await env.start();
    const { email } = await app.signUp();
    const otp = await env.mailbox.waitForCode(email);
    const [row] = await until(async () => {
      const rows = await outboxFor(app.db, email);
      return rows[0]?.sentAt ? rows : undefined;
    }, 'the mail marked as sent');
    expect(row).toMatchObject({ text: '', html: '' });
    expect(JSON.stringify(row)).not.toContain(otp);
  });

  test('a refused request queues no mail', async () => {
    const app = await env.start();
    const { email } = await app.createUser();
    await until(async () => Boolean((await outboxFor(app.db, email))[0]?.sentAt), 'the first mail sent');
    expectFailure(
      await app.post('/api/user/register', { firstName: 'Ada', lastName: 'Lovelace', emailId: email, password: 'Str0ng!Passw0rd' }),
      409,
      'TL_CORE_01009_E',
    );
    expect(await app.post('/api/auth/request-password-reset', { email })).toMatchObject({ status: 200 });
    expectFailure(await app.post('/api/auth/request-password-reset', { email }), 429, 'TL_CORE_01023_E');
    expect(await outboxFor(app.db, email)).toHaveLength(2);
  });

  test('the mail carries the code in a plain-text part addressed to the user', async () => {
    const app = await env.start();
    const { email } = await app.signUp();
    const otp = await env.mailbox.waitForCode(email);
    const [mail] = env.mailbox.mailTo(email);
    expect(mail?.to).toEqual([email]);
    expect(mail?.decoded).toMatch(/^Subject: .*verification code/im);
    expect(mail?.decoded).toMatch(/Content-Type: text\/plain/i);
    expect(mail?.decoded).toContain(`Use this code to verify your email: ${otp}`);
  });
});
