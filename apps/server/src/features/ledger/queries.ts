import type { Currency } from '@talentloop/contract/rules/money';
import type { LedgerAccount } from '@talentloop/contract/rules/ledger-accounts';
import { type SQL, sql } from 'drizzle-orm';
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

/**
 * Inserts entries and their lines in one statement each slice (data-modifying CTEs: one round trip
 * where two were, and on PGlite a shorter hold of its one connection, issue 35's import row): a line
 * goes in only with its entry, so an entry skipped for a taken unique reference has no line. `also`
 * are the caller's statements run in the last slice's statement (a chunk's receipt postings and its
 * audit row); they may refer to the entries' ids (foreign keys are checked at the statement's end).
 * How many entries were inserted.
 */
export async function insertEntriesWithLines(
  db: DbOrTx,
  entries: ReadonlyArray<EntryValues & { id: string }>,
  lines: ReadonlyArray<LineValues & { entryId: string }>,
  also: readonly SQL[] = [],
): Promise<number> {
  if (entries.length === 0) {
    for (const statement of also) await db.execute(statement);
    return 0;
  }
  const linesOf = new Map<string, Array<LineValues & { entryId: string }>>();
  for (const line of lines) linesOf.set(line.entryId, [...(linesOf.get(line.entryId) ?? []), line]);
  // Slices below the 65,535 parameters one statement takes (7 per entry, 7 per line).
  const slices: Array<Array<EntryValues & { id: string }>> = [[]];
  let params = 0;
  for (const entry of entries) {
    const cost = 7 * (1 + (linesOf.get(entry.id)?.length ?? 0));
    if (params + cost > 30_000 && (slices.at(-1)?.length ?? 0) > 0) {
      slices.push([]);
      params = 0;
    }
    slices.at(-1)?.push(entry);
    params += cost;
  }
  let inserted = 0;
  for (const [n, slice] of slices.entries()) {
    const extra = n === slices.length - 1 ? also : [];
    const [row] = rowsOf<{ n: string | number }>(await db.execute(entriesWithLinesStatement(slice, linesOf, extra)));
    inserted += Number(row?.n ?? 0);
  }
  return inserted;
}

/** The statement inserting entries and their lines (one slice) with `also` as further CTEs; its row: `n`, entries inserted. */
export function entriesWithLinesStatement(
  slice: ReadonlyArray<EntryValues & { id: string }>,
  lines: ReadonlyMap<string, ReadonlyArray<LineValues & { entryId: string }>> | ReadonlyArray<LineValues & { entryId: string }>,
  also: readonly SQL[],
): SQL {
  let linesOf: ReadonlyMap<string, ReadonlyArray<LineValues & { entryId: string }>>;
  if (Array.isArray(lines)) {
    const m = new Map<string, Array<LineValues & { entryId: string }>>();
    for (const line of lines as ReadonlyArray<LineValues & { entryId: string }>)
      m.set(line.entryId, [...(m.get(line.entryId) ?? []), line]);
    linesOf = m;
  } else linesOf = lines as ReadonlyMap<string, ReadonlyArray<LineValues & { entryId: string }>>;
  const entryRows = sql.join(
    slice.map(
      (e) =>
        sql`(${e.id}::uuid, ${e.kind}, ${e.memo ?? ''}, coalesce(${e.occurredAt ? e.occurredAt.toISOString() : null}::timestamptz, now()), ${e.invoiceId ?? null}::uuid, ${e.milestoneId ?? null}::uuid, ${e.engagementId ?? null}::uuid)`,
    ),
    sql`, `,
  );
  const lineRows = sql.join(
    slice.flatMap((e) =>
      (linesOf.get(e.id) ?? []).map(
        (l) =>
          sql`(${l.entryId}::uuid, ${l.account}::text, ${l.currency}::text, ${l.amountMinor}::bigint, ${l.companyId ?? null}::uuid, ${l.freelancerId ?? null}::uuid, ${l.engagementId ?? null}::uuid)`,
      ),
    ),
    sql`, `,
  );
  const extra = also.map((statement, k) => sql`, ${sql.raw(`also_${k}`)} AS (${statement})`);
  return sql`
        WITH e AS (
          INSERT INTO journal_entries (id, kind, memo, occurred_at, invoice_id, milestone_id, engagement_id)
          VALUES ${entryRows} ON CONFLICT DO NOTHING RETURNING id
        ), l AS (
          INSERT INTO journal_lines (entry_id, account, currency, amount_minor, company_id, freelancer_id, engagement_id)
          SELECT v.entry_id, v.account, v.currency, v.amount_minor, v.company_id, v.freelancer_id, v.engagement_id
          FROM (VALUES ${lineRows}) AS v(entry_id, account, currency, amount_minor, company_id, freelancer_id, engagement_id)
          WHERE v.entry_id IN (SELECT id FROM e)
          RETURNING 1
        )${sql.join(extra, sql``)}
        SELECT count(*) AS n FROM e`;
}

/**
 * Entries and their lines as ONE statement to run on its own, not in a transaction (decision 298):
 * `guard` is a boolean query read in the statement; every insert (the entries, their lines, and the
 * caller's `also`, given the condition to put on theirs) happens only when it holds. The statement
 * is its own transaction: all or nothing, the journal's deferred balance check at its end. Its row:
 * `ok` (the guard) and `n` (entries inserted). Up to 30,000 parameters (one slice).
 */
export async function insertEntriesWithLinesIf(
  db: DbOrTx,
  entries: ReadonlyArray<EntryValues & { id: string }>,
  lines: ReadonlyArray<LineValues & { entryId: string }>,
  guard: SQL,
  also: (when: SQL) => SQL[],
): Promise<{ ok: boolean; inserted: number }> {
  const [row] = rowsOf<{ ok: boolean | null; n: string | number }>(await db.execute(guardedEntriesWithLines(entries, lines, guard, also)));
  return { ok: row?.ok === true, inserted: Number(row?.n ?? 0) };
}

function guardedEntriesWithLines(
  entries: ReadonlyArray<EntryValues & { id: string }>,
  lines: ReadonlyArray<LineValues & { entryId: string }>,
  guard: SQL,
  also: (when: SQL) => SQL[],
): SQL {
  if (7 * (entries.length + lines.length) > 30_000) throw new Error('too many entries for one guarded statement');
  const when = sql`(SELECT ok FROM guard)`;
  const entryRows = sql.join(
    entries.map(
      (e) =>
        sql`(${e.id}::uuid, ${e.kind}::text, ${e.memo ?? ''}::text, coalesce(${e.occurredAt ? e.occurredAt.toISOString() : null}::timestamptz, now()), ${e.invoiceId ?? null}::uuid, ${e.milestoneId ?? null}::uuid, ${e.engagementId ?? null}::uuid)`,
    ),
    sql`, `,
  );
  const lineRows = sql.join(
    lines.map(
      (l) =>
        sql`(${l.entryId}::uuid, ${l.account}::text, ${l.currency}::text, ${l.amountMinor}::bigint, ${l.companyId ?? null}::uuid, ${l.freelancerId ?? null}::uuid, ${l.engagementId ?? null}::uuid)`,
    ),
    sql`, `,
  );
  const extra = also(when).map((statement, k) => sql`, ${sql.raw(`also_${k}`)} AS (${statement})`);
  return sql`
    WITH guard AS (SELECT (${guard}) AS ok), e AS (
      INSERT INTO journal_entries (id, kind, memo, occurred_at, invoice_id, milestone_id, engagement_id)
      SELECT v.id, v.kind, v.memo, v.occurred_at, v.invoice_id, v.milestone_id, v.engagement_id
      FROM (VALUES ${entryRows}) AS v(id, kind, memo, occurred_at, invoice_id, milestone_id, engagement_id)
      WHERE ${when}
      RETURNING id
    ), l AS (
      INSERT INTO journal_lines (entry_id, account, currency, amount_minor, company_id, freelancer_id, engagement_id)
      SELECT v.entry_id, v.account, v.currency, v.amount_minor, v.company_id, v.freelancer_id, v.engagement_id
      FROM (VALUES ${lineRows}) AS v(entry_id, account, currency, amount_minor, company_id, freelancer_id, engagement_id)
      WHERE v.entry_id IN (SELECT id FROM e)
      RETURNING 1
    )${sql.join(extra, sql``)}
    SELECT (SELECT ok FROM guard) AS ok, (SELECT count(*) FROM e) AS n`;
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

/** What release entries credited to a freelancer's payable less what disputes' refunds after a release took back, per currency (positive: released to them). */
export async function releasedTotals(db: DbOrTx, freelancerId: string): Promise<Array<{ currency: Currency; releasedMinor: number }>> {
  const rows = rowsOf<{ currency: Currency; released: string | number }>(
    await db.execute(sql`
      SELECT l.currency, -sum(l.amount_minor) AS released
      FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
      WHERE l.freelancer_id = ${freelancerId} AND l.account = 'freelancer_payable' AND e.kind IN ('release', 'dispute_refund')
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

/**
 * Serialises what takes money out of freelancers' payables (a payout batch's send, a dispute's
 * refund after release, decision 273): a transaction-scoped advisory lock, so a check that the
 * payable covers the amount and the entry that takes it commit before another such check reads it.
 */
export async function lockPayables(db: DbOrTx): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('talentloop:freelancer_payable'))`);
}
