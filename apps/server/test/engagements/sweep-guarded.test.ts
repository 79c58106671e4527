import { addDays } from '@talentloop/contract/api/engagements';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, onTestFinished, test, vi } from 'vitest';
import { urlsOf } from '../../src/features/engagements/service.ts';
import { approveDue } from '../../src/features/engagements/sweep.ts';
import { approveWeek } from '../../src/features/engagements/timesheets.ts';
import { engagements, invoices, timesheets } from '../../src/infra/db/schema.ts';
import { MINUTE, type TestApp, useApi } from '../helpers.ts';
import { startLoopApp } from '../talent/loop-support.ts';
import { engaged, hourlyTerms, lastMonday, submittedWeek } from './support.ts';

// Decision 298: on embedded PGlite a batch of the automatic approval is prepared with no transaction
// open (the weeks, the invoices' snapshots, numbers and entries, the mails) and written by ONE guarded
// transaction sent whole to the database's thread, so a request waits for its statements at most,
// never for the main thread's work in between. The guard re-checks what was read: a week approved
// meanwhile, or an issuer's counter moved, and the transaction writes nothing; the sweep reads again.

const env = useApi();

type Client = {
  transaction: (...args: unknown[]) => Promise<unknown>;
  script?: (...args: unknown[]) => Promise<boolean>;
};

/** The embedded database's worker client, its calls watched for this test (`before` runs ahead of each guarded transaction). */
function watch(app: TestApp, before?: () => Promise<void>) {
  const client = (app.db as unknown as { $client: Client }).$client;
  const { transaction, script } = client;
  if (!script) throw new Error('the tests run PGlite in its worker thread');
  const seen = { transactions: 0, scripts: [] as boolean[] };
  client.transaction = (...args) => {
    seen.transactions += 1;
    return transaction.apply(client, args);
  };
  client.script = async (...args) => {
    await before?.();
    const held = await script.apply(client, args);
    seen.scripts.push(held);
    return held;
  };
  onTestFinished(() => {
    client.transaction = transaction;
    client.script = script;
  });
  return seen;
}

/** The company approves the week, as its own approval does (its access token expired with the clock's advance). */
async function approveAsCompany(app: TestApp, timesheetId: string, engagementId: string) {
  const [sheet] = await app.db.select().from(timesheets).where(eq(timesheets.id, timesheetId));
  const [e] = await app.db.select().from(engagements).where(eq(engagements.id, engagementId));
  if (!sheet || !e) throw new Error('the week or its engagement vanished');
  expect(await app.db.transaction((tx) => approveWeek(tx, urlsOf(app.config), e, sheet, 'company', app.clock.now()))).not.toBeNull();
}

describe.skipIf(Boolean(process.env.DATABASE_URL))(
  'on embedded PGlite the automatic approval writes each batch in one guarded transaction',
  () => {
    test('due weeks are approved by one transaction sent whole: their invoices numbered in order, nothing else held open', async () => {
      const app = await startLoopApp(env);
      const week = lastMonday(app);
      const a = await engaged(app, hourlyTerms(app, { startDate: addDays(week, -7) }), { companyName: 'Globex' });
      const weeks = [
        await submittedWeek(app, a.f.token, a.engagement.id, addDays(week, -7), [8, 8]),
        await submittedWeek(app, a.f.token, a.engagement.id, week, [4]),
      ];
      app.clock.advance(Math.max(...weeks.map((w) => Date.parse(w.autoApproveAt ?? ''))) - app.clock.now().getTime() + MINUTE);
      const seen = watch(app);
      const log = { error: vi.fn() };
      expect(await approveDue({ db: app.db, clock: app.clock, config: app.config, log })).toBe(2);
      expect(log.error).not.toHaveBeenCalled();
      // One guarded transaction for the weeks; the one ordinary transaction is the milestones' claim (none due).
      expect(seen).toEqual({ transactions: 1, scripts: [true] });
      const ids = weeks.map((w) => w.id ?? '');
      const rows = await app.db.select().from(timesheets).where(inArray(timesheets.id, ids));
      const docs = await app.db.select().from(invoices).where(inArray(invoices.sourceId, ids));
      expect(ids.map((id) => rows.find((r) => r.id === id)).map((r) => [r?.status, r?.approvedBy, r?.version])).toEqual([
        ['approved', 'automatic', (weeks[0]?.version ?? 0) + 1],
        ['approved', 'automatic', (weeks[1]?.version ?? 0) + 1],
      ]);
      expect(docs.map((d) => d.seq).sort()).toEqual([1, 2]);
      for (const row of rows) expect(docs.find((d) => d.sourceId === row.id)?.id).toBe(row.invoiceId);
    });

    test('a week the company approves between the batch’s reads and its write: the batch writes nothing, is read again, and each week has one invoice, numbered without a gap', async () => {
      const app = await startLoopApp(env);
      const week = lastMonday(app);
      const a = await engaged(app, hourlyTerms(app, { startDate: addDays(week, -7) }), { companyName: 'Initech' });
      const weeks = [
        await submittedWeek(app, a.f.token, a.engagement.id, addDays(week, -7), [8, 8]),
        await submittedWeek(app, a.f.token, a.engagement.id, week, [4]),
      ];
      app.clock.advance(Math.max(...weeks.map((w) => Date.parse(w.autoApproveAt ?? ''))) - app.clock.now().getTime() + MINUTE);
      let approvedByCompany = false;
      // The state forced: just before the first guarded transaction, the company approves the second
      // week (which takes the issuer's next number and moves the counter).
      const seen = watch(app, async () => {
        if (approvedByCompany) return;
        approvedByCompany = true;
        await approveAsCompany(app, weeks[1]?.id ?? '', a.engagement.id);
      });
      const log = { error: vi.fn() };
      expect(await approveDue({ db: app.db, clock: app.clock, config: app.config, log })).toBe(1);
      expect(log.error).not.toHaveBeenCalled();
      expect(seen.scripts).toEqual([false, true]);
      const ids = weeks.map((w) => w.id ?? '');
      const rows = await app.db.select().from(timesheets).where(inArray(timesheets.id, ids));
      expect(rows.find((r) => r.id === weeks[0]?.id)?.approvedBy).toBe('automatic');
      expect(rows.find((r) => r.id === weeks[1]?.id)?.approvedBy).not.toBe('automatic');
      const docs = await app.db.select().from(invoices).where(inArray(invoices.sourceId, ids));
      expect(docs).toHaveLength(2);
      // The company's approval took number 1; the sweep's, read again, number 2.
      expect(docs.find((d) => d.sourceId === weeks[1]?.id)?.seq).toBe(1);
      expect(docs.find((d) => d.sourceId === weeks[0]?.id)?.seq).toBe(2);
    });

    test('a batch is written in units, one guarded transaction each: a unit refused by its guard leaves the ones before it written, the rest is read again, and the numbers stay without a gap', async () => {
      const app = await startLoopApp(env);
      const week = lastMonday(app);
      const a = await engaged(app, hourlyTerms(app, { startDate: addDays(week, -14) }), { companyName: 'Umbrella' });
      const weeks: Awaited<ReturnType<typeof submittedWeek>>[] = [];
      for (let i = 2; i >= 0; i -= 1) weeks.push(await submittedWeek(app, a.f.token, a.engagement.id, addDays(week, -7 * i), [2]));
      app.clock.advance(Math.max(...weeks.map((w) => Date.parse(w.autoApproveAt ?? ''))) - app.clock.now().getTime() + MINUTE);
      // Units of one week here (the batch's three weeks in three units). The state forced: just before
      // the second unit's transaction, the company approves the third week, which takes the issuer's
      // next number after the first unit's.
      let calls = 0;
      const seen = watch(app, async () => {
        calls += 1;
        if (calls !== 2) return;
        await approveAsCompany(app, weeks[2]?.id ?? '', a.engagement.id);
      });
      const log = { error: vi.fn() };
      expect(await approveDue({ db: app.db, clock: app.clock, config: app.config, log, guardedUnit: 1 })).toBe(2);
      expect(log.error).not.toHaveBeenCalled();
      // The first unit written, the second refused (the counter moved), and the batch read again: the
      // second week is written as a unit of its own; the third is the company's.
      expect(seen.scripts).toEqual([true, false, true]);
      const ids = weeks.map((w) => w.id ?? '');
      const docs = await app.db.select().from(invoices).where(inArray(invoices.sourceId, ids));
      const seqOf = (i: number) => docs.find((d) => d.sourceId === ids[i])?.seq;
      expect([0, 2, 1].map(seqOf)).toEqual([1, 2, 3]);
      const rows = await app.db.select().from(timesheets).where(inArray(timesheets.id, ids));
      expect(rows.map((r) => r.approvedBy).sort()).toEqual(['automatic', 'automatic', 'company']);
      for (const row of rows) expect(docs.find((d) => d.sourceId === row.id)?.id).toBe(row.invoiceId);
    });
  },
);
