import type { DbOrTx } from './db/client.ts';

// One in-process event for every write that changes what a profile or an account shows others
// (issue 33, decision 185): the writer publishes `profileChanged(tx, userIds)` inside its own
// transaction, and each read model built from profiles (the talent search's rows today) rebuilds
// its rows of those users in that same transaction, so the read model never differs from the
// committed write. Writers import this module, never a read model; the read models subscribe once
// at start (read-models.ts, from app.ts and the command lines that write profiles).

/** A read model's rebuild of `userIds`, run inside the writer's transaction. */
export type ProfileChangedListener = (tx: DbOrTx, userIds: readonly string[]) => Promise<void>;

// Keyed by the read model's name: subscribing again (every app built in one process) replaces, never doubles.
const listeners = new Map<string, ProfileChangedListener>();

/** Subscribes `listener` under `name` (a second call with the same name replaces it). Answers the unsubscribe. */
export function onProfileChanged(name: string, listener: ProfileChangedListener): () => void {
  listeners.set(name, listener);
  return () => {
    if (listeners.get(name) === listener) listeners.delete(name);
  };
}

/**
 * The profiles or accounts of `userIds` changed in `tx`: every subscribed read model rebuilds them,
 * in order, in that transaction (a failing one fails the write). With nothing subscribed it throws:
 * a write that no read model hears would leave the search serving stale rows without a sign.
 */
export async function profileChanged(tx: DbOrTx, userIds: readonly string[]): Promise<void> {
  if (listeners.size === 0) {
    throw new Error(
      'profileChanged: no read model is subscribed, so this write would never reach the talent search. Call subscribeReadModels() (apps/server/src/read-models.ts) at start.',
    );
  }
  if (userIds.length === 0) return;
  for (const listener of listeners.values()) await listener(tx, userIds);
}
