import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../infra/db/client.ts';
import { lastEventId } from './queries.ts';

// Who is listening on this instance (issue 36, decision 227). A stream registers its account and a
// `wake` callback; a wake makes the stream read its events after the last one it sent (the database
// is the truth: a wake carries no data, so two wakes, or a wake for nothing new, cost a read and
// send nothing twice). Wakes come from:
// - this instance's writes, after their commit (`wake(userIds)`);
// - PostgreSQL: NOTIFY on MESSAGES_CHANNEL, sent inside every writing transaction (delivered at
//   commit to every instance), heard on one dedicated listening connection (Database.listen);
// - a poll of the newest event id every POLL_MS (both databases): events written by another
//   feature's transaction (system lines), or a notification lost while the listener reconnected.

export const MESSAGES_CHANNEL = 'tl_messages';
const POLL_MS = 1_000;

type Listener = { userId: string; wake: () => void };

export type MessageHub = ReturnType<typeof createMessageHub>;

export function createMessageHub(opts: { database: Database; log: FastifyBaseLogger; pollMs?: number }) {
  const listeners = new Set<Listener>();
  const byUser = new Map<string, Set<Listener>>();
  let known = 0;
  let stopListening: (() => Promise<void>) | undefined;
  let timer: NodeJS.Timeout | undefined;
  let polling = false;
  let closed = false;

  const wakeUsers = (userIds: readonly string[]) => {
    for (const id of userIds) for (const l of byUser.get(id) ?? []) l.wake();
  };
  const wakeAll = () => {
    for (const l of listeners) l.wake();
  };

  const poll = async () => {
    if (polling || closed || listeners.size === 0) return;
    polling = true;
    try {
      const newest = await lastEventId(opts.database.db);
      if (newest > known) {
        known = newest;
        wakeAll();
      }
    } catch (err) {
      if (!closed) opts.log.warn({ err }, 'messages: event poll failed');
    } finally {
      polling = false;
    }
  };

  return {
    async start() {
      known = await lastEventId(opts.database.db);
      if (opts.database.listen) {
        stopListening = await opts.database.listen(
          MESSAGES_CHANNEL,
          (payload) => {
            try {
              const parsed = JSON.parse(payload) as { u?: unknown; e?: unknown };
              if (typeof parsed.e === 'number' && parsed.e > known) known = parsed.e;
              if (Array.isArray(parsed.u)) wakeUsers(parsed.u.filter((u): u is string => typeof u === 'string'));
            } catch {
              wakeAll();
            }
          },
          // After a reconnect, notifications sent meanwhile are lost: every stream reads again.
          wakeAll,
        );
      }
      timer = setInterval(() => void poll(), opts.pollMs ?? POLL_MS);
      timer.unref();
    },
    /** This instance wrote event `eventId` for these accounts (after commit). */
    wake(userIds: readonly string[], eventId: number) {
      if (eventId > known) known = eventId;
      wakeUsers(userIds);
    },
    subscribe(userId: string, wake: () => void): () => void {
      const l = { userId, wake };
      listeners.add(l);
      const set = byUser.get(userId) ?? new Set<Listener>();
      byUser.set(userId, set);
      set.add(l);
      return () => {
        listeners.delete(l);
        set.delete(l);
        if (set.size === 0) byUser.delete(userId);
      };
    },
    /** Open streams of an account on this instance. */
    count(userId: string): number {
      return byUser.get(userId)?.size ?? 0;
    },
    get size() {
      return listeners.size;
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await stopListening?.();
    },
  };
}
