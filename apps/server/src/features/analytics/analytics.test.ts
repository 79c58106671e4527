import crypto from 'node:crypto';
import { paths } from '@talentloop/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { DAY, expectFailure, until, useApi } from '../../../test/helpers.ts';
import type { Db } from '../../infra/db/client.ts';
import { pageViews } from '../../infra/db/schema.ts';
import { OTHER_PATH, countedPath } from './known-paths.ts';
import { utcDay } from './queries.ts';

const env = useApi();
const PATH = '/api/analytics/page-view';

/** A path that is no web route. */
const uniquePath = () => `/t/${crypto.randomUUID()}`;

/** Today's count of `path` (0 when there is none): tests compare counts before and after. */
async function countOf(db: Db, path: string, day: string): Promise<number> {
  const [row] = await db
    .select()
    .from(pageViews)
    .where(and(eq(pageViews.path, path), eq(pageViews.day, day)));
  return row?.count ?? 0;
}

/** What navigator.sendBeacon sends for a string body. */
const beacon = (body: unknown) => ({ headers: { 'content-type': 'text/plain;charset=UTF-8' }, body: JSON.stringify(body) });

describe('POST /api/analytics/page-view', () => {
  test('views are counted per route and day, sent as JSON or as a beacon', async () => {
    const app = await env.start();
    const today = utcDay(app.clock.now());
    const path = paths.login;
    const other = paths.freelancer.dashboard;
    const [before, otherBefore] = [await countOf(app.db, path, today), await countOf(app.db, other, today)];
    const res = await app.post(PATH, { path, referrer: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success' });
    expect((await app.post(PATH, undefined, beacon({ path, referrer: other }))).status).toBe(200);
    expect((await app.post(PATH, { path: other })).status).toBe(200);
    expect(await countOf(app.db, path, today)).toBe(before + 2);
    expect(await countOf(app.db, other, today)).toBe(otherBefore + 1);
  });

  test('a new day starts a new count', async () => {
    const app = await env.start();
    // Days no other test reaches.
    app.clock.advance(40 * DAY);
    const path = paths.signup;
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
    const path = paths.privacy;
    await app.post(PATH, { path, referrer: '/login' }, { headers: { 'user-agent': 'Test/1.0', 'x-forwarded-for': '203.0.113.9' } });
    const rows = await app.db.select().from(pageViews).where(eq(pageViews.path, path));
    expect(rows).toEqual([{ day: utcDay(app.clock.now()), path, count: expect.any(Number) }]);
  });

  test('paths that are no web route are counted in one bucket, so random paths add no rows', async () => {
    const app = await env.start();
    const today = utcDay(app.clock.now());
    const rowsBefore = (await app.db.select().from(pageViews)).length;
    const otherBefore = await countOf(app.db, OTHER_PATH, today);
    for (let i = 0; i < 30; i++) expect((await app.post(PATH, { path: uniquePath() })).status).toBe(200);
    expect(await countOf(app.db, OTHER_PATH, today)).toBe(otherBefore + 30);
    expect((await app.db.select().from(pageViews)).length).toBeLessThanOrEqual(rowsBefore + 1);
  });

  test('a web route is counted under its route, whatever its trailing slash or letter case', async () => {
    expect(countedPath('/')).toBe('/');
    expect(countedPath('/login')).toBe('/login');
    expect(countedPath('/Login/')).toBe('/login');
    expect(countedPath('/freelancer/dashboard')).toBe(paths.freelancer.dashboard);
    expect(countedPath('/freelancer/dashboard/extra')).toBe(OTHER_PATH);
    expect(countedPath('/wp-admin.php')).toBe(OTHER_PATH);
    expect(countedPath('//')).toBe(OTHER_PATH);
  });

  test('the prune job drops daily counts older than the retention period', async () => {
    const app = await env.start({ config: { pageViewRetentionDays: 30, pruneIntervalMs: 50 } });
    const now = app.clock.now().getTime();
    const marker = `/prune-${crypto.randomUUID()}`;
    const old = { day: utcDay(new Date(now - 31 * DAY)), path: marker, count: 3 };
    const recent = { day: utcDay(new Date(now - 29 * DAY)), path: marker, count: 4 };
    await app.db.insert(pageViews).values([old, recent]);
    await until(async () => (await app.db.select().from(pageViews).where(eq(pageViews.day, old.day))).length === 0, 'the old count pruned');
    expect(await app.db.select().from(pageViews).where(eq(pageViews.path, marker))).toEqual([recent]);
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
    const path = paths.terms;
    const today = utcDay(app.clock.now());
    const before = await countOf(app.db, path, today);
    for (let i = 0; i < 4; i++) expect((await app.post(PATH, { path }, from)).status).toBe(200);
    expectFailure(await app.post(PATH, { path }, from), 429, 'TL_CORE_00429_E');
    expect(await countOf(app.db, path, today)).toBe(before + 4);
  });
});
