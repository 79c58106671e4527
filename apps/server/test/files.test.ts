import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { users } from '../src/infra/db/schema.ts';
import { createDbFileStorage, fileUrl } from '../src/infra/storage.ts';
import { type TestApp, expectFailure, findUser, useApi } from './helpers.ts';

const env = useApi();

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a', 'hex');

async function store(app: TestApp, ownerId: string, kind: string, mime: string, data: Buffer): Promise<string> {
  const id = await createDbFileStorage(app.db).put(app.db, { ownerId, kind, mime, data, now: app.clock.now() });
  return fileUrl(id);
}

async function account(app: TestApp, roles?: string[]) {
  const user = await app.createUser();
  const row = await findUser(app.db, user.email);
  if (!row) throw new Error('no user');
  if (!roles) return { id: row.id, token: user.accessToken };
  await app.db.update(users).set({ roles }).where(eq(users.id, row.id));
  return { id: row.id, token: (await app.signIn(user.email, user.password)).accessToken };
}

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

describe('/api/files/{id}', () => {
  test('a profile photo is public and shown inline', async () => {
    const app = await env.start();
    const owner = await account(app);
    const url = await store(app, owner.id, 'profile-photo', 'image/png', PNG);
    const res = await fetch(`${app.baseUrl}${url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="file-[0-9a-f]{8}\.png"$/);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);
  });

  test('a document is served only to its owner and operators, as a download', async () => {
    const app = await env.start();
    const owner = await account(app);
    const stranger = await account(app);
    const client = await account(app, ['client']);
    const operator = await account(app, ['operator']);
    const url = await store(app, owner.id, 'portfolio', 'application/pdf', PDF);

    expectFailure(await app.get(url), 401, 'TL_CORE_00401_E');
    expectFailure(await app.get(url, { headers: { authorization: 'Bearer not-a-token' } }), 401, 'TL_CORE_00401_E');
    // Someone else's document is answered like an unknown id.
    expectFailure(await app.get(url, bearer(stranger.token)), 404, 'TL_CORE_00404_E');
    expectFailure(await app.get(url, bearer(client.token)), 404, 'TL_CORE_00404_E');

    for (const reader of [owner, operator]) {
      const res = await fetch(`${app.baseUrl}${url}`, bearer(reader.token));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="file-[0-9a-f]{8}\.pdf"$/);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(Buffer.from(await res.arrayBuffer())).toEqual(PDF);
    }
  });

  test('an image that is a document (and any kind not known to be public) is private and downloaded', async () => {
    const app = await env.start();
    const owner = await account(app);
    const stranger = await account(app);
    for (const kind of ['portfolio', 'verification-document', 'some-future-kind']) {
      const url = await store(app, owner.id, kind, 'image/png', PNG);
      expectFailure(await app.get(url), 401, 'TL_CORE_00401_E', kind);
      expectFailure(await app.get(url, bearer(stranger.token)), 404, 'TL_CORE_00404_E', kind);
      const res = await app.get(url, bearer(owner.token));
      expect(res.status, kind).toBe(200);
      expect(res.headers.get('content-disposition'), kind).toMatch(/^attachment;/);
    }
  });

  test('an id that is not a uuid or not stored answers 404', async () => {
    const app = await env.start();
    expectFailure(await app.get('/api/files/not-an-id'), 404, 'TL_CORE_00404_E');
    expectFailure(await app.get('/api/files/%00'), 404, 'TL_CORE_00404_E');
    expectFailure(await app.get(`/api/files/${crypto.randomUUID()}`), 404, 'TL_CORE_00404_E');
  });
});
