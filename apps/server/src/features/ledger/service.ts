import crypto from 'node:crypto';
import { type JournalKind, type LedgerAccount, entryProblem } from '@talentloop/contract/rules/ledger-accounts';
import type { Currency } from '@talentloop/contract/rules/money';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../infra/db/client.ts';
import {
  type BalanceRow,
  type Party,
  accountBalances,
  entryOfInvoice as entryOfInvoiceRow,
  entriesWithLinesStatement,
  insertEntriesWithLinesIf,
  insertEntriesWithLines,
  insertEntry,
  insertLines,
  linesOfEntry as linesOfEntryRows,
  lockPayables as lockPayablesRow,
  partyBalances,
  releaseEntryOf as releaseEntryOfRow,
  releasedTotals,
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
  const id = await insertEntry(tx, entryValues(entry));
  if (!id) return undefined;
  await insertLines(tx, id, entry.lines.map(lineValues));
  return id;
}

/** An entry's row (its unique references) as stored. */
const entryValues = (entry: PostEntry) => ({
  kind: entry.kind,
  memo: entry.memo,
  ...(entry.occurredAt ? { occurredAt: entry.occurredAt } : {}),
  invoiceId: entry.refs?.invoiceId ?? null,
  milestoneId: entry.refs?.milestoneId ?? null,
  engagementId: entry.refs?.engagementId ?? null,
});

/** A line's row as stored. */
const lineValues = (line: PostLine) => ({
  account: line.account,
  currency: line.currency,
  amountMinor: line.amountMinor,
  companyId: line.companyId ?? null,
  freelancerId: line.freelancerId ?? null,
  engagementId: line.engagementId ?? null,
});

/**
 * Posts many entries in a few statements (the sweep's batch, a payout batch's payouts, a statement
 * chunk's receipts): each checked like `postEntry`, all or none, entries and lines in one statement
 * per slice. Throws when one of them had a taken unique reference (the caller's transaction is then
 * rolled back: a batch never posts half its entries). `also` gives the caller's own statements, made
 * from the entries' ids, to run in the same statement (decision 272: one round trip fewer each). Their
 * ids, in order.
 */
export async function postEntries(
  tx: Tx,
  entries: readonly PostEntry[],
  opts: { also?: (ids: string[]) => SQL[] } = {},
): Promise<string[]> {
  for (const entry of entries) {
    const problem = entryProblem(entry.lines);
    if (problem) throw new UnbalancedEntryError(problem);
  }
  const rows = entries.map((entry) => ({ id: crypto.randomUUID(), ...entryValues(entry) }));
  const ids = rows.map((r) => r.id);
  // Entries and lines in one statement; the caller's own statements (`also`, given the entries' ids) in it too.
  const inserted = await insertEntriesWithLines(
    tx,
    rows,
    entries.flatMap((entry, i) => entry.lines.map((line) => ({ entryId: rows[i]?.id as string, ...lineValues(line) }))),
    opts.also?.(ids) ?? [],
  );
  if (inserted !== rows.length) throw new Error('an entry of the batch already exists');
  return ids;
}

/**
 * `postEntries`' statement, not run (decision 298: for a guarded transaction, script.ts): the entries,
 * their lines and the caller's `also` (given the entries' ids). An entry with a taken unique reference
 * is skipped with its lines; make `also` fail then (a foreign key to the entry), so the whole fails.
 */
export function postEntriesStatement(entries: readonly PostEntry[], opts: { also?: (ids: string[]) => SQL[] } = {}): SQL {
  for (const entry of entries) {
    const problem = entryProblem(entry.lines);
    if (problem) throw new UnbalancedEntryError(problem);
  }
  const rows = entries.map((entry) => ({ id: crypto.randomUUID(), ...entryValues(entry) }));
  const lines = entries.flatMap((entry, i) => entry.lines.map((line) => ({ entryId: rows[i]?.id as string, ...lineValues(line) })));
  return entriesWithLinesStatement(rows, lines, opts.also?.(rows.map((r) => r.id)) ?? []);
}

/**
 * `postEntries` as ONE statement on its own, outside any transaction, made to run only if `guard`
 * (a boolean query) holds when it runs (decision 298): for work prepared from reads made before it,
 * the guard re-checks, inside the statement, that what those reads found is still so. The statement
 * is its own transaction (the entries, their lines and the caller's `also`, given the condition to
 * put on their own writes, all or none; the journal's balance check at its end). On embedded PGlite
 * nothing runs between the guard's read and the writes; on a PostgreSQL server a concurrent
 * transaction could, so use it there only where the guard cannot be raced. Whether the guard held
 * (false: nothing was written).
 */
export async function postEntriesIf(
  db: DbOrTx,
  entries: readonly PostEntry[],
  opts: { guard: SQL; also: (ids: string[], when: SQL) => SQL[] },
): Promise<boolean> {
  for (const entry of entries) {
    const problem = entryProblem(entry.lines);
    if (problem) throw new UnbalancedEntryError(problem);
  }
  const rows = entries.map((entry) => ({ id: crypto.randomUUID(), ...entryValues(entry) }));
  const ids = rows.map((r) => r.id);
  const lines = entries.flatMap((entry, i) => entry.lines.map((line) => ({ entryId: rows[i]?.id as string, ...lineValues(line) })));
  const { ok, inserted } = await insertEntriesWithLinesIf(db, rows, lines, opts.guard, (when) => opts.also(ids, when));
  if (!ok) return false;
  if (inserted !== rows.length) throw new Error('an entry of the batch already exists');
  return true;
}

/**
 * Takes the lock that serialises every withdrawal from freelancers' payables (a payout batch's send,
 * a dispute's refund after release): call it in the transaction before reading the payable it checks.
 */
export function lockPayables(tx: Tx): Promise<void> {
  return lockPayablesRow(tx);
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

/** The journal entry an invoice posted, if any. */
export function entryOfInvoice(db: DbOrTx, invoiceId: string) {
  return entryOfInvoiceRow(db, invoiceId);
}

/** The lines of a journal entry, in the order they were posted. */
export function linesOfEntry(db: DbOrTx, entryId: string) {
  return linesOfEntryRows(db, entryId);
}

/** The entry that released a milestone's funding, if any. */
export function releaseEntryOf(db: DbOrTx, milestoneId: string) {
  return releaseEntryOfRow(db, milestoneId);
}

/**
 * A freelancer's earnings to date per currency, from their journal lines only (decision 210): the net
 * is what they earned on approved work, whether still held (`freelancer_earned_held`) or already
 * released to `freelancer_payable` (the release entries' credits: what happens to the payable after,
 * a payout, does not change what was earned), less credit notes' reversals; the fee what
 * `platform_fee_revenue` earned on their work; the gross the two together. Funded milestones are not
 * earnings until approved (they sit in engagement_funds_held).
 */
export async function earningsOf(
  db: DbOrTx,
  freelancerId: string,
): Promise<Array<{ currency: Currency; grossMinor: number; feeMinor: number; netMinor: number }>> {
  const [rows, released] = await Promise.all([partyBalances(db, { freelancerId }), releasedTotals(db, freelancerId)]);
  const byCurrency = new Map<Currency, { feeMinor: number; netMinor: number }>();
  const figuresOf = (currency: Currency) => {
    const figures = byCurrency.get(currency) ?? { feeMinor: 0, netMinor: 0 };
    byCurrency.set(currency, figures);
    return figures;
  };
  for (const row of rows) {
    // Credits are negative: what the freelancer earned and is held, what the platform earned.
    if (row.account === 'freelancer_earned_held') figuresOf(row.currency).netMinor -= row.balanceMinor;
    else if (row.account === 'platform_fee_revenue') figuresOf(row.currency).feeMinor -= row.balanceMinor;
  }
  for (const row of released) figuresOf(row.currency).netMinor += row.releasedMinor;
  return [...byCurrency]
    .filter(([, f]) => f.netMinor !== 0 || f.feeMinor !== 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, f]) => ({ currency, grossMinor: f.netMinor + f.feeMinor, ...f }));
}

/** A company's figures per currency, from its journal lines: invoiced and unpaid (receivable), and funds held for its milestones. */
export async function companyBalancesOf(
  db: DbOrTx,
  companyId: string,
): Promise<Array<{ currency: Currency; dueMinor: number; heldMinor: number }>> {
  const rows = await partyBalances(db, { companyId });
  const byCurrency = new Map<Currency, { dueMinor: number; heldMinor: number }>();
  for (const row of rows) {
    if (row.account !== 'company_receivable' && row.account !== 'engagement_funds_held') continue;
    const figures = byCurrency.get(row.currency) ?? { dueMinor: 0, heldMinor: 0 };
    if (row.account === 'company_receivable') figures.dueMinor = row.balanceMinor;
    else figures.heldMinor = -row.balanceMinor;
    byCurrency.set(row.currency, figures);
  }
  return [...byCurrency]
    .filter(([, f]) => f.dueMinor !== 0 || f.heldMinor !== 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, f]) => ({ currency, ...f }));
}
