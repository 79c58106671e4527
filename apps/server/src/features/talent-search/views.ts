import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client.ts';

// Profile views (one per company, freelancer and day: the freelancer's 'views in 30 days') are
// counted off the request path (issue 32: the third outside test found the company's profile read
// the slowest path under load, each read also a write). A read only
// notes the view in this instance's memory; the notes are written in one statement per batch,
// every FLUSH_MS or at BATCH_MAX, and on close. A view noted here, or already written by this
// instance today, is not noted again. A crash loses at most FLUSH_MS of views (a figure, not a
// record); two instances noting the same view write it once (ON CONFLICT DO NOTHING).

/** How often noted views are written. */
export const VIEWS_FLUSH_MS = 2_000;
/** A batch is written at once when it grows to this many views. */
const BATCH_MAX = 1_000;
/** Views this instance remembers having written (today's); forgotten past this many, or on a new day. */
const WRITTEN_KEPT = 100_000;

export type ViewCounter = ReturnType<typeof createViewCounter>;

export function createViewCounter(db: Db, opts: { onError: (err: unknown) => void; flushMs?: number }) {
  const pending = new Map<string, { freelancerId: string; companyId: string; day: string }>();
  const written = new Set<string>();
  let writtenDay = '';
  let flushing: Promise<void> = Promise.resolve();

  async function write() {
    if (pending.size === 0) return;
    const batch = [...pending.entries()];
    pending.clear();
    const rows = batch.map(([, v]) => v);
    try {
      await db.execute(sql`
        INSERT INTO profile_views (freelancer_id, company_id, day)
        SELECT * FROM unnest(${`{${rows.map((r) => r.freelancerId).join(',')}}`}::uuid[],
                             ${`{${rows.map((r) => r.companyId).join(',')}}`}::uuid[],
                             ${`{${rows.map((r) => r.day).join(',')}}`}::date[])
        ON CONFLICT DO NOTHING`);
      for (const [key, { day }] of batch) {
        if (day !== writtenDay) {
          written.clear();
          writtenDay = day;
        }
        if (written.size < WRITTEN_KEPT) written.add(key);
      }
    } catch (err) {
      opts.onError(err);
    }
  }

  /** Writes what is noted (after any write already under way). */
  function flush(): Promise<void> {
    flushing = flushing.then(write);
    return flushing;
  }

  const timer = setInterval(() => void flush(), opts.flushMs ?? VIEWS_FLUSH_MS);
  timer.unref();

  return {
    /** Notes one view (ids are the database's own uuids; day as YYYY-MM-DD). */
    note(freelancerId: string, companyId: string, day: string) {
      const key = `${freelancerId}|${companyId}|${day}`;
      if (written.has(key) || pending.has(key)) return;
      pending.set(key, { freelancerId, companyId, day });
      if (pending.size >= BATCH_MAX) void flush();
    },
    flush,
    /** Stops the timer and writes what is noted. */
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
