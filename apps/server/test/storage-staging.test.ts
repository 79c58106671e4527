import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { createCompanyService } from '../src/features/company/service.ts';
import { createFreelancerProfileService } from '../src/features/freelancer-profile/service.ts';
import { savePortfolio } from '../src/features/portfolio/service.ts';
import { companies, files, freelancerPortfolio, users } from '../src/infra/db/schema.ts';
import { type BlobStore, type FileStorage, createFileStorage } from '../src/infra/storage.ts';
import { cleanupOrphanBlobs } from '../src/infra/storage-cleanup.ts';
import { MINUTE, type TestApp, uniqueEmail, useApi } from './helpers.ts';
import { jpegWithExif } from './onboarding/support.ts';

// The photo, portfolio and logo saves write their bytes BEFORE their database transaction (what an
// S3-compatible bucket needs: an upload is not part of a transaction) and only the metadata inside.
// A save that fails after staging leaves no file row, and its bytes go with the orphan cleanup; a
// failed byte write changes nothing.

const env = useApi();

/** A bucket in memory that records whether each write came with a transaction handle, and can fail. */
function recordingBucket(clock: { now: () => Date }) {
  const objects = new Map<string, { data: Buffer; at: Date }>();
  const writes: { inTransaction: boolean }[] = [];
  const state = { failWrites: false };
  const bucket: BlobStore = {
    async put(data, opts) {
      writes.push({ inTransaction: opts?.db !== undefined });
      if (state.failWrites) throw new Error('bucket unavailable');
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
  return { bucket, objects, writes, state };
}

/** The storage, whose metadata write can be made to fail inside the save's transaction. */
function failingAttach(storage: FileStorage, state: { failAttach: boolean }): FileStorage {
  return {
    ...storage,
    async put(tx, file) {
      const id = await storage.put(tx, file);
      if (state.failAttach) throw new Error('save failed after the metadata write');
      return id;
    },
  };
}

type Save = {
  kind: string;
  save: (deps: Deps, userId: string, bytes: Buffer) => Promise<unknown>;
  current: (app: TestApp, userId: string) => Promise<unknown>;
};
type Deps = { db: TestApp['db']; clock: TestApp['clock']; storage: FileStorage };

const saves: Save[] = [
  {
    kind: 'profile photo',
    save: (deps, userId, bytes) => createFreelancerProfileService(deps).updatePhoto(userId, bytes),
    current: async (app, userId) => (await app.db.select({ url: users.profilePhotoUrl }).from(users).where(eq(users.id, userId)))[0]?.url,
  },
  {
    kind: 'portfolio file',
    save: (deps, userId, bytes) =>
      savePortfolio(
        deps,
        userId,
        {
          portfolioDetails: [
            {
              portfolioTitle: 'Dashboard',
              portfolioDesc: 'A dashboard I built.',
              portfolioSkills: ['React'],
              portfolioUrl: null,
              fileIndex: 1,
            },
          ],
        },
        [{ contentType: 'IMAGE', mime: 'image/jpeg', data: bytes }],
      ),
    current: (app, userId) =>
      app.db
        .select({ id: freelancerPortfolio.id, fileId: freelancerPortfolio.fileId })
        .from(freelancerPortfolio)
        .where(eq(freelancerPortfolio.userId, userId)),
  },
  {
    kind: 'company logo',
    save: (deps, userId, bytes) => createCompanyService(deps).updateLogo(userId, bytes),
    current: async (app, userId) =>
      (await app.db.select({ url: companies.logoUrl }).from(companies).where(eq(companies.ownerUserId, userId)))[0]?.url,
  },
];

async function setUp(app: TestApp) {
  // The services are called directly: the owner needs a row, not a session.
  const [row] = await app.db
    .insert(users)
    .values({ email: uniqueEmail('staging'), firstName: 'Asha', lastName: 'Rao', emailVerifiedAt: app.clock.now() })
    .returning({ id: users.id });
  if (!row) throw new Error('no user');
  const bucket = recordingBucket(app.clock);
  const attach = { failAttach: false };
  const storage = failingAttach(createFileStorage(app.db, bucket.bucket), attach);
  const fileRows = () =>
    app.db
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.ownerId, row.id)));
  return { userId: row.id, bucket, attach, deps: { db: app.db, clock: app.clock, storage }, fileRows };
}

describe.each(saves)('$kind: bytes staged before the transaction', ({ save, current }) => {
  test('the bytes are written outside the transaction, and the saved file is served', async () => {
    const app = await env.start();
    const { userId, bucket, deps, fileRows } = await setUp(app);
    await save(deps, userId, await jpegWithExif(400, 300));
    expect(bucket.writes).toEqual([{ inTransaction: false }]);
    const [file] = await fileRows();
    expect(file).toBeDefined();
    expect(bucket.objects.has(String(file?.id))).toBe(true);
    expect(JSON.stringify(await current(app, userId))).toContain(String(file?.id));
  });

  test('a failed transaction leaves no file row, the previous file, and its bytes go with the cleanup', async () => {
    const app = await env.start();
    const { userId, bucket, attach, deps, fileRows } = await setUp(app);
    await save(deps, userId, await jpegWithExif(400, 300));
    const before = { state: await current(app, userId), rows: await fileRows(), keys: [...bucket.objects.keys()] };

    attach.failAttach = true;
    await expect(save(deps, userId, await jpegWithExif(500, 400))).rejects.toThrow('save failed after the metadata write');
    expect(await current(app, userId)).toEqual(before.state);
    expect(await fileRows()).toEqual(before.rows);
    // The staged bytes are there without metadata until the grace period ends.
    expect(bucket.objects.size).toBe(before.keys.length + 1);
    app.clock.advance(61 * MINUTE);
    await cleanupOrphanBlobs({ db: app.db, blobs: deps.storage.blobs, now: app.clock.now() });
    expect([...bucket.objects.keys()]).toEqual(before.keys);
  });

  test('a failed byte write leaves the previous state', async () => {
    const app = await env.start();
    const { userId, bucket, deps, fileRows } = await setUp(app);
    await save(deps, userId, await jpegWithExif(400, 300));
    const before = { state: await current(app, userId), rows: await fileRows(), keys: [...bucket.objects.keys()] };

    bucket.state.failWrites = true;
    await expect(save(deps, userId, await jpegWithExif(500, 400))).rejects.toThrow('bucket unavailable');
    expect(await current(app, userId)).toEqual(before.state);
    expect(await fileRows()).toEqual(before.rows);
    expect([...bucket.objects.keys()]).toEqual(before.keys);
  });
});
