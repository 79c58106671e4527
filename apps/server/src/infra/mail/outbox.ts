import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import type { Mail, Mailer } from './mailer.ts';

type Tx = Pick<Db, 'insert'>;

/** Queues a mail inside the caller's transaction: it is sent only if that transaction commits. */
export async function enqueueMail(tx: Tx, mail: Mail, now: Date): Promise<void> {
  await tx.insert(outbox).values({ ...mail, nextAttemptAt: now, createdAt: now });
}

const MAX_DELAY_MS = 5 * 60_000;
const BATCH = 10;

/**
 * Delivers queued mail with retries and backoff. Rows are claimed with SKIP LOCKED so several
 * instances can run workers side by side. Sent rows keep no body (codes do not rest in the table).
 */
export function startOutboxWorker(opts: {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  log: FastifyBaseLogger;
  pollMs: number;
  retryBaseMs: number;
}) {
  const { db, mailer, clock, log } = opts;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function deliverBatch(): Promise<number> {
    const now = clock.now();
    type Row = { id: number; to: string; subject: string; text: string; html: string; attempts: number };
    const claimed = (await db.execute(sql`
      UPDATE ${outbox} SET locked_until = ${new Date(now.getTime() + 60_000)}
      WHERE id IN (
        SELECT id FROM ${outbox}
        WHERE sent_at IS NULL AND next_attempt_at <= ${now} AND (locked_until IS NULL OR locked_until < ${now})
        ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
      RETURNING id, "to", subject, text, html, attempts`)) as unknown as { rows: Row[] };
    for (const row of claimed.rows) {
      const result = await mailer.send({ to: row.to, subject: row.subject, text: row.text, html: row.html });
      const at = clock.now();
      if (result.ok) {
        await db.execute(
          sql`UPDATE ${outbox} SET sent_at = ${at}, text = '', html = '', locked_until = NULL, last_error = NULL WHERE id = ${row.id}`,
        );
        log.info({ mailId: row.id }, 'mail sent');
      } else {
        const delay = Math.min(MAX_DELAY_MS, opts.retryBaseMs * 2 ** row.attempts);
        await db.execute(sql`UPDATE ${outbox} SET attempts = attempts + 1, last_error = ${result.error},
          next_attempt_at = ${new Date(at.getTime() + delay)}, locked_until = NULL WHERE id = ${row.id}`);
        log.warn({ mailId: row.id, attempts: row.attempts + 1, retryInMs: delay, err: result.error }, 'mail delivery failed');
      }
    }
    return claimed.rows.length;
  }

  async function drain() {
    do {
      again = false;
      try {
        while ((await deliverBatch()) === BATCH) {}
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
