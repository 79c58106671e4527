// The console's review queues (issue 21): vetting and company documents. Pure rules both sides use:
// the order (oldest first, ties by id so two readers agree), how long an item has waited, and which
// item the console selects after one is decided.

/** What a queue orders by: when the item arrived (ISO) and its id. */
export type Queued = { submittedAt: string; id: string };

/** Oldest first; equal times by id, so the order is the same for every reader. */
export function compareOldestFirst(a: Queued, b: Queued): number {
  const byTime = Date.parse(a.submittedAt) - Date.parse(b.submittedAt);
  if (byTime !== 0 && !Number.isNaN(byTime)) return byTime;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** A copy of `items` in queue order. */
export function oldestFirst<T extends Queued>(items: readonly T[]): T[] {
  return [...items].sort(compareOldestFirst);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long an item has waited, short: 'just now', '12 min', '5 h', '3 d 4 h', '12 d'. */
export function waitingAge(since: string | Date, now: Date): string {
  const ms = Math.max(0, now.getTime() - new Date(since).getTime());
  if (ms < MINUTE) return 'just now';
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)} min`;
  if (ms < DAY) return `${Math.floor(ms / HOUR)} h`;
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms % DAY) / HOUR);
  return days < 7 && hours > 0 ? `${days} d ${hours} h` : `${days} d`;
}

/** Waiting longer than this is shown as overdue (the documents promise a review within 24 hours). */
export const QUEUE_OVERDUE_MS = DAY;

/**
 * The item to select once `decidedId` has left the queue: the one that followed it, else the one
 * before it, else none. `ids` is the queue as it was shown (with the decided item).
 */
export function nextSelection(ids: readonly string[], decidedId: string): string | null {
  const at = ids.indexOf(decidedId);
  const rest = ids.filter((id) => id !== decidedId);
  if (rest.length === 0) return null;
  if (at < 0) return rest[0] ?? null;
  return rest[Math.min(at, rest.length - 1)] ?? null;
}
