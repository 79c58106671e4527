import { addDays, approveTimesheet, weekAmount } from '@talentloop/contract/api/engagements';
import { splitFee } from '@talentloop/contract/rules/money';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, test, vi } from 'vitest';
import { approveDue } from '../../src/features/engagements/sweep.ts';
import {
  companyBilling,
  engagements,
  invoiceCounters,
  invoices,
  journalEntries,
  journalLines,
  timesheets,
} from '../../src/infra/db/schema.ts';
import { MINUTE, call, expectOk, useApi } from '../helpers.ts';
import { startLoopApp } from '../talent/loop-support.ts';
import { billingEmailOf, engaged, hourlyTerms, lastMonday, subjectsFor, submittedWeek } from './support.ts';

// The automatic approval set-based (decision 240): a batch of due weeks is approved with a handful
// of statements, and gives each week what a company's approval gives it: one invoice numbered
// after the issuer's earlier ones (gapless), its balanced journal entry, and the mails. A row that
// cannot be approved (a party's details no longer ready) fails its batch: the rows are then
// approved one at a time, and the one left is logged and tried again later.

const env = useApi();

const silentLog = () => ({ error: vi.fn() });

describe('automatic approval in batches', () => {
  test('a batch of due weeks, two sweeps at once: each one invoice numbered after the issuer’s earlier ones, its entry and its mails', async () => {
    const app = await startLoopApp(env);
    const week = lastMonday(app);
    const first = addDays(week, -7);
    const a = await engaged(app, hourlyTerms(app, { startDate: first }), { companyName: 'Globex' });
    const b = await engaged(app, hourlyTerms(app, { currency: 'EUR', rateMinor: 3_333 }), { companyName: 'Initech' });
    // a's first week is approved by the company (its invoice takes the issuer's number 1)...
    const byCompany = await submittedWeek(app, a.f.token, a.engagement.id, first, [30, 29]);
    expectOk(
      await call(
        app,
        approveTimesheet,
        { params: { timesheetId: byCompany.id ?? '' }, body: { version: byCompany.version } },
        { token: a.company.token },
      ),
    );
    // ...its second week and b's week are left to the sweep.
    const left = [
      await submittedWeek(app, a.f.token, a.engagement.id, week, [32, 1, 0, 17]),
      await submittedWeek(app, b.f.token, b.engagement.id, week, [29, 1]),
    ];
    const deadline = Math.max(...left.map((w) => Date.parse(w.autoApproveAt ?? '')));
    app.clock.advance(deadline - app.clock.now().getTime() + MINUTE);

    const log = silentLog();
    // Two instances at once: each week is approved once (SKIP LOCKED), the numbers stay gapless.
    const deps = { db: app.db, clock: app.clock, config: app.config, log };
    const [x, y] = await Promise.all([approveDue(deps), approveDue(deps)]);
    expect((x ?? 0) + (y ?? 0)).toBeGreaterThanOrEqual(2);
    // The batch went through whole (no row fell back to one at a time).
    expect(log.error).not.toHaveBeenCalled();

    const ids = left.map((w) => w.id ?? '');
    const rows = await app.db.select().from(timesheets).where(inArray(timesheets.id, ids));
    expect(rows.map((r) => r.status)).toEqual(['approved', 'approved']);
    const docs = await app.db
      .select()
      .from(invoices)
      .where(inArray(invoices.sourceId, [byCompany.id ?? '', ...ids]));
    expect(docs).toHaveLength(3);
    const docOf = (id: string | null) => docs.find((d) => d.sourceId === id);
    // Gapless per issuer: a's automatic invoice is the one after the company's.
    expect(docOf(left[0]?.id ?? null)?.seq).toBe((docOf(byCompany.id)?.seq ?? 0) + 1);
    expect(docOf(left[0]?.id ?? null)?.issuerId).toBe(docOf(byCompany.id)?.issuerId);
    // The issuer's counter moved with the batch: the next invoice takes the number after it.
    const auto = docOf(left[0]?.id ?? null);
    const [counter] = await app.db
      .select()
      .from(invoiceCounters)
      .where(
        and(
          eq(invoiceCounters.issuerId, auto?.issuerId ?? ''),
          eq(invoiceCounters.kind, 'invoice'),
          eq(invoiceCounters.year, auto?.year ?? 0),
        ),
      );
    expect(counter?.lastSeq).toBe(auto?.seq);
    for (const [w, rate, currency] of [
      [left[0], 8_000, 'USD'],
      [left[1], 3_333, 'EUR'],
    ] as const) {
      const doc = docOf(w?.id ?? null);
      const row = rows.find((r) => r.id === w?.id);
      expect(row?.invoiceId).toBe(doc?.id);
      const gross = weekAmount(w?.lines ?? [], rate, currency);
      const split = splitFee(gross, currency);
      expect(doc).toMatchObject({
        currency,
        purpose: 'work_approved',
        subtotalMinor: gross,
        feeMinor: split.fee,
        netMinor: split.net,
      });
      expect(doc?.lines).toHaveLength(w?.lines.length ?? 0);
      const [entry] = await app.db
        .select()
        .from(journalEntries)
        .where(eq(journalEntries.invoiceId, doc?.id ?? ''));
      expect(entry?.kind).toBe('invoice_work');
      const lines = await app.db
        .select()
        .from(journalLines)
        .where(eq(journalLines.entryId, entry?.id ?? ''));
      expect(lines.reduce((s, l) => s + l.amountMinor, 0)).toBe(0);
      expect(lines.find((l) => l.account === 'company_receivable')?.amountMinor).toBe(gross);
    }
    for (const s of [a, b]) {
      expect(await subjectsFor(app, s.f.email)).toContain(`Your week of ${week} was approved`);
      expect(await subjectsFor(app, s.company.accountEmail)).toContain(`The week of ${week} was approved`);
      expect((await subjectsFor(app, billingEmailOf(s.company))).filter((m) => m.startsWith('Invoice issued'))).toHaveLength(
        s === a ? 2 : 1,
      );
    }
  });

  test('a week whose company’s billing details are no longer ready fails its batch: the others are approved one at a time, it is logged and left', async () => {
    const app = await startLoopApp(env);
    const ok = await engaged(app, hourlyTerms(app), { companyName: 'Umbrella' });
    const stuck = await engaged(app, hourlyTerms(app), { companyName: 'Hooli' });
    const weeks = [
      await submittedWeek(app, ok.f.token, ok.engagement.id, lastMonday(app), [8]),
      await submittedWeek(app, stuck.f.token, stuck.engagement.id, lastMonday(app), [8]),
    ];
    const [row] = await app.db.select().from(engagements).where(eq(engagements.id, stuck.engagement.id));
    await app.db
      .update(companyBilling)
      .set({ verifiedBillingEmail: null })
      .where(eq(companyBilling.companyId, row?.companyId ?? ''));
    const deadline = Math.max(...weeks.map((w) => Date.parse(w.autoApproveAt ?? '')));
    app.clock.advance(deadline - app.clock.now().getTime() + MINUTE);

    const log = silentLog();
    await approveDue({ db: app.db, clock: app.clock, config: app.config, log });
    const rows = await app.db
      .select()
      .from(timesheets)
      .where(
        inArray(
          timesheets.id,
          weeks.map((w) => w.id ?? ''),
        ),
      );
    expect(rows.find((r) => r.id === weeks[0]?.id)?.status).toBe('approved');
    expect(rows.find((r) => r.id === weeks[1]?.id)).toMatchObject({ status: 'submitted', invoiceId: null });
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ what: `timesheet ${weeks[1]?.id}` }), 'automatic approval failed');
    expect(
      await app.db
        .select()
        .from(invoices)
        .where(eq(invoices.sourceId, weeks[1]?.id ?? '')),
    ).toEqual([]);
  });
});
