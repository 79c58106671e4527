import type { MoneyReportQuery, MoneyReportRow } from '@talentloop/contract/api/money-reports';
import { type Currency, toMajorString } from '@talentloop/contract/rules/money';
import type { DbOrTx } from '../../infra/db/client.ts';
import { toCsv } from '../partners/csv.ts';
import { balancesBefore, flowsBetween, lastStatementBalances } from './queries.ts';

// The money report (issue 35 'Reports', decision 251). The period is whole UTC days, both ends
// included; flows are the entries that occurred in it, balances those at its end. The statement's
// balance is the last imported statement closing by the period's last day: ledger cash less it is
// the difference, which must be zero (a non-zero one is money the ledger and the bank disagree on).

const DAY_MS = 86_400_000;

export async function moneyReport(db: DbOrTx, period: MoneyReportQuery): Promise<MoneyReportRow[]> {
  const start = new Date(`${period.from}T00:00:00.000Z`);
  const end = new Date(new Date(`${period.to}T00:00:00.000Z`).getTime() + DAY_MS);
  const [flows, balances, statements] = await Promise.all([
    flowsBetween(db, start, end),
    balancesBefore(db, end),
    lastStatementBalances(db, period.to),
  ]);
  const currencies = new Set<Currency>([...flows, ...balances, ...statements].map((r) => r.currency));
  return [...currencies]
    .sort((a, b) => a.localeCompare(b))
    .map((currency) => {
      const flow = flows.find((f) => f.currency === currency);
      const balance = balances.find((b) => b.currency === currency);
      const statement = statements.find((s) => s.currency === currency);
      const ledgerCashMinor = balance?.cash ?? 0;
      return {
        currency,
        receivedMinor: flow?.received ?? 0,
        releasedMinor: flow?.released ?? 0,
        feesMinor: flow?.fees ?? 0,
        paidOutMinor: flow?.paidOut ?? 0,
        heldMinor: balance?.held ?? 0,
        ledgerCashMinor,
        statementBalanceMinor: statement?.closingMinor ?? null,
        statementOn: statement?.closingOn ?? null,
        differenceMinor: statement ? ledgerCashMinor - statement.closingMinor : null,
      };
    });
}

/** The report as CSV, amounts in major units (formula cells escaped by the shared CSV writer). */
export function moneyReportCsv(period: MoneyReportQuery, rows: readonly MoneyReportRow[]): string {
  const amount = (pick: (r: MoneyReportRow) => number | null) => (r: MoneyReportRow) => {
    const value = pick(r);
    return value === null ? '' : toMajorString(value, r.currency);
  };
  return toCsv<MoneyReportRow>(
    [
      { header: 'From', value: () => period.from },
      { header: 'To', value: () => period.to },
      { header: 'Currency', value: (r) => r.currency },
      { header: 'Received', value: amount((r) => r.receivedMinor) },
      { header: 'Released', value: amount((r) => r.releasedMinor) },
      { header: 'Fees earned', value: amount((r) => r.feesMinor) },
      { header: 'Paid out', value: amount((r) => r.paidOutMinor) },
      { header: 'Held at end', value: amount((r) => r.heldMinor) },
      { header: 'Ledger cash at bank', value: amount((r) => r.ledgerCashMinor) },
      { header: 'Statement balance', value: amount((r) => r.statementBalanceMinor) },
      { header: 'Statement date', value: (r) => r.statementOn ?? '' },
      { header: 'Difference', value: amount((r) => r.differenceMinor) },
    ],
    rows,
  );
}
