import { type JournalKind, type LedgerAccount, entryProblem } from '@talentloop/contract/rules/ledger-accounts';
import type { Currency } from '@talentloop/contract/rules/money';
import type { DbOrTx, Tx } from '../../infra/db/client.ts';
import {
  type BalanceRow,
  type Party,
  accountBalances,
  entryOfInvoice,
  insertEntry,
  insertLines,
  linesOfEntry,
  partyBalances,
  partyBalancesStatement,
  releaseEntryOf,
} from './queries.ts';

// The ledger's face (issue 34, decision 200): post a balanced entry, read balances. Every balance is
// computed from journal lines, never stored. postEntry checks the zero-sum rule in code
// (rules/ledger-accounts entryProblem); the database checks it again at commit (migration 0022).

export type { BalanceRow, Party };

export type PostLine = {
  account: LedgerAccount;
  currency: Currency;
  /** signed minor units: debit positive, credit negative */
  amountMinor: number;
  companyId?: string | null;
  freelancerId?: string | null;
  engagementId?: string | null;
};

export type EntryRefs = { invoiceId?: string | null; milestoneId?: string | null; engagementId?: string | null };

export type PostEntry = { kind: JournalKind; memo: string; refs?: EntryRefs; lines: PostLine[]; occurredAt?: Date };

/** A programming error: lines that cannot be an entry never reach the database. */
export class UnbalancedEntryError extends Error {}

/**
 * Posts one journal entry inside the caller's transaction (a Tx: the database checks the balance at commit, so the lines must commit with the entry): its id, or undefined when an entry with
 * the same unique reference (an invoice's entry, a milestone's release) already exists.
 */
export async function postEntry(tx: Tx, entry: PostEntry): Promise<string | undefined> {
  const problem = entryProblem(entry.lines);
  if (problem) throw new UnbalancedEntryError(problem);
  const id = await insertEntry(tx, {
    kind: entry.kind,
    memo: entry.memo,
    ...(entry.occurredAt ? { occurredAt: entry.occurredAt } : {}),
    invoiceId: entry.refs?.invoiceId ?? null,
    milestoneId: entry.refs?.milestoneId ?? null,
    engagementId: entry.refs?.engagementId ?? null,
  });
  if (!id) return undefined;
  await insertLines(
    tx,
    id,
    entry.lines.map((line) => ({
      account: line.account,
      currency: line.currency,
      amountMinor: line.amountMinor,
      companyId: line.companyId ?? null,
      freelancerId: line.freelancerId ?? null,
      engagementId: line.engagementId ?? null,
    })),
  );
  return id;
}

/** Balances of a company, a freelancer or an engagement per account and currency (debit positive). */
export function balancesOf(db: DbOrTx, party: Party, account?: LedgerAccount): Promise<BalanceRow[]> {
  return partyBalances(db, party, account);
}

/** One party's balance on one account in one currency (0 when it has no line). */
export async function balanceOf(db: DbOrTx, party: Party, account: LedgerAccount, currency: Currency): Promise<number> {
  const rows = await partyBalances(db, party, account);
  return rows.find((r) => r.currency === currency)?.balanceMinor ?? 0;
}

/** An account's balance across all parties, per currency. */
export function accountBalance(db: DbOrTx, account: LedgerAccount) {
  return accountBalances(db, account);
}

export { entryOfInvoice, linesOfEntry, partyBalancesStatement, releaseEntryOf };
