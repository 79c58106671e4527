import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { files } from '../../src/infra/db/schema.ts';
import { expectFailure, findUser, request, useApi } from '../helpers.ts';
import { jpegWithExif } from '../onboarding/support.ts';
import { completedFreelancer, editor, uploadPhoto } from './support.ts';

const env = useApi();

async function photoFiles(app: { db: import('../../src/infra/db/client.ts').Db }, userId: string) {
  return app.db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.ownerId, userId), eq(files.kind, 'profile-photo')));
}

describe('profile photo', () => {
  test('update-photo replaces the photo, answers its URL and the completion, and removes the old file', async () => {
    const app = await env.start();
    const user = await completedFreelancer(app);
    const before = (await findUser(app.db, user.email))?.profilePhotoUrl;
    const res = await uploadPhoto(app, user.accessToken, await jpegWithExif(300, 300));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      status: 'success',
      photoUrl: expect.stringMatching(/^\/api\/files\/[0-9a-f-]{36}$/),
      competitionPercentage: expect.any(Number),
      responseMessage: 'Profile picture updated successfully',
    });
    expect(res.body.photoUrl).not.toBe(before);
    const served = await fetch(`${app.baseUrl}${res.body.photoUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect((await fetch(`${app.baseUrl}${before}`)).status).toBe(404);
    const row = await findUser(app.db, user.email);
    expect(row?.profilePhotoUrl).toBe(res.body.photoUrl);
    expect(await photoFiles(app, row?.id ?? '')).toHaveLength(1);
  });

  test('a file that is not an image answers TL_CORE_10102_E, one over 2 MB TL_CORE_10103_E; no file answers 400; nothing changes', async () => {
    const app = await env.start();
    const user = await completedFreelancer(app);
    const before = (await findUser(app.db, user.email))?.profilePhotoUrl;
    expectFailure(await uploadPhoto(app, user.accessToken, Buffer.from('%PDF-1.4 not an image'), 'image/jpeg'), 415, 'TL_CORE_10102_E');
    expectFailure(await uploadPhoto(app, user.accessToken, Buffer.alloc(2 * 1024 * 1024 + 1, 7)), 413, 'TL_CORE_10103_E');
    const empty = await fetch(`${app.baseUrl}/api/freelancer-settings/update-photo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.accessToken}` },
      body: new FormData(),
    });
    expect(empty.status).toBeGreaterThanOrEqual(400);
    expect(empty.status).toBeLessThan(500);
    expect((await findUser(app.db, user.email))?.profilePhotoUrl).toBe(before);
  });

  test('delete removes the photo and its file; a second delete answers TL_CORE_10064_E', async () => {
    const app = await env.start();
    const user = await completedFreelancer(app);
    const api = editor(app, user.accessToken);
    const row = await findUser(app.db, user.email);
    const withPhoto = (await api.get('/freelancer-settings/profile-details')).body.competitionPercentage;
    // The original client sends `{ profilePhotoUrl: null }` as the body. spec: profile-company §7
    const res = await request(app.baseUrl, 'DELETE', '/api/freelancer/delete-profile-photo', {
      json: { profilePhotoUrl: null },
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', profilePhotoUrl: null, responseMessage: 'Profile picture deleted successfully' });
    expect(res.body.competitionPercentage).toBeLessThan(withPhoto);
    expect((await findUser(app.db, user.email))?.profilePhotoUrl).toBeNull();
    expect(await photoFiles(app, row?.id ?? '')).toHaveLength(0);
    expect((await fetch(`${app.baseUrl}${row?.profilePhotoUrl}`)).status).toBe(404);
    expectFailure(await api.del('/freelancer/delete-profile-photo'), 404, 'TL_CORE_10064_E');
  });

  test('parallel photo saves leave exactly one photo file, the one the profile shows', async () => {
    const app = await env.start();
    const user = await completedFreelancer(app);
    const row = await findUser(app.db, user.email);
    const images = await Promise.all([jpegWithExif(800, 600), jpegWithExif(600, 800), jpegWithExif(700, 700)]);
    const results = await Promise.all(images.map((image) => uploadPhoto(app, user.accessToken, image)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const current = (await findUser(app.db, user.email))?.profilePhotoUrl;
    const left = await photoFiles(app, row?.id ?? '');
    expect(left.map((f) => `/api/files/${f.id}`)).toEqual([current]);
    const served = await Promise.all(results.map(async (r) => (await fetch(`${app.baseUrl}${r.body.photoUrl}`)).status));
    expect(served.filter((s) => s === 200)).toHaveLength(1);
  });
});
