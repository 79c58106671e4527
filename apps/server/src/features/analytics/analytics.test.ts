import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { DAY, expectFailure, useApi } from '../../../test/helpers.ts';
import type { Db } from '../../infra/db/client.ts';
import { pageViews } from '../../infra/db/schema.ts';
import { utcDay } from './queries.ts';

const env = useApi();
const PATH = '/api/analytics/page-view';

/** A path no other test in this file counts. */
const uniquePath = () => `/t/${crypto.randomUUID()}`;

async function countOf(db: Db, path: string, day: string): Promise<number | undefined> {
  const [row] = await db
    .select()
    .from(pageViews)
    .where(and(eq(pageViews.path, path), eq(pageViews.day, day)));
  return row?.count;
}

/** What navigator.sendBeacon sends for a string body. */
const beacon = (body: unknown) => ({ headers: { 'content-type': 'text/plain;charset=UTF-8' }, body: JSON.stringify(body) });

describe('POST /api/analytics/page-view', () => {
  test('views are counted per path and day, sent as JSON or as a beacon', async () => {
    const app = await env.start();
    const path = uniquePath();
    const other = uniquePath();
    const res = await app.post(PATH, { path, referrer: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success' });
    expect((await app.post(PATH, undefined, beacon({ path, referrer: other }))).status).toBe(200);
    expect((await app.post(PATH, { path: other })).status).toBe(200);
    const today = utcDay(app.clock.now());
    expect(await countOf(app.db, path, today)).toBe(2);
    expect(await countOf(app.db, other, today)).toBe(1);
  });

  test('a new day starts a new count', async () => {
    const app = await env.start();
    const path = uniquePath();
    await app.post(PATH, { path });
    const firstDay = utcDay(app.clock.now());
    app.clock.advance(DAY);
    await app.post(PATH, { path });
    await app.post(PATH, { path });
    expect(await countOf(app.db, path, firstDay)).toBe(1);
    expect(await countOf(app.db, path, utcDay(app.clock.now()))).toBe(2);
  });

  test('only the day, the path and a count are stored', async () => {
    const app = await env.start();
    const path = uniquePath();
    await app.post(PATH, { path, referrer: '/login' }, { headers: { 'user-agent': 'Test/1.0', 'x-forwarded-for': '203.0.113.9' } });
    const rows = await app.db.select().from(pageViews).where(eq(pageViews.path, path));
    expect(rows).toEqual([{ day: utcDay(app.clock.now()), path, count: 1 }]);
  });

  const junk: Array<[string, unknown]> = [
    ['a path without the leading slash', { path: 'freelancer/dashboard' }],
    ['a full URL as the path', { path: 'https://evil.example/landing' }],
    ['a protocol-relative path', { path: '//evil.example/landing' }],
    ['a path with a query string', { path: '/login?email=ada@example.com' }],
    ['a path with a fragment', { path: '/#features' }],
    ['a path with a space', { path: '/a b' }],
    ['a path with a backslash', { path: '/\\evil.example' }],
    ['a path with a line break', { path: '/a\nb' }],
    ['a path over 200 characters', { path: `/${'a'.repeat(200)}` }],
    ['an empty path', { path: '' }],
    ['no path', { referrer: '/' }],
    ['a path that is not text', { path: 42 }],
    ['a full URL as the referrer', { path: '/', referrer: 'https://search.example/?q=talentloop' }],
    ['a referrer with a query string', { path: '/', referrer: '/signup?ref=mail' }],
    ['a body that is not an object', ['/']],
  ];
  test.each(junk)('%s is rejected and nothing is counted', async (_name, body) => {
    const app = await env.start();
    const before = await app.db.select().from(pageViews);
    expectFailure(await app.post(PATH, body), 400, 'TL_CORE_00400_E');
    expect(await app.db.select().from(pageViews)).toEqual(before);
  });

  test('a beacon that is not JSON, or too large, is rejected', async () => {
    const app = await env.start();
    const text = (body: string) => ({ headers: { 'content-type': 'text/plain' }, body });
    expectFailure(await app.post(PATH, undefined, text('/freelancer/dashboard')), 400, 'TL_CORE_00400_E');
    expectFailure(await app.post(PATH, undefined, text(JSON.stringify({ path: '/', pad: 'x'.repeat(2000) }))), 413, 'TL_CORE_00413_E');
  });

  test('page views are rate limited per IP', async () => {
    const app = await env.start({ config: { rateLimitPerMinute: 1, trustProxy: true } });
    const from = { headers: { 'x-forwarded-for': `198.51.100.${crypto.randomInt(1, 250)}` } };
    const path = uniquePath();
    for (let i = 0; i < 4; i++) expect((await app.post(PATH, { path }, from)).status).toBe(200);
    expectFailure(await app.post(PATH, { path }, from), 429, 'TL_CORE_00429_E');
    expect(await countOf(app.db, path, utcDay(app.clock.now()))).toBe(4);
  });
});
