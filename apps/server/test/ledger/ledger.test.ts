import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { seedJournal } from '../../src/features/bench/ledger-seed.ts';
import { partyBalancesStatement } from '../../src/features/ledger/queries.ts';
import { UnbalancedEntryError, balanceOf, balancesOf, postEntry } from '../../src/features/ledger/service.ts';
import { rowsOf } from '../../src/infra/db/rows.ts';
import { useApi } from '../helpers.ts';
import { makeParties, refusal } from './support.ts';

// The ledger (issue 34, decision 200): entries are append-only at the database, every entry sums to
// zero per currency with at least two lines (a deferred constraint trigger, whatever inserts the
// lines), and balances are sums of lines per account, party and currency.

const env = useApi();

async function postSale(
  db: Parameters<typeof postEntry>[0],
  p: { companyId: string; freelancerId: string; engagementId: string },
  gross: number,
  fee: number,
) {
  return postEntry(db, {
    kind: 'invoice_work',
    memo: 'a week',
    refs: { engagementId: p.engagementId },
    lines: [
      { account: 'company_receivable', currency: 'INR', amountMinor: gross, ...p },
      { account: 'freelancer_payable', currency: 'INR', amountMinor: -(gross - fee), ...p },
      { account: 'platform_fee_revenue', currency: 'INR', amountMinor: -fee, ...p },
    ],
  });
}

const count = async (db: typeof env.database.db, table: 'journal_entries' | 'journal_lines') =>
  Number(rowsOf<{ n: string | number }>(await db.execute(sql.raw(`SELECT count(*) AS n FROM ${table}`)))[0]?.n);

describe('the ledger', () => {
  test('balances are sums of lines per party, account and currency', async () => {
    const db = env.database.db;
    const p = await makeParties(db);
    await db.transaction(async (tx) => {
      await postSale(tx, p, 100_000, 15_000);
      await postSale(tx, p, 2_550, 383);
    });
    await db.transaction((tx) =>
      postEntry(tx, {
        kind: 'invoice_milestone_funding',
        memo: 'a milestone in USD',
        lines: [
          { account: 'company_receivable', currency: 'USD', amountMinor: 50_000, ...p },
          { account: 'engagement_funds_held', currency: 'USD', amountMinor: -50_000, ...p },
        ],
      }),
    );
    expect(await balancesOf(db, { companyId: p.companyId }, 'company_receivable')).toEqual([
      { account: 'company_receivable', currency: 'INR', balanceMinor: 102_550 },
      { account: 'company_receivable', currency: 'USD', balanceMinor: 50_000 },
    ]);
    expect(await balanceOf(db, { freelancerId: p.freelancerId }, 'freelancer_payable', 'INR')).toBe(-(85_000 + 2_167));
    expect(await balanceOf(db, { engagementId: p.engagementId }, 'platform_fee_revenue', 'INR')).toBe(-15_383);
    expect(await balanceOf(db, { engagementId: p.engagementId }, 'engagement_funds_held', 'USD')).toBe(-50_000);
    expect(await balanceOf(db, { companyId: p.companyId }, 'cash_at_bank', 'INR')).toBe(0);
    // Another company's balance is its own.
    const other = await makeParties(db);
    expect(await balancesOf(db, { companyId: other.companyId })).toEqual([]);
  });

  test('postEntry refuses lines that do not balance, before the database', async () => {
    const db = env.database.db;
    const p = await makeParties(db);
    const before = await count(db, 'journal_entries');
    await expect(
      db.transaction((tx) =>
        postEntry(tx, {
          kind: 'invoice_work',
          memo: 'off by one',
          lines: [
            { account: 'company_receivable', currency: 'INR', amountMinor: 100, ...p },
            { account: 'freelancer_payable', currency: 'INR', amountMinor: -99, ...p },
          ],
        }),
      ),
    ).rejects.toThrow(UnbalancedEntryError);
    expect(await count(db, 'journal_entries')).toBe(before);
  });

  test('the database refuses UPDATE, DELETE and TRUNCATE on entries and lines', async () => {
    const db = env.database.db;
    const p = await makeParties(db);
    const id = await db.transaction((tx) => postSale(tx, p, 1_000, 150));
    const before = [await count(db, 'journal_entries'), await count(db, 'journal_lines')];
    for (const statement of [
      `UPDATE journal_lines SET amount_minor = amount_minor * 2 WHERE entry_id = '${id}'`,
      `DELETE FROM journal_lines WHERE entry_id = '${id}'`,
      'TRUNCATE journal_lines',
      `UPDATE journal_entries SET memo = 'rewritten' WHERE id = '${id}'`,
      `DELETE FROM journal_entries WHERE id = '${id}'`,
      'TRUNCATE journal_entries CASCADE',
      // CASCADE: the receipts and releases (issue 35) reference entries; the append-only trigger still refuses.
      'TRUNCATE journal_lines, journal_entries CASCADE',
    ]) {
      expect(await refusal(db.execute(sql.raw(statement))), statement).toMatch(/append-only/);
    }
    expect([await count(db, 'journal_entries'), await count(db, 'journal_lines')]).toEqual(before);
  });

  test('the database refuses an unbalanced entry, a one-line entry and an entry with no lines, at commit', async () => {
    const db = env.database.db;
    const p = await makeParties(db);
    const before = [await count(db, 'journal_entries'), await count(db, 'journal_lines')];
    const raw = async (lines: Array<[string, string, number]>) =>
      db.transaction(async (tx) => {
        const id = crypto.randomUUID();
        await tx.execute(sql`INSERT INTO journal_entries (id, kind, memo) VALUES (${id}, 'invoice_work', 'raw')`);
        for (const [account, currency, amount] of lines) {
          await tx.execute(
            sql`INSERT INTO journal_lines (entry_id, account, currency, amount_minor, company_id) VALUES (${id}, ${account}, ${currency}, ${amount}, ${p.companyId})`,
          );
        }
        return id;
      });
    const inr = refusal(
      raw([
        ['company_receivable', 'INR', 100],
        ['freelancer_payable', 'INR', -99],
      ]),
    );
    expect(await inr).toMatch(/does not balance in INR/);
    // Sums to zero overall but not per currency.
    expect(
      await refusal(
        raw([
          ['company_receivable', 'INR', 100],
          ['freelancer_payable', 'USD', -100],
        ]),
      ),
    ).toMatch(/does not balance/);
    expect(await refusal(raw([['company_receivable', 'INR', 100]]))).toMatch(/at least two/);
    expect(await refusal(raw([]))).toMatch(/at least two/);
    expect([await count(db, 'journal_entries'), await count(db, 'journal_lines')]).toEqual(before);
    // The same raw path with balanced lines commits: the refusals above are the rule, not the path.
    await raw([
      ['company_receivable', 'INR', 100],
      ['freelancer_payable', 'INR', -85],
      ['platform_fee_revenue', 'INR', -15],
    ]);
    expect(await count(db, 'journal_entries')).toBe((before[0] ?? 0) + 1);
  });

  test("a company's balance is read through its index, never a sequential scan of journal_lines", async () => {
    const db = env.database.db;
    // One company among others: its 500 entries beside 10,000 of other companies (a marketplace's proportions).
    const target = await makeParties(db);
    await seedJournal(db, { companyId: target.companyId, freelancerId: target.freelancerId, entries: 500 });
    await seedJournal(db, { companyId: crypto.randomUUID(), freelancerId: crypto.randomUUID(), entries: 10_000, batch: 5_000 });
    await db.execute(sql`VACUUM ANALYZE journal_lines`);
    const plan = rowsOf<{ 'QUERY PLAN': string }>(await db.execute(sql`EXPLAIN ${partyBalancesStatement({ companyId: target.companyId })}`))
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    // Index-backed: an index (only) scan, or a bitmap scan of the same index, as the planner's statistics choose.
    expect(plan).toMatch(/Index (Only )?Scan using journal_lines_company_idx|Bitmap Index Scan on journal_lines_company_idx/);
    expect(plan).not.toMatch(/Seq Scan on journal_lines/);
    // The figure is the lines' sum: 500 receivables of the seeded amounts.
    const [expected] = rowsOf<{ s: string | number }>(
      await db.execute(sql`SELECT sum(10000 + (i * 37) % 90000) AS s FROM generate_series(1, 500) AS i`),
    );
    expect(await balanceOf(db, { companyId: target.companyId }, 'company_receivable', 'INR')).toBe(Number(expected?.s));
    expect((await balancesOf(db, { companyId: target.companyId })).reduce((sum, b) => sum + b.balanceMinor, 0)).toBe(0);
  });
});
