import type { Db } from './db/client.ts';
import { type BlobStore, attachedAmong } from './storage.ts';

/** Bytes without metadata are kept this long: a save may still be attaching them. */
export const FILE_BLOB_GRACE_MS = 3_600_000;

/** Keys checked against the metadata per query. */
const CLEANUP_PAGE = 500;

/**
 * Deletes bytes that no saved file refers to and that are older than the grace period: a save that
 * failed after `FileStorage.stage`, or (with a bucket) a file whose metadata was removed. Runs on
 * the hourly prune timer (app.ts); safe on several instances at once. Answers how many it deleted.
 */
export async function cleanupOrphanBlobs(opts: { db: Db; blobs: BlobStore; now: Date; graceMs?: number }): Promise<number> {
  const before = new Date(opts.now.getTime() - (opts.graceMs ?? FILE_BLOB_GRACE_MS));
  let deleted = 0;
  // Checked a page at a time: a filesystem or bucket lists every saved file older than the grace
  // period, and one query per file would hold the embedded database's one connection that long.
  let page: string[] = [];
  const sweep = async () => {
    const attached = await attachedAmong(opts.db, page);
    for (const key of page) {
      if (attached.has(key)) continue;
      await opts.blobs.delete(key);
      deleted++;
    }
    page = [];
  };
  for await (const key of opts.blobs.orphanCandidates(before)) {
    page.push(key);
    if (page.length >= CLEANUP_PAGE) await sweep();
  }
  await sweep();
  return deleted;
}
