import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client.ts';
import { pageViews } from '../../infra/db/schema.ts';

/** The UTC calendar day of an instant, as the `date` column stores it (YYYY-MM-DD). */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Adds one view of `path` to today's count (one row per day and path, nothing else). */
export async function countPageView(db: Db, path: string, now: Date): Promise<void> {
  await db
    .insert(pageViews)
    .values({ day: utcDay(now), path, count: 1 })
    .onConflictDoUpdate({ target: [pageViews.day, pageViews.path], set: { count: sql`${pageViews.count} + 1` } });
}

/** Drops the counts of days older than `retentionDays` (run by the hourly prune job). */
export async function prunePageViews(db: Db, now: Date, retentionDays: number): Promise<void> {
  await db.delete(pageViews).where(lt(pageViews.day, utcDay(new Date(now.getTime() - retentionDays * 86_400_000))));
}
