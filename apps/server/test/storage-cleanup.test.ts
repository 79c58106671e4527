import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { files } from '../src/infra/db/schema.ts';
import { type BlobStore, createDbFileStorage, createFileStorage, fileUrl } from '../src/infra/storage.ts';
import { cleanupOrphanBlobs } from '../src/infra/storage-cleanup.ts';
import { type TestApp, findUser, useApi } from './helpers.ts';

const env = useApi();

const MINUTE = 60_000;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

async function ownerId(app: TestApp): Promise<string> {
  const user = await app.createUser();
  const row = await findUser(app.db, user.email);
  if (!row) throw new Error('no user');
  return row.id;
}

/** What an S3-compatible bucket offers, in memory, dated by the test clock. */
function memoryBucket(clock: { now: () => Date }) {
  const objects = new Map<string, { data: Buffer; at: Date }>();
  const bucket: BlobStore = {
    async put(data) {
      const key = crypto.randomUUID();
      objects.set(key, { data, at: clock.now() });
      return key;
    },
    async get(key) {
      return objects.get(key)?.data ?? null;
    },
    async delete(key) {
      objects.delete(key);
    },
    async *orphanCandidates(before) {
      for (const [key, o] of [...objects]) if (o.at < before) yield key;
    },
  };
  return { bucket, objects };
}

describe('file storage: bytes by key outside the save, orphans cleaned up', () => {
  test('a save that fails after its bytes were staged leaves them to the cleanup, which deletes them after the grace period', async () => {
    const app = await env.start();
    const storage = createDbFileStorage(app.db, app.clock);
    const owner = await ownerId(app);

    const staged = await storage.stage(PNG);
    await expect(
      app.db.transaction(async (tx) => {
        await storage.put(tx, { ownerId: owner, kind: 'profile-photo', mime: 'image/png', blob: staged, now: app.clock.now() });
        throw new Error('save failed');
      }),
    ).rejects.toThrow('save failed');

    // Not a file: not served, but the bytes are there.
    expect(await storage.get(staged.key)).toBeNull();
    expect((await fetch(`${app.baseUrl}${fileUrl(staged.key)}`)).status).toBe(404);
    expect(await storage.blobs.get(staged.key)).toEqual(PNG);

    // Within the grace period a save may still attach them.
    app.clock.advance(59 * MINUTE);
    await cleanupOrphanBlobs({ db: app.db, blobs: storage.blobs, now: app.clock.now() });
    expect(await storage.blobs.get(staged.key)).toEqual(PNG);

    app.clock.advance(2 * MINUTE);
    expect(await cleanupOrphanBlobs({ db: app.db, blobs: storage.blobs, now: app.clock.now() })).toBeGreaterThanOrEqual(1);
    expect(await storage.blobs.get(staged.key)).toBeNull();
  });

  test('a saved file is never removed by the cleanup, staged or written in the save', async () => {
    const app = await env.start();
    const storage = createDbFileStorage(app.db, app.clock);
    const owner = await ownerId(app);

    const staged = await storage.stage(PNG);
    const stagedId = await app.db.transaction((tx) =>
      storage.put(tx, { ownerId: owner, kind: 'profile-photo', mime: 'image/png', blob: staged, now: app.clock.now() }),
    );
    expect(stagedId).toBe(staged.key);
    // The older call, with the bytes inside the transaction, still works.
    const inlineId = await app.db.transaction((tx) =>
      storage.put(tx, { ownerId: owner, kind: 'portfolio', mime: 'image/png', data: PNG, now: app.clock.now() }),
    );

    app.clock.advance(48 * 60 * MINUTE);
    await cleanupOrphanBlobs({ db: app.db, blobs: storage.blobs, now: app.clock.now() });

    for (const id of [stagedId, inlineId]) {
      const file = await storage.get(id);
      expect(file?.data).toEqual(PNG);
      expect(file?.ownerId).toBe(owner);
    }
    const served = await fetch(`${app.baseUrl}${fileUrl(stagedId)}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
  });

  test('staged bytes attach to one save only', async () => {
    const app = await env.start();
    const storage = createDbFileStorage(app.db, app.clock);
    const owner = await ownerId(app);
    const staged = await storage.stage(PNG);
    const meta = { ownerId: owner, kind: 'portfolio', mime: 'image/png', blob: staged, now: app.clock.now() };
    await app.db.transaction((tx) => storage.put(tx, meta));
    await expect(app.db.transaction((tx) => storage.put(tx, { ...meta, kind: 'profile-photo' }))).rejects.toThrow();
    expect((await storage.get(staged.key))?.kind).toBe('portfolio');
  });

  test('a bucket behind the BlobStore interface: metadata in the database, bytes in the bucket, removed bytes cleaned up', async () => {
    const app = await env.start();
    const { bucket, objects } = memoryBucket(app.clock);
    const storage = createFileStorage(app.db, bucket);
    const owner = await ownerId(app);

    const kept = await storage.stage(PNG);
    const keptId = await app.db.transaction((tx) =>
      storage.put(tx, { ownerId: owner, kind: 'profile-photo', mime: 'image/png', blob: kept, now: app.clock.now() }),
    );
    const removed = await storage.stage(Buffer.from('old photo'));
    await app.db.transaction((tx) =>
      storage.put(tx, { ownerId: owner, kind: 'portfolio', mime: 'image/png', blob: removed, now: app.clock.now() }),
    );
    await storage.stage(Buffer.from('never saved'));

    // The database holds no bytes of a bucket's file.
    const [row] = await app.db.select({ data: files.data, size: files.size }).from(files).where(eq(files.id, keptId));
    expect(row).toEqual({ data: Buffer.alloc(0), size: PNG.length });
    expect((await storage.get(keptId))?.data).toEqual(PNG);

    await app.db.transaction((tx) => storage.remove(tx, removed.key));
    expect(await storage.get(removed.key)).toBeNull();

    app.clock.advance(61 * MINUTE);
    expect(await cleanupOrphanBlobs({ db: app.db, blobs: bucket, now: app.clock.now() })).toBe(2);
    expect([...objects.keys()]).toEqual([keptId]);
    expect((await storage.get(keptId))?.data).toEqual(PNG);
  });
});
