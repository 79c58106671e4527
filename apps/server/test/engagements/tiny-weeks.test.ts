import { approveTimesheet, saveWeek, submitWeek } from '@talentloop/contract/api/engagements';
import { eq } from 'drizzle-orm';
import { describe, expect, test, vi } from 'vitest';
import { approveDue } from '../../src/features/engagements/sweep.ts';
import { invoices, timesheets } from '../../src/infra/db/schema.ts';
import { MINUTE, call, expectFailure, expectOk, okBody, useApi } from '../helpers.ts';
import { startLoopApp } from '../talent/loop-support.ts';
import { engaged, hourlyTerms, lastMonday, submittedWeek } from './support.ts';

// A week whose hours come to less than one minor unit at its rate (decision 241): refused when
// submitted (TL_CORE_18145_E, nothing changes), and a week submitted before that rule is approved
// without an invoice (never a zero invoice, never a 500), by the company and by the sweep alike.

const env = useApi();

const rowOf = async (app: Awaited<ReturnType<typeof startLoopApp>>, id: string) =>
  (await app.db.select().from(timesheets).where(eq(timesheets.id, id)))[0];

describe('weeks that come to nothing', () => {
  test('a week of a quarter hour at one cent an hour is refused at submission and stays a draft; half an hour (one cent) is accepted', async () => {
    const app = await startLoopApp(env);
    const s = await engaged(app, hourlyTerms(app, { rateMinor: 1 }));
    const weekStart = lastMonday(app);
    const params = { engagementId: s.engagement.id, weekStart };
    const f = { token: s.f.token };
    const saved = okBody(
      await call(app, saveWeek, { params, body: { version: 0, lines: [{ day: weekStart, quarterHours: 1, description: 'Review' }] } }, f),
    ).timesheet;
    expect(saved).toMatchObject({ amountMinor: 0, version: 1 });
    expectFailure(await call(app, submitWeek, { params, body: { version: 1 } }, f), 400, 'TL_CORE_18145_E');
    expect(await rowOf(app, saved.id ?? '')).toMatchObject({ status: 'draft', version: 1, submittedAt: null });

    okBody(
      await call(app, saveWeek, { params, body: { version: 1, lines: [{ day: weekStart, quarterHours: 2, description: 'Review' }] } }, f),
    );
    const submitted = await call(app, submitWeek, { params, body: { version: 2 } }, f);
    expectOk(submitted);
    expect(submitted.body.timesheet).toMatchObject({ status: 'submitted', amountMinor: 1 });
  });

  test('a zero week submitted before the rule is approved without an invoice, by the company and by the sweep', async () => {
    const app = await startLoopApp(env);
    const byCompany = await engaged(app, hourlyTerms(app));
    const bySweep = await engaged(app, hourlyTerms(app));
    const weekStart = lastMonday(app);
    const weeks = [
      await submittedWeek(app, byCompany.f.token, byCompany.engagement.id, weekStart, [1]),
      await submittedWeek(app, bySweep.f.token, bySweep.engagement.id, weekStart, [1]),
    ];
    // As a week submitted at a rate of one cent before the rule: a quarter hour comes to 0.25 cents.
    for (const w of weeks)
      await app.db
        .update(timesheets)
        .set({ rateMinor: 1 })
        .where(eq(timesheets.id, w.id ?? ''));

    const approved = await call(
      app,
      approveTimesheet,
      { params: { timesheetId: weeks[0]?.id ?? '' }, body: { version: weeks[0]?.version ?? 0 } },
      { token: byCompany.company.token },
    );
    expectOk(approved);
    expect(approved.body.timesheet).toMatchObject({ status: 'approved', amountMinor: 0 });

    app.clock.advance(Date.parse(weeks[1]?.autoApproveAt ?? '') - app.clock.now().getTime() + MINUTE);
    const log = { error: vi.fn() };
    await approveDue({ db: app.db, clock: app.clock, config: app.config, log });
    expect(log.error).not.toHaveBeenCalled();
    for (const w of weeks) {
      expect(await rowOf(app, w.id ?? '')).toMatchObject({ status: 'approved', invoiceId: null });
      expect(
        await app.db
          .select()
          .from(invoices)
          .where(eq(invoices.sourceId, w.id ?? '')),
      ).toEqual([]);
    }
  });
});
