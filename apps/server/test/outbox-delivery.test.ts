import crypto from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, test } from 'vitest';
import { outbox } from '../src/infra/db/schema.ts';
import type { Mail, Mailer } from '../src/infra/mail/mailer.ts';
import { CLAIM_LEASE_MS, DEFAULT_MAIL_TTL_MS, enqueueMail, retryDelayMs, startOutboxWorker } from '../src/infra/mail/outbox.ts';
import { partnerRequestMail } from '../src/infra/mail/templates.ts';
import { MINUTE, closedPort, createClock, outboxFor, smtpUrl, startMailbox, until, useApi } from './helpers.ts';

// issue 8, mail outbox: claimed per message, an expiry per mail, a dead letter after bounded tries.

const env = useApi();

const quietLog = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child: () => quietLog,
} as unknown as FastifyBaseLogger;

const mailTo = (to: string): Mail => ({ to, subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' });

describe('two instances draining one outbox', () => {
  test('a mail one instance is still sending is not sent again by another, even after the old 60-second batch lock', async () => {
    const { db } = env.database;
    const clock = createClock();
    const batch = `batch-${crypto.randomUUID()}`;
    const recipients = Array.from({ length: 12 }, (_, i) => `${batch}-${i}@talentloop.test`);
    for (const to of recipients) await enqueueMail(db, mailTo(to), clock.now());
    const sentRows = async () =>
      (
        await db
          .select()
          .from(outbox)
          .where(like(outbox.to, `${batch}-%`))
      ).filter((row) => row.sentAt).length;

    // Instance A's SMTP relay hangs on its first mail until the test lets it go.
    const sent: string[] = [];
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let aStarted = false;
    const slowMailer: Mailer = {
      async send(mail) {
        if (!aStarted) {
          aStarted = true;
          await gate;
        }
        sent.push(mail.to);
        return { ok: true };
      },
      close() {},
    };
    const quickMailer: Mailer = {
      async send(mail) {
        sent.push(mail.to);
        return { ok: true };
      },
      close() {},
    };
    const start = (mailer: Mailer) => startOutboxWorker({ db, mailer, clock, log: quietLog, pollMs: 20, retryBaseMs: 100_000 });
    const a = start(slowMailer);
    const workers = [a];
    try {
      a.kick();
      await until(() => aStarted, 'instance A to start sending');
      // A minute passes with A's send hanging (more than the old 60-second lock, less than the lease).
      clock.advance(61_000);
      expect(61_000).toBeLessThan(CLAIM_LEASE_MS);
      const b = start(quickMailer);
      workers.push(b);
      b.kick();
      // B delivers everything A does not hold.
      await until(async () => (await sentRows()) >= recipients.length - 1, 'instance B to deliver the rest');
      release();
      await until(async () => (await sentRows()) === recipients.length, 'every mail sent');
    } finally {
      release();
      await Promise.all(workers.map((worker) => worker.stop()));
    }
    expect(sent.filter((to) => to.startsWith(batch)).sort()).toEqual([...recipients].sort());
    const rows = await db
      .select()
      .from(outbox)
      .where(like(outbox.to, `${batch}-%`));
    expect(rows.map((row) => row.attempts)).toEqual(rows.map(() => 1));
  });
});

describe('mail expiry', () => {
  test('a code mail expires with its code, other mail after a day', async () => {
    const app = await env.start();
    const { email } = await app.signUp();
    const [code] = await outboxFor(app.db, email);
    expect(code && code.expiresAt.getTime() - code.createdAt.getTime()).toBe(10 * MINUTE);

    const ops = `ops-${crypto.randomUUID()}@talentloop.test`;
    await enqueueMail(app.db, partnerRequestMail(ops, 'Acme', 'hr@acme.test'), app.clock.now());
    const [partner] = await outboxFor(app.db, ops);
    expect(partner && partner.expiresAt.getTime() - partner.createdAt.getTime()).toBe(DEFAULT_MAIL_TTL_MS);
  });

  test('a code mail that could not be delivered before its code expired is never sent', async () => {
    const port = await closedPort();
    // The retry is a minute away, so nothing is in flight when the clock moves on.
    const app = await env.start({ smtpUrl: smtpUrl(port), config: { outboxPollMs: 50, mailRetryBaseMs: MINUTE } });
    const { email } = await app.signUp();
    await until(async () => Boolean((await outboxFor(app.db, email))[0]?.lastError), 'a failed delivery attempt');

    // The SMTP server comes back only after the code died.
    app.clock.advance(11 * MINUTE);
    const mailbox = await startMailbox(port);
    try {
      const [row] = await until(async () => {
        const rows = await outboxFor(app.db, email);
        return rows[0]?.deadAt ? rows : undefined;
      }, 'the mail given up as expired');
      expect(row).toMatchObject({ sentAt: null, text: '', html: '', lastError: 'expired before delivery' });
      // Mail queued after it still goes out, so the worker is alive and has passed the dead one by.
      const { email: later } = await app.signUp();
      await mailbox.waitForCode(later);
      expect(mailbox.mailTo(email)).toEqual([]);
    } finally {
      await mailbox.close();
    }
  });
});

describe('failing delivery', () => {
  test('a mail that keeps failing is dead-lettered after the bounded number of tries, and tried no more', async () => {
    const port = await closedPort();
    const app = await env.start({ smtpUrl: smtpUrl(port), config: { outboxPollMs: 50, mailRetryBaseMs: 20, mailMaxAttempts: 3 } });
    const { email } = await app.signUp();
    const [dead] = await until(async () => {
      const rows = await outboxFor(app.db, email);
      return rows[0]?.deadAt ? rows : undefined;
    }, 'the mail dead-lettered');
    expect(dead).toMatchObject({ attempts: 3, sentAt: null, text: '', html: '' });
    expect(dead?.lastError).toBeTruthy();
    expect(app.logs.text()).toMatch(/mail dead-lettered/);

    // Another mail goes through three tries of its own meanwhile; the dead one is not tried again.
    const { email: other } = await app.signUp();
    await until(async () => Boolean((await outboxFor(app.db, other))[0]?.deadAt), 'the second mail dead-lettered');
    const [after] = await app.db
      .select()
      .from(outbox)
      .where(eq(outbox.id, dead?.id ?? -1));
    expect(after?.attempts).toBe(3);
  });

  test('the wait between tries doubles from the base and is capped at five minutes', () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(2_000, attempts))).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(retryDelayMs(2_000, 20)).toBe(5 * MINUTE);
  });
});
