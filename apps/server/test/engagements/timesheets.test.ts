import {
  addDays,
  approveTimesheet,
  getCompanyTimesheet,
  getWeek,
  queryTimesheet,
  saveWeek,
  submitWeek,
} from '@talentloop/contract/api/engagements';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { approveDue } from '../../src/features/engagements/sweep.ts';
import { invoices, journalEntries, timesheets } from '../../src/infra/db/schema.ts';
import { DAY, MINUTE, call, expectFailure, expectOk, okBody, useApi } from '../helpers.ts';
import { refreshed } from '../reviews/support.ts';
import { startLoopApp } from '../talent/loop-support.ts';
import { billingEmailOf, companyView, engaged, hourlyTerms, lastMonday, subjectsFor, submittedWeek } from './support.ts';

// Weekly timesheets (issue 34): the freelancer logs and submits, the company approves or queries,
// a week left unanswered is approved automatically once; every refusal changes nothing.

const env = useApi();

describe('timesheets', () => {
  test('log, save, submit; the company queries a day, the freelancer fixes it and resubmits, the company approves; mails at each step', async () => {
    const app = await startLoopApp(env);
    const s = await engaged(app, hourlyTerms(app), { companyName: 'Globex' });
    const weekStart = lastMonday(app);
    const params = { engagementId: s.engagement.id, weekStart };
    const f = { token: s.f.token };
    const c = { token: s.company.token };

    const empty = okBody(await call(app, getWeek, { params }, f)).timesheet;
    expect(empty).toMatchObject({
      id: null,
      status: 'draft',
      version: 0,
      lines: [],
      weeklyCapHours: 40,
      rateMinor: 8_000,
      currency: 'USD',
    });
    expect(empty.openDays).toHaveLength(7);

    const lines = [
      { day: weekStart, quarterHours: 30, description: 'Button and input components' },
      { day: addDays(weekStart, 1), quarterHours: 29, description: 'Tokens for colour and type' },
    ];
    const saved = await call(app, saveWeek, { params, body: { version: 0, lines } }, f);
    expectOk(saved);
    // 7.5 h and 7.25 h at $80: $600 + $580 = $1,180; the fee rounds once per week.
    expect(saved.body.timesheet).toMatchObject({ status: 'draft', version: 1, totalQuarterHours: 59, amountMinor: 118_000 });
    expect(saved.body.timesheet.fee).toEqual({ grossMinor: 118_000, feeMinor: 17_700, netMinor: 100_300 });
    // A save from the old version is stale.
    expectFailure(await call(app, saveWeek, { params, body: { version: 0, lines } }, f), 409, 'TL_CORE_10110_E');
    // The company does not see a draft.
    const draftId = saved.body.timesheet.id ?? '';
    expectFailure(await call(app, getCompanyTimesheet, { params: { timesheetId: draftId } }, c), 404, 'TL_CORE_18110_E');

    const submitted = await call(app, submitWeek, { params, body: { version: 1 } }, f);
    expectOk(submitted);
    expect(submitted.body.timesheet).toMatchObject({ status: 'submitted', version: 2 });
    expect(Date.parse(submitted.body.timesheet.autoApproveAt ?? '')).toBeGreaterThan(Date.now());
    expect((await subjectsFor(app, s.company.accountEmail)).some((m) => m.endsWith(`submitted the week of ${weekStart}`))).toBe(true);
    // Submitted: no more edits.
    expectFailure(await call(app, saveWeek, { params, body: { version: 2, lines } }, f), 409, 'TL_CORE_18115_E');

    const view = await companyView(app, s.company.token, s.engagement.id);
    expect(view.waiting).toEqual([
      expect.objectContaining({ kind: 'timesheet', on: 'company', id: draftId, autoApproveAt: submitted.body.timesheet.autoApproveAt }),
    ]);

    // The company queries a day; a day without hours cannot be queried.
    const tid = { timesheetId: draftId };
    expectFailure(
      await call(
        app,
        queryTimesheet,
        { params: tid, body: { version: 2, reason: 'What was done on this day?', days: [addDays(weekStart, 3)] } },
        c,
      ),
      400,
      'TL_CORE_18112_E',
    );
    expectFailure(
      await call(app, queryTimesheet, { params: tid, body: { version: 1, reason: 'What was done on this day?', days: [weekStart] } }, c),
      409,
      'TL_CORE_10110_E',
    );
    const queried = await call(
      app,
      queryTimesheet,
      { params: tid, body: { version: 2, reason: 'Seven and a half hours on buttons?', days: [weekStart] } },
      c,
    );
    expectOk(queried);
    expect(queried.body.timesheet).toMatchObject({
      status: 'queried',
      version: 3,
      queryReason: 'Seven and a half hours on buttons?',
      autoApproveAt: null,
    });
    expect(queried.body.timesheet.lines.map((l) => l.queried)).toEqual([true, false]);
    expect(await subjectsFor(app, s.f.email)).toContain(`Globex queried your week of ${weekStart}`);
    // A queried week cannot be approved.
    expectFailure(await call(app, approveTimesheet, { params: tid, body: { version: 3 } }, c), 409, 'TL_CORE_18111_E');

    // The freelancer fixes the line and submits again.
    const fixed = okBody(
      await call(
        app,
        saveWeek,
        {
          params,
          body: {
            version: 3,
            lines: [{ day: weekStart, quarterHours: 24, description: 'Buttons, inputs and their docs' }, ...lines.slice(1)],
          },
        },
        f,
      ),
    ).timesheet;
    expect(fixed).toMatchObject({ status: 'queried', version: 4 });
    const again = okBody(await call(app, submitWeek, { params, body: { version: 4 } }, f)).timesheet;
    expect(again).toMatchObject({ status: 'submitted', version: 5, queryReason: null });

    expectFailure(await call(app, approveTimesheet, { params: tid, body: { version: 4 } }, c), 409, 'TL_CORE_10110_E');
    const approved = await call(app, approveTimesheet, { params: tid, body: { version: 5 } }, c);
    expectOk(approved);
    expect(approved.body.timesheet).toMatchObject({
      status: 'approved',
      approvedBy: 'company',
      version: 6,
      amountMinor: 6 * 8_000 + 58_000,
    });
    // Its invoice, issued in the same transaction: one line per day, the fee once on the total.
    const issued = await app.db.select().from(invoices).where(eq(invoices.sourceId, draftId));
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({
      kind: 'invoice',
      purpose: 'work_approved',
      currency: 'USD',
      subtotalMinor: 106_000,
      feeMinor: 15_900,
      netMinor: 90_100,
    });
    expect(issued[0]?.lines).toEqual([
      { description: `${weekStart}: Buttons, inputs and their docs`, quarterHours: 24, unitMinor: 8_000, amountMinor: 48_000 },
      { description: `${addDays(weekStart, 1)}: Tokens for colour and type`, quarterHours: 29, unitMinor: 8_000, amountMinor: 58_000 },
    ]);
    expect(approved.body.timesheet.invoiceId).toBe(issued[0]?.id);
    // The invoice notice goes to the company's proven billing email.
    expect(await subjectsFor(app, billingEmailOf(s.company))).toEqual(['Invoice issued: Design system lead']);
    expect(await subjectsFor(app, s.f.email)).toContain(`Your week of ${weekStart} was approved`);
    expectFailure(await call(app, approveTimesheet, { params: tid, body: { version: 6 } }, c), 409, 'TL_CORE_18111_E');
  });

  test('hours beyond 24 a day, the cap, the engagement’s dates or today are refused, and so are weeks outside it', async () => {
    const app = await startLoopApp(env);
    const start = addDays(lastMonday(app), 2); // a Wednesday: Monday and Tuesday are before the engagement
    const s = await engaged(app, hourlyTerms(app, { startDate: start, weeklyCapHours: 10 }));
    const weekStart = lastMonday(app);
    const params = { engagementId: s.engagement.id, weekStart };
    const save = (lines: Array<{ day: string; quarterHours: number; description?: string }>) =>
      call(
        app,
        saveWeek,
        { params, body: { version: 0, lines: lines.map((l) => ({ description: 'Component work', ...l })) } },
        { token: s.f.token },
      );

    expect(okBody(await call(app, getWeek, { params }, { token: s.f.token })).timesheet.openDays).toEqual(
      [2, 3, 4, 5, 6].map((i) => addDays(weekStart, i)),
    );
    const cases: Array<[Array<{ day: string; quarterHours: number; description?: string }>, number, string, RegExp]> = [
      [[{ day: start, quarterHours: 97 }], 400, 'TL_CORE_00400_E', /at most 24 a day/],
      [[{ day: start, quarterHours: 0 }], 400, 'TL_CORE_00400_E', /more than 0/],
      [[{ day: start, quarterHours: 2.5 }], 400, 'TL_CORE_00400_E', /quarter hours/],
      [
        [
          { day: start, quarterHours: 24 },
          { day: addDays(start, 1), quarterHours: 17 },
        ],
        400,
        'TL_CORE_18114_E',
        /weekly cap of 10 hours/,
      ],
      [[{ day: weekStart, quarterHours: 4 }], 400, 'TL_CORE_18114_E', /within the engagement's dates/],
      [[{ day: addDays(weekStart, 7), quarterHours: 4 }], 400, 'TL_CORE_18114_E', /in this week/],
      [[{ day: '2026-02-30', quarterHours: 4 }], 400, 'TL_CORE_00400_E', /real date/],
      [[{ day: start, quarterHours: 4, description: '' }], 400, 'TL_CORE_00400_E', /Describe the work/],
      [
        [
          { day: start, quarterHours: 4 },
          { day: start, quarterHours: 4 },
        ],
        400,
        'TL_CORE_18114_E',
        /once in a week/,
      ],
    ];
    for (const [lines, status, code, message] of cases) {
      const res = await save(lines);
      expectFailure(res, status, code, JSON.stringify(lines));
      expect(res.body.responseMessage).toMatch(message);
    }
    // A week that has not begun, one before the engagement, and a day that is not a Monday.
    const thisMonday = addDays(weekStart, 7);
    const nextMonday = addDays(weekStart, 14);
    const week = (w: string) => call(app, getWeek, { params: { engagementId: s.engagement.id, weekStart: w } }, { token: s.f.token });
    expectFailure(await week(nextMonday), 400, 'TL_CORE_18113_E');
    expectFailure(await week(addDays(weekStart, -7)), 400, 'TL_CORE_18113_E');
    expectFailure(await week(addDays(weekStart, 1)), 400, 'TL_CORE_00400_E');
    // Today's week is open up to today: tomorrow is refused (unless today is Sunday, the week's last day).
    const today = new Date(app.clock.now()).toISOString().slice(0, 10);
    if (today !== addDays(thisMonday, 6)) {
      const res = await call(
        app,
        saveWeek,
        {
          params: { engagementId: s.engagement.id, weekStart: thisMonday },
          body: { version: 0, lines: [{ day: addDays(today, 1), quarterHours: 4, description: 'Tomorrow' }] },
        },
        { token: s.f.token },
      );
      expectFailure(res, 400, 'TL_CORE_18114_E');
      expect(res.body.responseMessage).toMatch(/not begun yet/);
    }
    // Submitting an empty week is refused.
    expectFailure(await call(app, submitWeek, { params, body: { version: 0 } }, { token: s.f.token }), 400, 'TL_CORE_18116_E');
    expect(await app.db.select().from(timesheets).where(eq(timesheets.engagementId, s.engagement.id))).toEqual([]);
  });

  test('another party’s week is 404; a company editing hours or a freelancer approving their own week is 403', async () => {
    const app = await startLoopApp(env);
    const s = await engaged(app, hourlyTerms(app));
    const other = await engaged(app, hourlyTerms(app), { companyName: 'Initech' });
    const weekStart = lastMonday(app);
    const sheet = await submittedWeek(app, s.f.token, s.engagement.id, weekStart, [8, 8]);
    const tid = { timesheetId: sheet.id ?? '' };
    const params = { engagementId: s.engagement.id, weekStart };

    expectFailure(await call(app, getCompanyTimesheet, { params: tid }, { token: other.company.token }), 404, 'TL_CORE_18110_E');
    expectFailure(
      await call(app, approveTimesheet, { params: tid, body: { version: sheet.version } }, { token: other.company.token }),
      404,
      'TL_CORE_18110_E',
    );
    expectFailure(await call(app, getWeek, { params }, { token: other.f.token }), 404, 'TL_CORE_18100_E');
    expectFailure(await call(app, saveWeek, { params, body: { version: 0, lines: [] } }, { token: other.f.token }), 404, 'TL_CORE_18100_E');
    // Roles: the company cannot edit hours, the freelancer cannot approve.
    expectFailure(
      await call(app, saveWeek, { params, body: { version: sheet.version, lines: [] } }, { token: s.company.token }),
      403,
      'TL_CORE_00403_E',
    );
    expectFailure(
      await call(app, approveTimesheet, { params: tid, body: { version: sheet.version } }, { token: s.f.token }),
      403,
      'TL_CORE_00403_E',
    );
    const [row] = await app.db
      .select()
      .from(timesheets)
      .where(eq(timesheets.id, sheet.id ?? ''));
    expect(row).toMatchObject({ status: 'submitted', version: sheet.version });
  });

  test('20 approvals of one week at once: exactly one wins, the rest are 409', async () => {
    const app = await startLoopApp(env);
    const s = await engaged(app, hourlyTerms(app));
    const sheet = await submittedWeek(app, s.f.token, s.engagement.id, lastMonday(app), [8, 8, 8]);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(
          app,
          approveTimesheet,
          { params: { timesheetId: sheet.id ?? '' }, body: { version: sheet.version } },
          { token: s.company.token },
        ),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).map((r) => (r.ok ? '' : r.body.responseCode))).toEqual(
      Array(19).fill('TL_CORE_10110_E'),
    );
    const rows = await app.db
      .select()
      .from(timesheets)
      .where(eq(timesheets.id, sheet.id ?? ''));
    expect(rows.map((r) => [r.status, r.version])).toEqual([['approved', sheet.version + 1]]);
    expect((await subjectsFor(app, s.f.email)).filter((m) => m.startsWith('Your week of'))).toHaveLength(1);
    // One invoice and one journal entry.
    const issued = await app.db
      .select()
      .from(invoices)
      .where(eq(invoices.sourceId, sheet.id ?? ''));
    expect(issued).toHaveLength(1);
    expect(
      await app.db
        .select()
        .from(journalEntries)
        .where(eq(journalEntries.invoiceId, issued[0]?.id ?? '')),
    ).toHaveLength(1);
  });

  test('a submitted week left unanswered is approved automatically after 3 business days, once with two sweeps at once', async () => {
    const app = await startLoopApp(env);
    const s = await engaged(app, hourlyTerms(app));
    const sheet = await submittedWeek(app, s.f.token, s.engagement.id, lastMonday(app), [12, 12]);
    const deadline = Date.parse(sheet.autoApproveAt ?? '');
    const submittedAt = Date.parse(sheet.submittedAt ?? '');
    // 3 business days (Mon-Fri) after the day of submission: at least 3 and at most 6 days later.
    expect(deadline - submittedAt).toBeGreaterThan(3 * DAY - DAY);
    expect(deadline - submittedAt).toBeLessThanOrEqual(6 * DAY);

    const deps = { db: app.db, clock: app.clock, config: app.config };
    app.clock.advance(deadline - app.clock.now().getTime() - MINUTE);
    // (Other tests' weeks share this database: the checks are on this week's row and mails.)
    const rowOf = async () =>
      (
        await app.db
          .select()
          .from(timesheets)
          .where(eq(timesheets.id, sheet.id ?? ''))
      )[0];
    await approveDue(deps);
    expect(await rowOf()).toMatchObject({ status: 'submitted', version: sheet.version });
    app.clock.advance(2 * MINUTE);
    const [a, b] = await Promise.all([approveDue(deps), approveDue(deps)]);
    expect((a ?? 0) + (b ?? 0)).toBeGreaterThanOrEqual(1);
    // Approved once: one version step, one pair of mails.
    expect(await rowOf()).toMatchObject({ status: 'approved', approvedBy: 'automatic', autoApproveAt: null, version: sheet.version + 1 });
    await approveDue(deps);
    expect(await rowOf()).toMatchObject({ version: sheet.version + 1 });
    expect(
      await app.db
        .select()
        .from(invoices)
        .where(eq(invoices.sourceId, sheet.id ?? '')),
    ).toHaveLength(1);
    const fresh = await refreshed(app, s);
    const view = await companyView(app, fresh.company.token, s.engagement.id);
    expect(view.timesheets[0]).toMatchObject({ status: 'approved', approvedBy: 'automatic' });
    expect(view.waiting).toEqual([]);
    expect((await subjectsFor(app, s.f.email)).filter((m) => m.startsWith('Your week of'))).toHaveLength(1);
    expect((await subjectsFor(app, s.company.accountEmail)).filter((m) => m.startsWith('The week of'))).toHaveLength(1);
  });
});
