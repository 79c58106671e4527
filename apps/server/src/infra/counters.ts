import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './db/client.ts';
import { counters, otpCodes } from './db/schema.ts';

// Fixed-window counters in the database, so limits hold across instances and restarts.

/** Adds one to the counter and returns the count in the current window. */
export async function hitCounter(db: DbOrTx, key: string, windowMs: number, now: Date): Promise<number> {
  const windowEdge = new Date(now.getTime() - windowMs);
  const rows = await db
    .insert(counters)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: counters.key,
      set: {
        count: sql`CASE WHEN ${counters.windowStart} <= ${windowEdge} THEN 1 ELSE ${counters.count} + 1 END`,
        windowStart: sql`CASE WHEN ${counters.windowStart} <= ${windowEdge} THEN ${now} ELSE ${counters.windowStart} END`,
      },
    })
    .returning({ count: counters.count });
  return rows[0]?.count ?? 1;
}

/** The count in the current window (0 once the window has passed). */
export async function readCounter(db: Db, key: string, windowMs: number, now: Date): Promise<number> {
  const [row] = await db.select().from(counters).where(eq(counters.key, key));
  if (!row || row.windowStart.getTime() <= now.getTime() - windowMs) return 0;
  return row.count;
}

export async function clearCounter(db: Db, key: string): Promise<void> {
  await db.delete(counters).where(eq(counters.key, key));
}

/**
 * Drops counters whose window ended long ago (every window here is at most a day), and one-time
 * codes dead for a day (a pending sign-up's code holds its password hash; it goes with it).
 */
export async function pruneCounters(db: Db, now: Date): Promise<void> {
  await db.delete(counters).where(sql`${counters.windowStart} < ${new Date(now.getTime() - 2 * 86_400_000)}`);
  await db.delete(otpCodes).where(sql`${otpCodes.expiresAt} < ${new Date(now.getTime() - 86_400_000)}`);
}
