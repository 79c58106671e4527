import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { files } from '../src/infra/db/schema.ts';
import { createFileStorage } from '../src/infra/storage.ts';
import { cleanupOrphanBlobs } from '../src/infra/storage-cleanup.ts';
import { createS3BlobStore, createS3Client } from '../src/infra/storage-s3.ts';
import { MINUTE, findUser, useApi } from './helpers.ts';
import { jpegWithExif } from './onboarding/support.ts';
import { completedFreelancer, uploadPhoto } from './profile/support.ts';

// BLOB_STORE=s3 against a real S3-compatible server on loopback (s3rver: S3's REST API over a
// directory), through the AWS SDK's S3 client as in production. Credentials come from the SDK's
// environment chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY), as a deployment sets them.

type S3rverServer = { run: () => Promise<{ port: number }>; close: () => Promise<void> };
type S3rverClass = new (options: Record<string, unknown>) => S3rverServer;
const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverClass;

const env = useApi();
const BUCKET = 'talentloop-test';
let server: S3rverServer;
let endpoint = '';
let directory = '';

beforeAll(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'talentloop-s3rver-'));
  // s3rver checks signatures, but not the way the current SDK canonicalises ListObjectsV2's
  // query: signatures are not what this suite tests.
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  // The key pair s3rver knows.
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'S3RVER');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'S3RVER');
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server?.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

const client = () => createS3Client({ bucket: BUCKET, endpoint, forcePathStyle: true });

/** What the bucket holds under `blobs/`, by our key. */
async function bucketKeys(s3: S3Client): Promise<string[]> {
  const page = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'blobs/' }));
  return (page.Contents ?? []).map((o) => o.Key?.slice('blobs/'.length) ?? '').sort();
}

describe('S3-compatible blob store', () => {
  test('puts, gets and deletes objects by key, and lists those written before a cutoff', async () => {
    const s3 = client();
    const store = createS3BlobStore(s3, BUCKET);
    const data = crypto.randomBytes(200_000);
    const key = await store.put(data);
    expect(await store.get(key)).toEqual(data);
    expect(await bucketKeys(s3)).toContain(key);

    const listed = async (before: Date) => {
      const keys: string[] = [];
      for await (const k of store.orphanCandidates(before)) keys.push(k);
      return keys;
    };
    // The listing's LastModified is the server's clock, to the second.
    expect(await listed(new Date(Date.now() + 2 * MINUTE))).toContain(key);
    expect(await listed(new Date(Date.now() - 2 * MINUTE))).not.toContain(key);

    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    expect(await store.get(crypto.randomUUID())).toBeNull();
    expect(await store.get('../secret')).toBeNull();
    await expect(store.delete('../secret')).rejects.toThrow('not a blob key');
    s3.destroy();
  });

  test('the cleanup deletes objects no saved file refers to, never a saved one', async () => {
    const app = await env.start();
    const s3 = client();
    const storage = createFileStorage(app.db, createS3BlobStore(s3, BUCKET));
    const user = await app.createUser();
    const owner = (await findUser(app.db, user.email))?.id ?? '';
    const kept = await storage.stage(Buffer.from('kept'));
    await app.db.transaction((tx) =>
      storage.put(tx, { ownerId: owner, kind: 'portfolio', mime: 'application/pdf', blob: kept, now: app.clock.now() }),
    );
    const abandoned = await storage.stage(Buffer.from('never saved'));

    // The bucket stamps objects by its own clock, real time: the app's clock goes 61 minutes past it.
    app.clock.advance(Math.max(61 * MINUTE, Date.now() + 61 * MINUTE - app.clock.now().getTime()));
    await cleanupOrphanBlobs({ db: app.db, blobs: storage.blobs, now: app.clock.now() });
    const keys = await bucketKeys(s3);
    expect(keys).toContain(kept.key);
    expect(keys).not.toContain(abandoned.key);
    expect((await storage.get(kept.key))?.data).toEqual(Buffer.from('kept'));
    s3.destroy();
  });

  test('with BLOB_STORE=s3 an uploaded photo is stored in the bucket, not the database, and served', async () => {
    const app = await env.start({ config: { blobStore: 's3', s3: { bucket: BUCKET, endpoint, region: undefined, forcePathStyle: true } } });
    const user = await completedFreelancer(app);
    const res = await uploadPhoto(app, user.accessToken, await jpegWithExif(320, 240));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = String(res.body.photoUrl).split('/').pop() ?? '';
    const served = await fetch(`${app.baseUrl}${res.body.photoUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const body = Buffer.from(await served.arrayBuffer());

    const s3 = client();
    const object = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: `blobs/${id}` }));
    expect(Buffer.from((await object.Body?.transformToByteArray()) ?? [])).toEqual(body);
    const [row] = await app.db.select({ data: files.data, size: files.size }).from(files).where(eq(files.id, id));
    expect(row).toEqual({ data: Buffer.alloc(0), size: body.length });
    s3.destroy();
  });
});
