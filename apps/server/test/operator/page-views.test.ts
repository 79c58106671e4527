import { PAGE_VIEW_DAYS_DEFAULT, PAGE_VIEW_DAYS_MAX, listPageViews, pageView } from '@talentloop/contract/api/analytics';
import { describe, expect, test } from 'vitest';
import { pageViews } from '../../src/infra/db/schema.ts';
import { DAY, type TestApp, call, createClock, expectFailure, expectOk, invalid, okBody, useApi } from '../helpers.ts';
import { createOperator, reviewedFreelancer, startLoopApp, verifiedCompany } from '../talent/loop-support.ts';

// The operators' page views (issue 21): daily views per path over the last 30 UTC days, zero-filled,
// with totals, most viewed first; operators only. The clock starts at noon on 20 June 2031, so the
// counts here are this file's own.

const env = useApi();

/** The message of a failure answer. */
const messageOf = (res: { body: unknown }) => String((res.body as { responseMessage?: string }).responseMessage);
const NOON = Date.parse('2031-06-20T12:00:00Z');

async function startApp() {
  const clock = createClock();
  clock.advance(NOON - Date.now());
  return env.start({ clock });
}

async function views(app: TestApp, path: string, n: number) {
  for (let i = 0; i < n; i++) expectOk(await call(app, pageView, { body: { path } }));
}

describe('page views for operators', () => {
  test('the last 30 days, oldest first, each path zero-filled with its total; most viewed first', async () => {
    const app = await startApp();
    const op = await createOperator(app);
    // Two days ago: the landing page twice; today: the landing page once and the login page three times.
    await app.db.insert(pageViews).values([
      { day: '2031-06-18', path: '/', count: 2 },
      // 31 days ago: outside the range.
      { day: '2031-05-20', path: '/', count: 100 },
    ]);
    await views(app, '/', 1);
    await views(app, '/login', 3);
    await views(app, '/no-such-page', 1);

    const res = okBody(await call(app, listPageViews, {}, { token: op.accessToken }));
    expect(res.days).toHaveLength(PAGE_VIEW_DAYS_DEFAULT);
    expect(res.days[0]).toBe('2031-05-22');
    expect(res.days.at(-1)).toBe('2031-06-20');
    expect(res.paths.map((p) => p.path)).toEqual(['/', '/login', 'other']);
    const landing = res.paths[0];
    expect(landing?.total).toBe(3);
    expect(landing?.daily).toHaveLength(PAGE_VIEW_DAYS_DEFAULT);
    expect(landing?.daily.slice(-3)).toEqual([2, 0, 1]);
    expect(landing?.daily.slice(0, -3).every((n) => n === 0)).toBe(true);
    expect(res.paths[1]).toMatchObject({ path: '/login', total: 3 });
    expect(res.paths[2]).toMatchObject({ path: 'other', total: 1 });
    expect(res.total).toBe(7);
  });

  test('days chooses the range; a range that is not one is refused with its message', async () => {
    const app = await startApp();
    const op = await createOperator(app);
    const week = okBody(await call(app, listPageViews, { query: { days: 7 } }, { token: op.accessToken }));
    expect(week.days).toEqual(['2031-06-14', '2031-06-15', '2031-06-16', '2031-06-17', '2031-06-18', '2031-06-19', '2031-06-20']);
    for (const days of [0, PAGE_VIEW_DAYS_MAX + 1, 'all', 2.5]) {
      const res = await call(app, listPageViews, { query: invalid({ days }) }, { token: op.accessToken });
      expectFailure(res, 400, 'TL_CORE_00400_E', String(days));
      expect(messageOf(res)).toContain(`days must be a whole number from 1 to ${PAGE_VIEW_DAYS_MAX}`);
    }
  });

  test('a day with no views at all is an empty chart, not an error', async () => {
    const app = await startApp();
    app.clock.advance(400 * DAY);
    const op = await createOperator(app);
    const res = okBody(await call(app, listPageViews, { query: { days: 3 } }, { token: op.accessToken }));
    expect(res).toMatchObject({ paths: [], total: 0 });
    expect(res.days).toHaveLength(3);
  });

  test('freelancers and companies get 403, a signed-out caller 401', async () => {
    const app = await startLoopApp(env);
    const freelancer = await reviewedFreelancer(app);
    const company = await verifiedCompany(app);
    expectFailure(await call(app, listPageViews, {}, { token: freelancer.token }), 403, 'TL_CORE_00403_E');
    expectFailure(await call(app, listPageViews, {}, { token: company.token }), 403, 'TL_CORE_00403_E');
    expectFailure(await call(app, listPageViews, {}), 401, 'TL_CORE_00401_E');
  });
});
