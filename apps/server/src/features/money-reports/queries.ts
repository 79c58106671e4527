import type { Currency } from '@talentloop/contract/rules/money';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../infra/db/client.ts';
import { rowsOf } from '../../infra/db/rows.ts';

// The money report's SQL (issue 35 'Reports', decision 251): sums of journal lines by the kind of
// their entry and the time it occurred, and the imported statements' closing balances. A period is
// [start, end): the caller passes instants (UTC day boundaries).

export type PeriodFlows = { currency: Currency; received: number; released: number; fees: number; paidOut: number };

/** What moved in the period, per currency, from journal lines (credits are negative, so negated where a credit is the figure). */
export async function flowsBetween(db: DbOrTx, start: Date, end: Date): Promise<PeriodFlows[]> {
  const rows = rowsOf<{
    currency: Currency;
    received: string | number;
    released: string | number;
    fees: string | number;
    paid_out: string | number;
  }>(
    await db.execute(sql`
      SELECT l.currency,
        coalesce(sum(l.amount_minor) FILTER (WHERE e.kind = 'receipt' AND l.account = 'cash_at_bank'), 0) AS received,
        coalesce(-sum(l.amount_minor) FILTER (WHERE e.kind = 'release' AND l.account = 'freelancer_payable'), 0) AS released,
        coalesce(-sum(l.amount_minor) FILTER (WHERE l.account = 'platform_fee_revenue'), 0) AS fees,
        coalesce(-sum(l.amount_minor) FILTER (WHERE e.kind = 'payout_paid' AND l.account = 'cash_at_bank'), 0) AS paid_out
      FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
      WHERE e.occurred_at >= ${start.toISOString()}::timestamptz AND e.occurred_at < ${end.toISOString()}::timestamptz
      GROUP BY l.currency`),
  );
  return rows.map((r) => ({
    currency: r.currency,
    received: Number(r.received),
    released: Number(r.released),
    fees: Number(r.fees),
    paidOut: Number(r.paid_out),
  }));
}

export type BalancesAt = { currency: Currency; cash: number; held: number };

/**
 * Balances at an instant, per currency: cash at bank, and held (cash at bank less what was released
 * to freelancers: freelancer_payable and payouts_in_transit are credits, so they are added).
 */
export async function balancesBefore(db: DbOrTx, end: Date): Promise<BalancesAt[]> {
  const rows = rowsOf<{ currency: Currency; cash: string | number; held: string | number }>(
    await db.execute(sql`
      SELECT l.currency,
        coalesce(sum(l.amount_minor) FILTER (WHERE l.account = 'cash_at_bank'), 0) AS cash,
        coalesce(sum(l.amount_minor) FILTER (WHERE l.account IN ('cash_at_bank', 'freelancer_payable', 'payouts_in_transit')), 0) AS held
      FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
      WHERE e.occurred_at < ${end.toISOString()}::timestamptz
        AND l.account IN ('cash_at_bank', 'freelancer_payable', 'payouts_in_transit')
      GROUP BY l.currency`),
  );
  return rows.map((r) => ({ currency: r.currency, cash: Number(r.cash), held: Number(r.held) }));
}

export type StatementBalance = { currency: Currency; closingMinor: number; closingOn: string };

/** Per currency, the closing balance of the imported statement that closes last on or before `lastDay`. */
export async function lastStatementBalances(db: DbOrTx, lastDay: string): Promise<StatementBalance[]> {
  const rows = rowsOf<{ currency: Currency; closing_minor: string | number; closing_on: string | Date }>(
    await db.execute(sql`
      SELECT DISTINCT ON (currency) currency, closing_minor, closing_on
      FROM bank_statements
      WHERE closing_minor IS NOT NULL AND closing_on IS NOT NULL AND currency IS NOT NULL AND closing_on <= ${lastDay}::date
      ORDER BY currency, closing_on DESC, imported_at DESC`),
  );
  return rows.map((r) => ({
    currency: r.currency,
    closingMinor: Number(r.closing_minor),
    closingOn: typeof r.closing_on === 'string' ? r.closing_on.slice(0, 10) : r.closing_on.toISOString().slice(0, 10),
  }));
}
