import type { Currency } from '@talentloop/contract/rules/money';
import type { LedgerAccount } from '@talentloop/contract/rules/ledger-accounts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../infra/db/client.ts';
import { rowsOf } from '../../infra/db/rows.ts';
import { journalEntries, journalLines } from '../../infra/db/schema.ts';

// The ledger's SQL (issue 34, decision 200). Entries and lines are only ever inserted; balances are
// sums of lines read through the party's index (journal_lines_*_idx: party, account, currency,
// amount, so an index-only scan).

export type EntryValues = typeof journalEntries.$inferInsert;
export type LineValues = Omit<typeof journalLines.$inferInsert, 'id' | 'entryId'>;

/** Inserts an entry unless one with the same unique reference exists (an invoice's, a milestone's release): its id, or undefined. */
export async function insertEntry(db: DbOrTx, values: EntryValues): Promise<string | undefined> {
  const [row] = await db.insert(journalEntries).values(values).onConflictDoNothing().returning({ id: journalEntries.id });
  return row?.id;
}

export async function insertLines(db: DbOrTx, entryId: string, lines: LineValues[]): Promise<void> {
  await db.insert(journalLines).values(lines.map((line) => ({ ...line, entryId })));
}

/** Inserts many entries in one statement (each with its own id); the ids inserted (one with a taken unique reference is not). */
// In statements of at most 2,000 rows: one statement takes at most 65,535 parameters (a payout
// batch of thousands of payouts, issue 35).
const CHUNK = 2000;

export async function insertEntries(db: DbOrTx, values: Array<EntryValues & { id: string }>): Promise<Set<string>> {
  const ids = new Set<string>();
  for (let i = 0; i < values.length; i += CHUNK) {
    const rows = await db
      .insert(journalEntries)
      .values(values.slice(i, i + CHUNK))
      .onConflictDoNothing()
      .returning({ id: journalEntries.id });
    for (const r of rows) ids.add(r.id);
  }
  return ids;
}

export async function insertLinesOfEntries(db: DbOrTx, lines: Array<LineValues & { entryId: string }>): Promise<void> {
  for (let i = 0; i < lines.length; i += CHUNK) await db.insert(journalLines).values(lines.slice(i, i + CHUNK));
}

export async function linesOfEntry(db: DbOrTx, entryId: string) {
  return db.select().from(journalLines).where(sql`${journalLines.entryId} = ${entryId}`).orderBy(journalLines.id);
}

export async function entryOfInvoice(db: DbOrTx, invoiceId: string) {
  const [row] = await db.select().from(journalEntries).where(sql`${journalEntries.invoiceId} = ${invoiceId}`);
  return row;
}

export async function releaseEntryOf(db: DbOrTx, milestoneId: string) {
  const [row] = await db
    .select()
    .from(journalEntries)
    .where(sql`${journalEntries.kind} = 'milestone_release' AND ${journalEntries.milestoneId} = ${milestoneId}`);
  return row;
}

export type Party = { companyId: string } | { freelancerId: string } | { engagementId: string };
export type BalanceRow = { account: LedgerAccount; currency: Currency; balanceMinor: number };

function partyColumn(party: Party) {
  if ('companyId' in party) return sql`company_id = ${party.companyId}`;
  if ('freelancerId' in party) return sql`freelancer_id = ${party.freelancerId}`;
  return sql`engagement_id = ${party.engagementId}`;
}

/** The statement of `partyBalances` (the plan test explains this very statement). */
export function partyBalancesStatement(party: Party, account?: LedgerAccount) {
  return sql`
      SELECT account, currency, sum(amount_minor) AS balance
      FROM journal_lines
      WHERE ${partyColumn(party)} ${account ? sql`AND account = ${account}` : sql``}
      GROUP BY account, currency
      ORDER BY account, currency`;
}

/** The party's balance per account and currency (debit positive), from its lines only; accounts with no line are absent. */
export async function partyBalances(db: DbOrTx, party: Party, account?: LedgerAccount): Promise<BalanceRow[]> {
  const rows = rowsOf<{ account: LedgerAccount; currency: Currency; balance: string | number }>(
    await db.execute(partyBalancesStatement(party, account)),
  );
  return rows.map((r) => ({ account: r.account, currency: r.currency, balanceMinor: Number(r.balance) }));
}

/** An account's balance over every party, per currency. */
export async function accountBalances(db: DbOrTx, account: LedgerAccount): Promise<Array<{ currency: Currency; balanceMinor: number }>> {
  const rows = rowsOf<{ currency: Currency; balance: string | number }>(
    await db.execute(sql`
      SELECT currency, sum(amount_minor) AS balance FROM journal_lines WHERE account = ${account}
      GROUP BY currency ORDER BY currency`),
  );
  return rows.map((r) => ({ currency: r.currency, balanceMinor: Number(r.balance) }));
}

/** What release entries credited to a freelancer's payable, per currency (positive: released to them). */
export async function releasedTotals(db: DbOrTx, freelancerId: string): Promise<Array<{ currency: Currency; releasedMinor: number }>> {
  const rows = rowsOf<{ currency: Currency; released: string | number }>(
    await db.execute(sql`
      SELECT l.currency, -sum(l.amount_minor) AS released
      FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
      WHERE l.freelancer_id = ${freelancerId} AND l.account = 'freelancer_payable' AND e.kind = 'release'
      GROUP BY l.currency`),
  );
  return rows.map((r) => ({ currency: r.currency, releasedMinor: Number(r.released) }));
}

/** Every account's balance per currency (the reports and the cash reconciliation). */
export async function allBalances(db: DbOrTx): Promise<Array<{ account: LedgerAccount; currency: Currency; balanceMinor: number }>> {
  const rows = rowsOf<{ account: LedgerAccount; currency: Currency; balance: string | number }>(
    await db.execute(
      sql`SELECT account, currency, sum(amount_minor) AS balance FROM journal_lines GROUP BY account, currency ORDER BY account, currency`,
    ),
  );
  return rows.map((r) => ({ account: r.account, currency: r.currency, balanceMinor: Number(r.balance) }));
}
