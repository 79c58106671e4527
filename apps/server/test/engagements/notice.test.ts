import {
  acceptEarlyEnd,
  addDays,
  approveTimesheet,
  declineEarlyEnd,
  giveNotice,
  localDay,
  proposeEarlyEnd,
  saveWeek,
  submitWeek,
  weekStartOf,
} from '@talentloop/contract/api/engagements';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { endDue } from '../../src/features/engagements/sweep.ts';
import { engagements, hires } from '../../src/infra/db/schema.ts';
import { DAY, advanceTo, call, expectFailure, okBody, useApi } from '../helpers.ts';
import { hiresOf, refreshed } from '../reviews/support.ts';
import { startLoopApp, verifiedCompany } from '../talent/loop-support.ts';
import { companyView, engaged, freelancerView, hourlyTerms, subjectsFor } from './support.ts';

// Ending with notice (issue 35): either side gives notice of at least the engagement's own notice
// period; an earlier end only when the other side accepts; the sweep ends it on its end date once,
// finishing the hire (its review opens with approved work); the last week settles after the end.

const env = useApi();
const today = (app: { clock: { now(): Date } }) => localDay(app.clock.now(), 'UTC');

describe('ending with notice', () => {
  test('either side gives notice of at least its notice period; both see the end date and are mailed; repeats, stale and others refused', async () => {
    const app = await startLoopApp(env);
    const s = await engaged(app, hourlyTerms(app, { noticeDays: 45 }));
    const params = { engagementId: s.engagement.id };
    const row = async () => (await app.db.select().from(engagements).where(eq(engagements.id, s.engagement.id)))[0];
    expect(await row()).toMatchObject({ noticeDays: 45, endDate: null });
    const seen = await freelancerView(app, s.f.token, s.engagement.id);
    expect(seen).toMatchObject({
      endDate: null,
      earliestEndDate: addDays(today(app), 45),
      notice: { days: 45, givenBy: null, earlyEnd: null },
    });
    const notice = (token: string, version: number, endDate: string) =>
      call(app, giveNotice, { params, body: { version, endDate } }, { token });

    const tooSoon = await notice(s.f.token, seen.version, addDays(today(app), 44));
    expectFailure(tooSoon, 400, 'TL_CORE_18131_E');
    expect(tooSoon.body.responseMessage).toBe(`With 45 days' notice, the end date can be ${addDays(today(app), 45)} at the earliest.`);
    expectFailure(await notice(s.f.token, seen.version - 1, addDays(today(app), 45)), 409, 'TL_CORE_10110_E');
    const other = await verifiedCompany(app, 'Initech');
    expectFailure(await notice(other.token, seen.version, addDays(today(app), 45)), 404, 'TL_CORE_18100_E');
    expectFailure(
      await call(
        app,
        giveNotice,
        { params: { engagementId: crypto.randomUUID() }, body: { version: 0, endDate: today(app) } },
        { token: s.f.token },
      ),
      404,
      'TL_CORE_18100_E',
    );
    expect(await row()).toMatchObject({ endDate: null, noticeGivenBy: null, version: seen.version });

    const endDate = addDays(today(app), 60);
    const given = okBody(await notice(s.f.token, seen.version, endDate)).engagement;
    expect(given).toMatchObject({ status: 'active', endDate, notice: { givenBy: 'freelancer' }, earliestEndDate: null });
    expect(await companyView(app, s.company.token, s.engagement.id)).toMatchObject({
      endDate,
      notice: { givenBy: 'freelancer', days: 45 },
    });
    const subject = `Notice given: Design system lead ends on ${endDate}`;
    expect(await subjectsFor(app, s.company.accountEmail)).toContain(subject);
    expect(await subjectsFor(app, s.f.email)).toContain(subject);

    // Given once: the company's notice after it is refused and changes nothing.
    expectFailure(await notice(s.company.token, given.version, addDays(today(app), 45)), 409, 'TL_CORE_18130_E');
    expect(await row()).toMatchObject({ endDate, noticeGivenBy: 'freelancer', version: given.version });
  });

  test('an earlier end needs the other side: the proposer cannot accept it, a decline keeps the date, accepting today ends it and finishes the hire', async () => {
    const app = await startLoopApp(env);
    const s = await engaged(app, hourlyTerms(app));
    const params = { engagementId: s.engagement.id };
    const v0 = (await companyView(app, s.company.token, s.engagement.id)).version;
    const endDate = addDays(today(app), 30);
    const given = okBody(await call(app, giveNotice, { params, body: { version: v0, endDate } }, { token: s.company.token })).engagement;

    const propose = (token: string, version: number, date: string) =>
      call(app, proposeEarlyEnd, { params, body: { version, endDate: date } }, { token });
    expectFailure(await propose(s.company.token, given.version, addDays(today(app), -1)), 400, 'TL_CORE_18131_E');
    expectFailure(await propose(s.company.token, given.version, endDate), 400, 'TL_CORE_18131_E');
    const proposed = okBody(await propose(s.company.token, given.version, addDays(today(app), 10))).engagement;
    expect(proposed).toMatchObject({ endDate, notice: { earlyEnd: { date: addDays(today(app), 10), proposedBy: 'company' } } });
    expect(await subjectsFor(app, s.f.email)).toContain(`Acme Labs proposes to end Design system lead on ${addDays(today(app), 10)}`);
    expectFailure(await propose(s.f.token, proposed.version, addDays(today(app), 5)), 409, 'TL_CORE_18134_E');
    expectFailure(
      await call(app, acceptEarlyEnd, { params, body: { version: proposed.version } }, { token: s.company.token }),
      409,
      'TL_CORE_18133_E',
    );

    const declined = okBody(
      await call(app, declineEarlyEnd, { params, body: { version: proposed.version } }, { token: s.f.token }),
    ).engagement;
    expect(declined).toMatchObject({ status: 'active', endDate, notice: { earlyEnd: null } });
    expect(await subjectsFor(app, s.company.accountEmail)).toContain('The earlier end of Design system lead was declined');
    expectFailure(
      await call(app, declineEarlyEnd, { params, body: { version: declined.version } }, { token: s.f.token }),
      409,
      'TL_CORE_18132_E',
    );
    expectFailure(
      await call(app, acceptEarlyEnd, { params, body: { version: proposed.version } }, { token: s.f.token }),
      409,
      'TL_CORE_10110_E',
    );

    const mine = okBody(await propose(s.f.token, declined.version, today(app))).engagement;
    const ended = okBody(
      await call(app, acceptEarlyEnd, { params, body: { version: mine.version } }, { token: s.company.token }),
    ).engagement;
    expect(ended).toMatchObject({ status: 'ended', endDate: today(app), notice: { earlyEnd: null } });
    const [hire] = await app.db.select().from(hires).where(eq(hires.id, s.hire.id));
    expect(hire?.finishedAt).not.toBeNull();
    expect((await subjectsFor(app, s.f.email)).filter((x) => x === 'The engagement Design system lead has ended')).toHaveLength(1);
    expect(
      (await subjectsFor(app, s.company.accountEmail)).filter((x) => x === 'The engagement Design system lead has ended'),
    ).toHaveLength(1);
    expectFailure(
      await call(app, acceptEarlyEnd, { params, body: { version: ended.version } }, { token: s.company.token }),
      409,
      'TL_CORE_18104_E',
    );
    expectFailure(await propose(s.f.token, ended.version, today(app)), 409, 'TL_CORE_18104_E');
  });

  test('the sweep ends it on its end date once however many run; the last week settles after; the hire’s review opens', async () => {
    const app = await startLoopApp(env);
    let s = await engaged(app, hourlyTerms(app));
    const params = { engagementId: s.engagement.id };
    const v0 = (await companyView(app, s.company.token, s.engagement.id)).version;
    const endDate = addDays(today(app), 30);
    okBody(await call(app, giveNotice, { params, body: { version: v0, endDate } }, { token: s.company.token }));
    const deps = { db: app.db, clock: app.clock, config: app.config };
    const status = async () => (await app.db.select().from(engagements).where(eq(engagements.id, s.engagement.id)))[0]?.status;

    app.clock.advance(29 * DAY);
    expect(await endDue(deps)).toBe(0);
    expect(await status()).toBe('active');
    // The end date has begun (UTC): two sweeps at once end it once.
    advanceTo(app.clock, endDate);
    expect(today(app)).toBe(endDate);
    const ran = await Promise.all([endDue(deps), endDue(deps), endDue(deps)]);
    expect(ran.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await status()).toBe('ended');
    expect((await subjectsFor(app, s.f.email)).filter((x) => x === 'The engagement Design system lead has ended')).toHaveLength(1);

    // The last week settles as usual: hours up to the end date, none after it.
    s = await refreshed(app, s);
    const weekStart = weekStartOf(endDate);
    const week = { engagementId: s.engagement.id, weekStart };
    const after = addDays(endDate, 1);
    if (weekStartOf(after) === weekStart) {
      app.clock.advance(DAY);
      s = await refreshed(app, s);
      const late = await call(
        app,
        saveWeek,
        { params: week, body: { version: 0, lines: [{ day: after, quarterHours: 8, description: 'After the end' }] } },
        { token: s.f.token },
      );
      expectFailure(late, 400, 'TL_CORE_18114_E');
    }
    const lines = [{ day: endDate, quarterHours: 16, description: 'Handover on the last day' }];
    const saved = okBody(await call(app, saveWeek, { params: week, body: { version: 0, lines } }, { token: s.f.token })).timesheet;
    const sent = okBody(await call(app, submitWeek, { params: week, body: { version: saved.version } }, { token: s.f.token })).timesheet;
    const [waiting] = await hiresOf(app, s.company.token);
    expect(waiting?.eligibility).toMatchObject({ eligible: false, waitingFor: ['approved_work'] });
    expect(waiting?.finishedAt).not.toBeNull();
    okBody(
      await call(
        app,
        approveTimesheet,
        { params: { timesheetId: sent.id ?? '' }, body: { version: sent.version } },
        { token: s.company.token },
      ),
    );
    const [ready] = await hiresOf(app, s.company.token);
    expect(ready?.eligibility).toMatchObject({ eligible: true, waitingFor: [] });
  });
});
