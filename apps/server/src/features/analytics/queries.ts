import { and, gte, lt, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../infra/db/client.ts';
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

// ---- the operators' page views (operator console, issue 21) ----

/** The `days` UTC days ending today, oldest first (YYYY-MM-DD). */
export function lastDays(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => utcDay(new Date(today - (days - 1 - i) * 86_400_000)));
}

/**
 * Daily views per path over `days` (oldest first), zero-filled, with each path's total; most viewed
 * first (then by path). One range read of the (day, path) primary key.
 */
export async function readPageViewSeries(
  db: DbOrTx,
  days: string[],
): Promise<{ paths: { path: string; total: number; daily: number[] }[]; total: number }> {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return { paths: [], total: 0 };
  const rows = await db
    .select({ day: pageViews.day, path: pageViews.path, count: pageViews.count })
    .from(pageViews)
    .where(and(gte(pageViews.day, first), lte(pageViews.day, last)));
  const index = new Map(days.map((d, i) => [d, i]));
  const byPath = new Map<string, number[]>();
  for (const row of rows) {
    const i = index.get(row.day);
    if (i === undefined) continue;
    let daily = byPath.get(row.path);
    if (!daily) {
      daily = new Array<number>(days.length).fill(0);
      byPath.set(row.path, daily);
    }
    daily[i] = (daily[i] ?? 0) + Number(row.count);
  }
  const paths = [...byPath]
    .map(([path, daily]) => ({ path, daily, total: daily.reduce((a, b) => a + b, 0) }))
    .sort((a, b) => b.total - a.total || a.path.localeCompare(b.path));
  return { paths, total: paths.reduce((a, p) => a + p.total, 0) };
}
