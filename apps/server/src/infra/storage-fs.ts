import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from './clock.ts';
import { createSemaphore } from './images.ts';
import type { BlobStore } from './storage.ts';

/** A key the server made (crypto.randomUUID): the only names a blob file may have. */
const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A shard directory: the key's first two hex digits (256 directories). */
const SHARD = /^[0-9a-f]{2}$/;
/** A write in progress (or cut off by a crash): `.<key>.<random>.tmp` beside its final name. */
const TEMP = /^\.[0-9a-f-]{36}\.[0-9a-f]{16}\.tmp$/;

/**
 * Blob writes at the same time per store. Every step of a write (open, write, fsync, rename) runs on
 * libuv's thread pool, four threads shared with the whole process; a 2 MB fsync can hold one for
 * 100 ms, and signed-in requests need a thread too (WebCrypto verifies the access token there).
 * Two writers leave the other two threads free; further writes wait their turn here.
 */
export const BLOB_WRITE_CONCURRENCY = 2;

export const isBlobKey = (key: string) => KEY.test(key);

function checkedKey(key: string): string {
  if (!KEY.test(key)) throw new Error('not a blob key');
  return key;
}

const isMissing = (err: unknown) => (err as { code?: string }).code === 'ENOENT';

/**
 * Bytes as files under `dir` (DATA_DIR/blobs): `dir/<first two hex digits>/<uuid>`. The embedded
 * database's default (decision "File bytes outside the embedded database"): PGlite runs one
 * statement at a time, so megabytes through it stall every other request.
 *
 * - Names are keys this store made (UUIDs), checked on every read and delete: never a path from a
 *   request.
 * - A write is atomic: a temporary file in the same directory, fsync, rename, then fsync of the
 *   directory, so a crash leaves the whole file or none (a leftover temporary file is removed by
 *   the orphan cleanup's listing).
 * - Every call is fs/promises (the thread pool): a read never blocks the event loop; writes take
 *   at most BLOB_WRITE_CONCURRENCY of its threads.
 * - The file's mtime is the write time on `clock` (the cleanup's grace period is judged on it).
 */
export function createFsBlobStore(dir: string, clock: Clock = { now: () => new Date() }): BlobStore {
  const pathOf = (key: string) => path.join(dir, key.slice(0, 2), key);

  async function syncDir(d: string) {
    const handle = await fs.open(d, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  const writes = createSemaphore(BLOB_WRITE_CONCURRENCY);

  async function write(key: string, data: Buffer, at: Date) {
    const shard = path.join(dir, key.slice(0, 2));
    await fs.mkdir(shard, { recursive: true });
    const temp = path.join(shard, `.${key}.${crypto.randomBytes(8).toString('hex')}.tmp`);
    const handle = await fs.open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(data);
      await handle.utimes(at, at);
      await handle.sync();
    } catch (err) {
      await handle.close().catch(() => {});
      await fs.rm(temp, { force: true });
      throw err;
    }
    await handle.close();
    try {
      await fs.rename(temp, pathOf(key));
    } catch (err) {
      await fs.rm(temp, { force: true });
      throw err;
    }
    await syncDir(shard);
  }

  return {
    async put(data, opts) {
      const key = crypto.randomUUID();
      const at = opts?.now ?? clock.now();
      await writes.run(() => write(key, data, at));
      return key;
    },
    async get(key) {
      if (!KEY.test(key)) return null;
      try {
        return await fs.readFile(pathOf(key));
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await fs.rm(pathOf(checkedKey(key)), { force: true });
    },
    async *orphanCandidates(before) {
      let shards: string[];
      try {
        shards = (await fs.readdir(dir)).filter((name) => SHARD.test(name)).sort();
      } catch (err) {
        if (isMissing(err)) return;
        throw err;
      }
      for (const shard of shards) {
        let names: string[];
        try {
          names = (await fs.readdir(path.join(dir, shard))).sort();
        } catch (err) {
          if (isMissing(err)) continue;
          throw err;
        }
        for (const name of names) {
          const file = path.join(dir, shard, name);
          const stat = await fs.stat(file).catch((err) => {
            if (isMissing(err)) return null;
            throw err;
          });
          if (!stat || stat.mtime >= before) continue;
          if (KEY.test(name) && name.startsWith(shard)) yield name;
          // A write a crash cut off: nobody will rename it any more.
          else if (TEMP.test(name)) await fs.rm(file, { force: true });
        }
      }
    },
  };
}
