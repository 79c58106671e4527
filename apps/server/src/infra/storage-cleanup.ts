import type { Db } from './db/client.ts';
import { type BlobStore, isAttached } from './storage.ts';

/** Bytes without metadata are kept this long: a save may still be attaching them. */
export const FILE_BLOB_GRACE_MS = 3_600_000;

/**
 * Deletes bytes that no saved file refers to and that are older than the grace period: a save that
 * failed after `FileStorage.stage`, or (with a bucket) a file whose metadata was removed. Runs on
 * the hourly prune timer (app.ts); safe on several instances at once. Answers how many it deleted.
 */
export async function cleanupOrphanBlobs(opts: { db: Db; blobs: BlobStore; now: Date; graceMs?: number }): Promise<number> {
  const before = new Date(opts.now.getTime() - (opts.graceMs ?? FILE_BLOB_GRACE_MS));
  let deleted = 0;
  for await (const key of opts.blobs.orphanCandidates(before)) {
    if (await isAttached(opts.db, key)) continue;
    await opts.blobs.delete(key);
    deleted++;
  }
  return deleted;
}
