import { type SQL, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { outbox, users } from '../db/schema.ts';
import type { Mail, Mailer } from './mailer.ts';

/** How long a queued mail is worth sending unless it says otherwise. */
export const DEFAULT_MAIL_TTL_MS = 24 * 3_600_000;
export const DEFAULT_MAIL_MAX_ATTEMPTS = 10;
const MAX_DELAY_MS = 5 * 60_000;
/** Expired mail is never claimed; marking it dead is bookkeeping, done at most this often. */
const EXPIRY_SWEEP_MS = 10_000;
/**
 * A claimed mail is this instance's for this long. Well above the longest one send can take (the
 * mailer's SMTP timeouts add up to 40 s), so no other instance takes it while it is being sent.
 */
export const CLAIM_LEASE_MS = 2 * 60_000;

/**
 * The one rule on whom the product mails, whatever the call site (decisions 167 and 169): an
 * account's address gets no mail when the account is a demo (demos are never mailed, of any kind),
 * and only its own sign-in and status mail (`forAccountHolder`) while it is suspended. Any other
 * address (a company's, the operators') is not an account's and is mailed as asked.
 */
async function mayMail(tx: DbOrTx, mail: Mail): Promise<boolean> {
  const [account] = await tx
    .select({ demo: users.demo, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.email, mail.to.trim().toLowerCase()));
  return mailableAccount(account, mail);
}

function mailableAccount(account: { demo: boolean; suspendedAt: Date | null } | undefined, mail: Mail): boolean {
  if (!account) return true;
  if (account.demo) return false;
  return !account.suspendedAt || mail.forAccountHolder === true;
}

/**
 * Queues a mail inside the caller's transaction: it is sent only if that transaction commits, and
 * not after it expires (`mail.ttlMs` after `now`, a day by default). A mail the recipient rule
 * refuses (mayMail) is not queued: false.
 */
export async function enqueueMail(tx: DbOrTx, mail: Mail, now: Date): Promise<boolean> {
  if (!(await mayMail(tx, mail))) return false;
  const { ttlMs = DEFAULT_MAIL_TTL_MS, forAccountHolder: _kind, ...content } = mail;
  await tx.insert(outbox).values({ ...content, nextAttemptAt: now, createdAt: now, expiresAt: new Date(now.getTime() + ttlMs) });
  return true;
}

/**
 * Queues many mails in two statements (a sweep's batch), under the same recipient rule as
 * `enqueueMail` (the accounts of all the addresses read at once): how many were queued.
 */
export async function enqueueMails(tx: DbOrTx, mails: readonly Mail[], now: Date): Promise<number> {
  const queued = await queueMailsStatement(tx, mails, now);
  if (!queued) return 0;
  await tx.execute(queued.statement);
  return queued.count;
}

/**
 * `enqueueMails` in two steps (decision 282: a batch's mails go in its journal statement): the
 * outbox's recipient rule applied to every address in one read now, and the INSERT of the mails it
 * allows, to run inside another statement; undefined when it allows none.
 */
export async function queueMailsStatement(
  tx: DbOrTx,
  mails: readonly Mail[],
  now: Date,
): Promise<{ statement: SQL; count: number } | undefined> {
  return insertMailsStatement(tx, await mailableOf(tx, mails), now);
}

/** The mails the outbox's recipient rule allows, in one read of their addresses' accounts. */
export async function mailableOf(tx: DbOrTx, mails: readonly Mail[]): Promise<Mail[]> {
  if (mails.length === 0) return [];
  const addresses = [...new Set(mails.map((m) => m.to.trim().toLowerCase()))];
  const accounts = await tx
    .select({ email: users.email, demo: users.demo, suspendedAt: users.suspendedAt })
    .from(users)
    .where(inArray(users.email, addresses));
  const byEmail = new Map(accounts.map((a) => [a.email, a]));
  return mails.filter((mail) => mailableAccount(byEmail.get(mail.to.trim().toLowerCase()), mail));
}

/** The INSERT of mails `mailableOf` allowed, to run inside another statement; undefined for none. */
export function insertMailsStatement(tx: DbOrTx, allowed: readonly Mail[], now: Date): { statement: SQL; count: number } | undefined {
  if (allowed.length === 0) return undefined;
  const statement = tx
    .insert(outbox)
    .values(
      allowed.map((mail) => {
        const { ttlMs = DEFAULT_MAIL_TTL_MS, forAccountHolder: _kind, ...content } = mail;
        return { ...content, nextAttemptAt: now, createdAt: now, expiresAt: new Date(now.getTime() + ttlMs) };
      }),
    )
    .getSQL();
  return { statement, count: allowed.length };
}

/**
 * Gives up on every mail still waiting for `email` (an account being suspended: what was queued
 * for it before goes with the rest). Sent and dead rows are left as they are.
 */
export async function dropPendingMailTo(tx: DbOrTx, email: string, now: Date, why: string): Promise<void> {
  await tx.execute(sql`
    UPDATE ${outbox} SET dead_at = ${now}, last_error = ${why}, text = '', html = '', attachments = NULL
    WHERE sent_at IS NULL AND dead_at IS NULL AND "to" = ${email.trim().toLowerCase()}`);
}

/** The wait before the next try after `attempts` failed tries: doubling from `baseMs`, at most 5 minutes. */
export function retryDelayMs(baseMs: number, attempts: number): number {
  return Math.min(MAX_DELAY_MS, baseMs * 2 ** Math.max(0, attempts - 1));
}

type Claimed = Mail & { id: number; attempts: number };

/**
 * Delivers queued mail one message at a time. Each message is claimed on its own (SKIP LOCKED, a
 * lease longer than one send) and its try counted at the claim, so several instances can run
 * workers side by side without sending a mail twice, and a crash mid-send still counts as a try.
 * A mail is never sent after it expires; after `maxAttempts` failed tries it is dead-lettered.
 * Sent, expired and dead rows keep no body (codes do not rest in the table).
 */
export function startOutboxWorker(opts: {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  log: FastifyBaseLogger;
  pollMs: number;
  retryBaseMs: number;
  maxAttempts?: number;
}) {
  const { db, mailer, clock, log } = opts;
  const maxAttempts = opts.maxAttempts ?? DEFAULT_MAIL_MAX_ATTEMPTS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let lastSweep = Number.NEGATIVE_INFINITY;

  /** Gives up on mail that expired unsent. */
  async function expireStale(now: Date) {
    if (now.getTime() - lastSweep < EXPIRY_SWEEP_MS) return;
    lastSweep = now.getTime();
    const expired = (await db.execute(sql`
      UPDATE ${outbox} SET dead_at = ${now}, last_error = 'expired before delivery', text = '', html = '', attachments = NULL, locked_until = NULL
      WHERE sent_at IS NULL AND dead_at IS NULL AND expires_at <= ${now}
        AND (locked_until IS NULL OR locked_until < ${now})
      RETURNING id`)) as unknown as { rows: { id: number }[] };
    for (const row of expired.rows) log.warn({ mailId: Number(row.id) }, 'mail expired before delivery');
  }

  async function claimOne(now: Date): Promise<Claimed | undefined> {
    const claimed = (await db.execute(sql`
      UPDATE ${outbox} SET locked_until = ${new Date(now.getTime() + CLAIM_LEASE_MS)}, attempts = attempts + 1
      WHERE id = (
        SELECT id FROM ${outbox}
        WHERE sent_at IS NULL AND dead_at IS NULL AND next_attempt_at <= ${now} AND expires_at > ${now}
          AND (locked_until IS NULL OR locked_until < ${now})
        ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id, "to", subject, text, html, attachments, attempts`)) as unknown as { rows: Claimed[] };
    const row = claimed.rows[0];
    return row ? { ...row, id: Number(row.id) } : undefined;
  }

  /** Sends one due mail; false when there was none. */
  async function deliverOne(): Promise<boolean> {
    const row = await claimOne(clock.now());
    if (!row) return false;
    const result = await mailer.send({ to: row.to, subject: row.subject, text: row.text, html: row.html, attachments: row.attachments });
    const at = clock.now();
    if (result.ok) {
      await db.execute(
        sql`UPDATE ${outbox} SET sent_at = ${at}, text = '', html = '', attachments = NULL, locked_until = NULL, last_error = NULL WHERE id = ${row.id}`,
      );
      log.info({ mailId: row.id }, 'mail sent');
    } else if (row.attempts >= maxAttempts) {
      await db.execute(sql`UPDATE ${outbox} SET dead_at = ${at}, last_error = ${result.error}, text = '', html = '',
        attachments = NULL, locked_until = NULL WHERE id = ${row.id}`);
      log.error({ mailId: row.id, attempts: row.attempts, err: result.error }, 'mail dead-lettered: delivery failed too often');
    } else {
      const delay = retryDelayMs(opts.retryBaseMs, row.attempts);
      await db.execute(sql`UPDATE ${outbox} SET last_error = ${result.error},
        next_attempt_at = ${new Date(at.getTime() + delay)}, locked_until = NULL WHERE id = ${row.id}`);
      log.warn({ mailId: row.id, attempts: row.attempts, retryInMs: delay, err: result.error }, 'mail delivery failed');
    }
    return true;
  }

  async function drain() {
    do {
      again = false;
      try {
        await expireStale(clock.now());
        while (!stopped && (await deliverOne())) {}
      } catch (err) {
        if (!stopped) log.error({ err }, 'outbox worker failed');
      }
    } while (again && !stopped);
  }

  function kick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain().finally(() => {
      running = undefined;
    });
  }

  timer = setInterval(kick, opts.pollMs);
  timer.unref();
  return {
    kick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
export type OutboxWorker = ReturnType<typeof startOutboxWorker>;
