import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { blobStoreKind } from '../src/infra/blob-store.ts';
import { files } from '../src/infra/db/schema.ts';
import { createFileStorage, fileUrl } from '../src/infra/storage.ts';
import { cleanupOrphanBlobs } from '../src/infra/storage-cleanup.ts';
import { createFsBlobStore } from '../src/infra/storage-fs.ts';
import { readyCompany, submitDocuments, withMailbox } from './company/documents-support.ts';
import { MINUTE, type TestApp, createClock, findUser, useApi } from './helpers.ts';
import { jpegWithExif } from './onboarding/support.ts';
import { item, pdf, putPortfolio } from './profile/portfolio-support.ts';
import { completedFreelancer, uploadPhoto } from './profile/support.ts';

// File bytes outside the embedded database (issue 18): with PGlite on disk, uploads are files under
// DATA_DIR/blobs, written atomically before the save's transaction; the database keeps metadata.

const env = useApi();

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'talentloop-blobs-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Every file under `dir`, relative to it. */
const listing = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort() : []);

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe('filesystem blob store', () => {
  test('writes each blob whole under a directory named by its key prefix, reads it back, and deletes it', async () => {
    const dir = tempDir();
    const store = createFsBlobStore(dir);
    const data = crypto.randomBytes(300_000);
    const key = await store.put(data);
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    // The final file only: no temporary file is left behind.
    expect(listing(dir)).toEqual([key.slice(0, 2), path.join(key.slice(0, 2), key)]);
    expect(fs.statSync(path.join(dir, key.slice(0, 2), key)).mode & 0o777).toBe(0o600);
    expect(await store.get(key)).toEqual(data);
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await store.delete(key);
    expect(await store.get(crypto.randomUUID())).toBeNull();
  });

  test('reads and deletes only keys it made: a path or any other name is never opened', async () => {
    const dir = tempDir();
    const store = createFsBlobStore(path.join(dir, 'blobs'));
    const outside = path.join(dir, 'secret');
    fs.writeFileSync(outside, 'not a blob');
    const key = await store.put(PNG);
    for (const bad of ['../secret', `../${key.slice(0, 2)}/${key}`, key.toUpperCase(), `${key}/..`, '', '..', `${key}\0`]) {
      expect(await store.get(bad), bad).toBeNull();
      await expect(store.delete(bad), bad).rejects.toThrow('not a blob key');
    }
    expect(fs.readFileSync(outside, 'utf8')).toBe('not a blob');
    expect(await store.get(key)).toEqual(PNG);
  });

  test('orphan candidates are the blobs written before the cutoff on the app clock; a write cut off by a crash is removed', async () => {
    const dir = tempDir();
    const clock = createClock();
    const store = createFsBlobStore(dir, clock);
    const old = await store.put(PNG);
    clock.advance(30 * MINUTE);
    const recent = await store.put(PNG);
    // A temporary file a crash left (an hour old), and one being written now.
    const shard = path.join(dir, 'ab');
    fs.mkdirSync(shard, { recursive: true });
    const crashed = path.join(shard, `.${crypto.randomUUID()}.${'0'.repeat(16)}.tmp`);
    const writing = path.join(shard, `.${crypto.randomUUID()}.${'1'.repeat(16)}.tmp`);
    fs.writeFileSync(crashed, 'half');
    fs.writeFileSync(writing, 'half');
    const anHourAgo = new Date(clock.now().getTime() - 60 * MINUTE);
    fs.utimesSync(crashed, anHourAgo, anHourAgo);
    fs.utimesSync(writing, clock.now(), clock.now());
    // Names the store did not make are never candidates.
    fs.writeFileSync(path.join(shard, 'notes.txt'), 'x');
    fs.utimesSync(path.join(shard, 'notes.txt'), anHourAgo, anHourAgo);

    const candidates = async (before: Date) => {
      const keys: string[] = [];
      for await (const key of store.orphanCandidates(before)) keys.push(key);
      return keys;
    };
    expect(await candidates(new Date(clock.now().getTime() - 10 * MINUTE))).toEqual([old]);
    expect(fs.existsSync(crashed)).toBe(false);
    expect(fs.existsSync(writing)).toBe(true);
    expect((await candidates(new Date(clock.now().getTime() + MINUTE))).sort()).toEqual([old, recent].sort());
    expect(await candidates(new Date(0))).toEqual([]);
    const empty = createFsBlobStore(path.join(dir, 'never-written'));
    const none: string[] = [];
    for await (const key of empty.orphanCandidates(clock.now())) none.push(key);
    expect(none).toEqual([]);
  });

  test('the cleanup deletes staged bytes never attached and bytes of removed files after the grace period, never a saved file', async () => {
    const app = await env.start();
    const dir = tempDir();
    const storage = createFileStorage(app.db, createFsBlobStore(dir, app.clock));
    const user = await app.createUser();
    const owner = (await findUser(app.db, user.email))?.id ?? '';

    const kept = await storage.stage(PNG);
    await app.db.transaction((tx) =>
      storage.put(tx, { ownerId: owner, kind: 'profile-photo', mime: 'image/png', blob: kept, now: app.clock.now() }),
    );
    const removed = await storage.stage(Buffer.from('old'));
    await app.db.transaction((tx) =>
      storage.put(tx, { ownerId: owner, kind: 'portfolio', mime: 'image/png', blob: removed, now: app.clock.now() }),
    );
    await app.db.transaction((tx) => storage.remove(tx, removed.key));
    const abandoned = await storage.stage(Buffer.from('never saved'));

    app.clock.advance(59 * MINUTE);
    expect(await cleanupOrphanBlobs({ db: app.db, blobs: storage.blobs, now: app.clock.now() })).toBe(0);
    expect(await storage.blobs.get(abandoned.key)).not.toBeNull();

    app.clock.advance(2 * MINUTE);
    expect(await cleanupOrphanBlobs({ db: app.db, blobs: storage.blobs, now: app.clock.now() })).toBe(2);
    expect(listing(dir).filter((p) => p.includes(path.sep))).toEqual([path.join(kept.key.slice(0, 2), kept.key)]);
    expect((await storage.get(kept.key))?.data).toEqual(PNG);
  });
});

describe('uploads with the filesystem store', () => {
  /**
   * An app whose DATA_DIR is a real directory: with embedded PGlite the default store is then the
   * filesystem; on a PostgreSQL server (test:api:pg) the default is the database, so it is asked for.
   */
  async function startOnDisk(config: Record<string, unknown> = {}): Promise<{ app: TestApp; blobs: string }> {
    const dataDir = tempDir();
    const chosen = process.env.DATABASE_URL ? { blobStore: 'fs' as const } : {};
    const app = await env.start({ config: { dataDir, ...chosen, ...config } });
    return { app, blobs: path.join(dataDir, 'blobs') };
  }

  /** The stored row's byte count in the database, and the bytes on disk. */
  async function stored(app: TestApp, blobs: string, id: string) {
    const [row] = await app.db.select({ data: files.data, size: files.size }).from(files).where(eq(files.id, id));
    const file = path.join(blobs, id.slice(0, 2), id);
    return { inDatabase: row?.data.length, size: row?.size, onDisk: fs.existsSync(file) ? fs.readFileSync(file) : null };
  }

  async function served(app: TestApp, url: string, token?: string) {
    const res = await fetch(`${app.baseUrl}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { status: res.status, type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
  }

  test('the store is the filesystem beside PGlite on disk, the database beside PostgreSQL or in memory, or as BLOB_STORE says', () => {
    const onDisk = loadConfig({ DATA_DIR: tempDir() });
    expect(blobStoreKind(onDisk, { kind: 'pglite' })).toBe('fs');
    expect(blobStoreKind(onDisk, { kind: 'postgres' })).toBe('db');
    expect(blobStoreKind(loadConfig({ DATA_DIR: 'memory://' }), { kind: 'pglite' })).toBe('db');
    expect(blobStoreKind(loadConfig({ DATA_DIR: tempDir(), BLOB_STORE: 'db' }), { kind: 'pglite' })).toBe('db');
    expect(blobStoreKind(loadConfig({ BLOB_STORE: 'fs' }), { kind: 'postgres' })).toBe('fs');
    expect(() => loadConfig({ BLOB_STORE: 's3' })).toThrow('S3_BUCKET: required with BLOB_STORE=s3');
    expect(() => loadConfig({ BLOB_STORE: 'fs', DATA_DIR: 'memory://' })).toThrow('BLOB_STORE: fs needs a DATA_DIR on disk');
    expect(() => loadConfig({ BLOB_STORE: 'disk' })).toThrow('BLOB_STORE');
  });

  test('a profile photo and a portfolio document keep their bytes under DATA_DIR/blobs, none in the database, and are served', async () => {
    const { app, blobs } = await startOnDisk();
    const user = await completedFreelancer(app);
    const photo = await uploadPhoto(app, user.accessToken, await jpegWithExif(300, 200));
    expect(photo.status, JSON.stringify(photo.body)).toBe(200);
    const photoId = String(photo.body.photoUrl).split('/').pop() ?? '';
    const photoServed = await served(app, photo.body.photoUrl);
    expect(photoServed).toMatchObject({ status: 200, type: 'image/webp' });
    expect(await stored(app, blobs, photoId)).toEqual({ inDatabase: 0, size: photoServed.body.length, onDisk: photoServed.body });

    const doc = pdf(50_000);
    const saved = await putPortfolio(app, user.accessToken, {
      profileData: { portfolioDetails: [item({ portfolioUrl: null, fileIndex: 1 })] },
      files: [{ data: doc, name: 'case.pdf', type: 'application/pdf' }],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const docUrl = saved.body.portfolioDetails[0].fileUrl;
    expect(await served(app, docUrl, user.accessToken)).toEqual({ status: 200, type: 'application/pdf', body: doc });
    expect(await stored(app, blobs, String(docUrl).split('/').pop() ?? '')).toEqual({ inDatabase: 0, size: doc.length, onDisk: doc });
  });

  test('a company verification document keeps its bytes under DATA_DIR/blobs and is served to its owner', async () => {
    const { app, blobs } = await startOnDisk({ clientAccounts: true });
    withMailbox(app, env.mailbox);
    const company = await readyCompany(app, { verify: false });
    const doc = pdf(80_000);
    const res = await submitDocuments(app, company.api.token, { file: { data: doc, name: 'registration.pdf', type: 'application/pdf' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await app.db.select({ id: files.id }).from(files).where(eq(files.ownerId, company.userId));
    const id = String(row?.id);
    expect(await stored(app, blobs, id)).toEqual({ inDatabase: 0, size: doc.length, onDisk: doc });
    expect(await served(app, fileUrl(id), company.api.token)).toEqual({ status: 200, type: 'application/pdf', body: doc });
  });

  test('a file whose bytes were saved in the database before is still served from there', async () => {
    const { app } = await startOnDisk();
    const user = await app.createUser();
    const owner = (await findUser(app.db, user.email))?.id ?? '';
    const id = crypto.randomUUID();
    const now = app.clock.now();
    await app.db.insert(files).values({
      id,
      ownerId: owner,
      kind: 'profile-photo',
      mime: 'image/png',
      size: PNG.length,
      data: PNG,
      createdAt: now,
      attachedAt: now,
    });
    expect(await served(app, fileUrl(id))).toEqual({ status: 200, type: 'image/png', body: PNG });
  });
});
