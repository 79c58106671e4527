import crypto from 'node:crypto';
import { type SQL, entityKind } from 'drizzle-orm';
import { BRAND, paths } from '@talentloop/contract';
import type {
  ImportResult,
  ImportStatementBody,
  PaymentTimeline,
  ReceiptRead,
  RecordReceiptBody,
  ReleaseDue,
} from '@talentloop/contract/api/receipts';
import { type Currency, formatMoney } from '@talentloop/contract/rules/money';
import { receiptState, referenceIn, releaseDeadline } from '@talentloop/contract/rules/receipts';
import { AppError } from '../../http/app-error.ts';
import type { Db, DbOrTx, Tx } from '../../infra/db/client.ts';
import type { Mail } from '../../infra/mail/mailer.ts';
import { enqueueMail, queueMailsStatement } from '../../infra/mail/outbox.ts';
import { runGuarded } from '../../infra/db/script.ts';
import { defangLinks, escapeHtml, layout } from '../../infra/mail/templates.ts';
import { type AuditActor, type AuditRecord, auditInsertStatement, recordAudit } from '../audit/audit.ts';
import { companySnapshot, companySnapshots } from '../billing/service.ts';
import { type PostLine, postEntries, postEntriesIf, postEntriesStatement, postEntry } from '../ledger/service.ts';
import { mailableFreelancer, mailableFreelancers } from '../talent-pool/service.ts';
import { type ParsedStatement, StatementError, configuredAccounts, parseCamt053, readAmount } from './camt053.ts';
import { parseStatement } from './parse.ts';
import { parseCsvStatement } from './csv.ts';
import {
  type InvoiceForMoney,
  type ReceiptRow,
  type StatementValues,
  importChunkGuard,
  payingChunkGuard,
  moneyStatesRead,
  releasesInsertStatement,
  invoicesByReferences,
  knownLineKeys,
  paidFingerprint,
  receiptsInsertStatement,
  statementInsertStatement,
  assignReceiptRow,
  claimReleasable,
  findReceipt,
  findStatement,
  insertReceipts,
  insertRelease,
  insertStatement,
  lockInvoice as lockInvoiceRow,
  lockInvoiceByReference,
  lockInvoicesByReferences,
  moneyStateOf as moneyStateRow,
  paidOnInvoice,
  paidOnInvoices,
  receiptsList,
  releasesDue,
  receiptPostingsStatement,
  timelinesOf,
  toMoneyState,
  closeHolds as closeHoldRows,
  openHold as openHoldRow,
  unmatchedCount,
} from './queries.ts';

// Receipts from the bank and their release (issue 35, decisions 210-212). A receipt posts one entry:
// cash at bank (debit) against the invoice's receivable for what it pays, and against
// receipts_unallocated for what no invoice claims (unmatched, or beyond what the invoice still
// owed). An invoice paid in full whose work is approved is released at once in the same
// transaction: its net moves from freelancer_earned_held to freelancer_payable; the release job
// catches any that were not (a hold closed, a milestone approved after its funding arrived) and the
// operator's 'Releases due' queue shows what waits, with the 7-day deadline.

export type Bank = { iban?: string | undefined; accountNumber?: string | undefined };
export type Deps = { db: Db; bank: Bank; publicUrl: string };

const today = (now: Date) => now.toISOString().slice(0, 10);
const money = (m: number, c: Currency) => formatMoney(m, c);

function compose(to: string, firstName: string, subject: string, lines: string[], url: string): Mail {
  const all = [firstName ? `Hi ${defangLinks(firstName)},` : 'Hi,', ...lines, `Open it: ${url}`];
  return {
    to,
    subject,
    text: `${all.join('\n\n')}\n\n${BRAND.name}`,
    html: layout(subject, all.map((l) => `<p>${escapeHtml(l)}</p>`).join('')),
  };
}

/** The two mails of a payment received on an invoice, to whom each side's rules allow (`companyEmail`: the company's invoices' address; `freelancer`: if mailable). */
function receiptMailsFor(
  publicUrl: string,
  invoice: InvoiceForMoney,
  amountMinor: number,
  paidInFull: boolean,
  companyEmail: string | undefined,
  freelancer: { email: string; firstName: string } | undefined,
): Mail[] {
  const amount = money(amountMinor, invoice.currency);
  const out: Mail[] = [];
  if (companyEmail) {
    out.push(
      compose(
        companyEmail,
        '',
        `Payment received: ${amount} for ${invoice.number}`,
        [
          `We received ${amount} quoting ${invoice.paymentReference} for invoice ${invoice.number}. ${paidInFull ? 'The invoice is paid in full.' : 'Part of the invoice is still to pay.'}`,
        ],
        `${publicUrl}${paths.company.projects}`,
      ),
    );
  }
  if (freelancer) {
    out.push(
      compose(
        freelancer.email,
        freelancer.firstName,
        `The company paid ${invoice.number}${paidInFull ? '' : ' in part'}`,
        [
          paidInFull
            ? `The company's payment for ${invoice.number} has arrived. Your net of ${money(invoice.netMinor, invoice.currency)} is released to you as soon as the work is approved, and never later than 7 days after receipt.`
            : `A part payment of ${amount} for ${invoice.number} has arrived; the rest is still to come.`,
        ],
        `${publicUrl}${paths.freelancer.workManagement}`,
      ),
    );
  }
  return out;
}

/** Both sides are told of a payment received on an invoice: the company at its invoices' address, the freelancer following their choices. */
async function receiptMails(tx: Tx, publicUrl: string, invoice: InvoiceForMoney, amountMinor: number, paidInFull: boolean, now: Date) {
  const billing = await companySnapshot(tx, invoice.companyId);
  const freelancer = await mailableFreelancer(tx, invoice.freelancerId, 'shortlist');
  for (const mail of receiptMailsFor(publicUrl, invoice, amountMinor, paidInFull, billing?.email || undefined, freelancer ?? undefined)) {
    await enqueueMail(tx, mail, now);
  }
}

/** An invoice's release entry (its net from freelancer_earned_held to freelancer_payable). */
function releaseEntry(invoice: InvoiceForMoney, now: Date, netMinor = invoice.netMinor) {
  const parties = { companyId: invoice.companyId, freelancerId: invoice.freelancerId, engagementId: invoice.engagementId };
  return {
    kind: 'release' as const,
    memo: `${invoice.number} released to the freelancer`,
    occurredAt: now,
    refs: { engagementId: invoice.engagementId },
    lines: [
      { account: 'freelancer_earned_held' as const, currency: invoice.currency, amountMinor: netMinor, ...parties },
      { account: 'freelancer_payable' as const, currency: invoice.currency, amountMinor: -netMinor, ...parties },
    ],
  };
}

/**
 * Releases an invoice's net to the freelancer's payable when it is due (paid in full, approved, not
 * credited, not held, not yet released), inside the caller's transaction with the invoice locked.
 * Whether it released.
 */
export async function releaseIfDue(tx: Tx, invoice: InvoiceForMoney, now: Date, netMinor = invoice.netMinor): Promise<boolean> {
  const state = await moneyStateOf(tx, invoice);
  if (!state.receivedOn || !state.approvedOn || state.releasedAt || state.credited || state.holdReason) return false;
  const entryId = await postEntry(tx, releaseEntry(invoice, now, netMinor));
  if (!entryId) throw new Error('a release entry was not posted');
  await insertRelease(tx, invoice.id, entryId, now);
  return true;
}

/** The milestone's funding invoice is released when its milestone is approved, if its money is in (engagements call this in the approval's transaction). */
export async function releaseFundingOf(tx: Tx, invoiceId: string | null | undefined, now: Date): Promise<boolean> {
  if (!invoiceId) return false;
  const invoice = await lockInvoice(tx, invoiceId);
  return invoice ? releaseIfDue(tx, invoice, now) : false;
}

/** How many times an import chunk's guarded write is tried on embedded PGlite before the chunk runs as a transaction (decision 299). */
export const GUARD_TRIES = 3;

/**
 * Statement lines one import transaction inserts and posts (decision 252). Ten (decision 311): on
 * embedded PGlite a request waits for one chunk's guarded write at most, and 20 lines held the
 * connection twice as long (a light read's p99 2.0x idle with the pause, 1.4x with 10 lines).
 */
export const IMPORT_CHUNK = 10;

/** Rows one release transaction claims (small: on PGlite a transaction holds the one connection). */
export const RELEASE_BATCH = 20;

/**
 * The release job: releases every due invoice once, however many instances run it (each batch
 * claims its invoices FOR UPDATE SKIP LOCKED; the invoice_releases primary key is the last guard).
 * How many it released.
 */
export async function releaseDue(db: Db, now: Date): Promise<number> {
  let released = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const due = await claimReleasable(tx, RELEASE_BATCH);
      let done = 0;
      for (const invoice of due) if (await releaseIfDue(tx, invoice, now)) done += 1;
      return { claimed: due.length, done };
    });
    released += n.done;
    if (n.claimed < RELEASE_BATCH || n.done === 0) return released;
  }
}

type NewLine = { lineKey: string; bookedOn: string; currency: Currency; amountMinor: number; remittance: string; payerName: string };

/**
 * Posts new receipts (already inserted) inside the transaction, set-based: the payment references
 * read from their remittance texts, every invoice they name locked by one query, what each already
 * paid read by one, each receipt allocated in the statement's order up to what its invoice still
 * owes (the rest unallocated), their entries posted together (ledger postEntries) and their rows
 * updated by one statement; then each paid invoice released at once if now due and both sides told.
 * How many matched.
 */
async function postReceipts(
  tx: Tx,
  deps: Pick<Deps, 'publicUrl'>,
  receipts: readonly ReceiptRow[],
  now: Date,
  also?: (matched: number) => SQL,
): Promise<number> {
  if (receipts.length === 0) return 0;
  const { references } = referencesOf(receipts);
  const invoices = await lockInvoicesByReferences(tx, references);
  const paid = await paidOnInvoices(
    tx,
    invoices.map((i) => i.id),
  );
  const postings = allocate(receipts, invoices, paid);
  const matched = postings.filter((p) => p.matches).length;
  // The entries, the receipts' postings and the caller's audit row in one statement (decision 272).
  await postEntries(tx, postings.map(receiptEntry), {
    also: (entryIds) => [
      receiptPostingsStatement(
        postings.map((p, n) => ({
          id: p.receipt.id,
          invoiceId: p.matches?.id ?? null,
          allocatedMinor: p.matches ? p.allocated : 0,
          entryId: entryIds[n] as string,
        })),
      ),
      ...(also ? [also(matched)] : []),
    ],
  });
  for (const p of postings) {
    if (!p.matches || p.allocated <= 0) continue;
    await releaseIfDue(tx, p.matches, now);
    await receiptMails(tx, deps.publicUrl, p.matches, p.allocated, p.allocated === p.owed, now);
  }
  return matched;
}

/** The payment references read from receipts' remittance texts: one per receipt (or null), and the distinct ones. */
function referencesOf(receipts: ReadonlyArray<{ remittance: string }>) {
  const each = receipts.map((r) => referenceIn(r.remittance));
  return { each, references: [...new Set(each.filter((r): r is string => !!r))] };
}

/**
 * Each receipt allocated in the statement's order up to what its invoice (same currency) still owes
 * given what it has been paid (`paid`); the rest is unallocated.
 */
function allocate<R extends { remittance: string; currency: string; amountMinor: number }>(
  receipts: readonly R[],
  invoices: readonly InvoiceForMoney[],
  paid: ReadonlyMap<string, number>,
) {
  const { each } = referencesOf(receipts);
  const byReference = new Map(invoices.map((i) => [i.paymentReference, i]));
  const outstanding = new Map(invoices.map((i) => [i.id, Math.max(0, i.subtotalMinor - (paid.get(i.id) ?? 0))]));
  return receipts.map((receipt, n) => {
    const currency = receipt.currency as Currency;
    const reference = each[n];
    const invoice = reference ? byReference.get(reference) : undefined;
    const matches = invoice && invoice.currency === currency ? invoice : undefined;
    const owed = matches ? (outstanding.get(matches.id) ?? 0) : 0;
    const allocated = Math.min(receipt.amountMinor, owed);
    if (matches) outstanding.set(matches.id, owed - allocated);
    return { receipt, currency, matches, owed, allocated };
  });
}

/** A receipt's journal entry: cash at bank against the invoice's receivable and receipts_unallocated. */
function receiptEntry(p: {
  receipt: { amountMinor: number };
  currency: Currency;
  matches: InvoiceForMoney | undefined;
  allocated: number;
}) {
  return {
    kind: 'receipt' as const,
    memo: p.matches ? `received for ${p.matches.number}` : 'received, not matched',
    refs: p.matches ? { engagementId: p.matches.engagementId } : {},
    lines: receiptLines(p.currency, p.receipt.amountMinor, p.allocated, p.matches),
  };
}

function receiptLines(currency: Currency, amountMinor: number, allocated: number, invoice: InvoiceForMoney | undefined): PostLine[] {
  const parties = invoice ? { companyId: invoice.companyId, freelancerId: invoice.freelancerId, engagementId: invoice.engagementId } : {};
  return [
    {
      account: 'cash_at_bank' as const,
      currency,
      amountMinor,
      ...(invoice ? { companyId: invoice.companyId, engagementId: invoice.engagementId } : {}),
    },
    { account: 'company_receivable' as const, currency, amountMinor: -allocated, ...parties },
    {
      account: 'receipts_unallocated' as const,
      currency,
      amountMinor: -(amountMinor - allocated),
      ...(invoice ? { companyId: invoice.companyId } : {}),
    },
  ].filter((l) => l.amountMinor !== 0);
}

/**
 * Imports a statement (camt.053, or CSV with its column mapping): parsed and checked whole first (a bad line: TL_CORE_35101_E naming it, nothing
 * posted), then the statement row inserted once and its credit lines in chunks (below), each line
 * inserted once (a line already in, from this statement or a parallel import of it, is skipped) and
 * each new line posted; each chunk audited in its own transaction (decision 271).
 */
export async function importStatement(deps: Deps, actor: AuditActor, body: ImportStatementBody, now: Date): Promise<ImportResult> {
  let parsed: ParsedStatement;
  try {
    const accounts = configuredAccounts(deps.bank);
    if (body.format === 'csv' && !body.csv)
      throw new StatementError('Say which CSV column holds the date, the amount, the currency and the reference.');
    // Without a configured account the parsers refuse at once, in their own words: no thread for that.
    if (accounts.length === 0)
      parsed =
        body.format === 'csv' && body.csv
          ? parseCsvStatement(body.content, body.csv, accounts, today(now))
          : parseCamt053(body.content, accounts, today(now));
    else parsed = await parseStatement(body, accounts, today(now));
  } catch (err) {
    if (err instanceof StatementError) throw new AppError('TL_CORE_35101_E', err.message);
    throw err;
  }
  const statement = {
    format: body.format,
    account: parsed.account,
    statementRef: parsed.statementRef,
    currency: parsed.currency,
    closingMinor: parsed.closingMinor,
    closingOn: parsed.closingOn,
    importedBy: actor.id,
    importedAt: now,
  };
  // In chunks of IMPORT_CHUNK lines, each its own transaction (decision 252): on PGlite a transaction
  // holds the one connection, so other requests run between chunks. Each chunk inserts its lines
  // once (a line already in, from this import or a parallel one, is skipped), posts exactly the
  // lines it inserted and writes its own audit row (decision 271), so a crash between chunks leaves
  // whole chunks posted, each with the audit row that names it, and importing the statement again
  // posts the rest. The first chunk inserts the statement's row (a statement without credit lines
  // is one empty chunk).
  const label = `${parsed.account} ${parsed.statementRef}`;
  // On embedded PGlite a chunk is first tried as one guarded statement (decision 298).
  const embedded = isEmbedded(deps.db);
  const parts = Math.max(1, Math.ceil(parsed.lines.length / IMPORT_CHUNK));
  let statementId: string | undefined;
  let insertedStatement = false;
  let newLines = 0;
  let matched = 0;
  for (let part = 0; part < parts; part += 1) {
    const from = part * IMPORT_CHUNK;
    const chunk = parsed.lines.slice(from, from + IMPORT_CHUNK);
    const known = statementId;
    const started = performance.now();
    // A guard that missed (something changed since the chunk's reads): read again and retry, then the transaction.
    let alone: Awaited<ReturnType<typeof importChunkAlone>> | undefined;
    for (let tries = 0; embedded && tries < GUARD_TRIES; tries += 1) {
      alone = await importChunkAlone(deps, actor, { statement, known, chunk, part, parts, from, label, source: body.format }, now);
      if (alone !== 'missed') break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    const done =
      (typeof alone === 'object' ? alone : undefined) ??
      (await deps.db.transaction(async (tx) => {
        const insertedId = known ? undefined : await insertStatement(tx, statement);
        const id = known ?? insertedId ?? (await findStatement(tx, parsed.account, parsed.statementRef))?.id;
        if (!id) throw new Error('the statement vanished');
        const fresh = await insertNew(tx, id, body.format, chunk, now);
        const audit = (matchedHere: number) => chunkAudit({ id, label, part, parts, from, lines: chunk.length }, fresh.length, matchedHere);
        // The audit row in the statement that posts the chunk's entries (decision 272); a new
        // statement whose chunk inserted no line has its row written alone.
        const matchedHere = await postReceipts(tx, deps, fresh, now, (m) => auditInsertStatement(actor, audit(m), now));
        if (fresh.length === 0 && insertedId) await recordAudit(tx, actor, audit(0), now);
        return { id, inserted: !!insertedId, fresh: fresh.length, matched: matchedHere };
      }));
    statementId = done.id;
    insertedStatement ||= done.inserted;
    newLines += done.fresh;
    matched += done.matched;
    // Let the requests that waited for this chunk's commit take the database before the next chunk;
    // on embedded PGlite, pause as long as the chunk took (decision 311): the import takes about half
    // of the one connection's time at most, so a request finds it free half the time.
    if (embedded) await new Promise((resolve) => setTimeout(resolve, performance.now() - started));
    else await new Promise((resolve) => setImmediate(resolve));
  }
  if (!statementId) throw new Error('the statement vanished');
  const result: ImportResult = {
    statementId,
    alreadyImported: !insertedStatement && newLines === 0,
    creditLines: parsed.lines.length,
    newLines,
    matched,
    unmatched: newLines - matched,
  };
  return result;
}

/** Embedded PGlite (in its worker or in-thread): one connection, so nothing runs inside one statement but it. */
const isEmbedded = (db: Db) => (db.constructor as { [entityKind]?: string })[entityKind] === 'PgliteDatabase';

/** A statement chunk's audit record (decision 271). */
function chunkAudit(
  c: { id: string; label: string; part: number; parts: number; from: number; lines: number },
  newLines: number,
  matched: number,
): AuditRecord {
  return {
    action: 'statement.import',
    targetType: 'bank_statement',
    targetId: c.id,
    targetLabel: c.label,
    after: {
      ...(c.parts > 1 ? { part: c.part + 1, parts: c.parts, lines: c.lines ? `${c.from + 1}-${c.from + c.lines}` : '' } : {}),
      newLines,
      matched,
      unmatched: newLines - matched,
    },
  };
}

/**
 * An import chunk as ONE statement on its own (decision 298), on embedded PGlite where a transaction
 * of several round trips holds the one connection from BEGIN to COMMIT and every other request waits
 * for all of it: the reads (which lines are new, the invoices their references name and what each has
 * been paid) run first as separate short statements, the allocation is computed here as in
 * `postReceipts`, then one statement inserts the statement's row (first chunk), the receipts with their
 * postings, their entries and lines and the chunk's audit row, guarded: only if none of the lines is in
 * yet and the invoices and their payments are as read (anything else: it writes nothing). Undefined
 * when the chunk must run as a transaction instead: it pays an invoice (a release and both sides' mails
 * go with the payment, read and written inside the transaction), it has no new line on a statement not
 * yet in, or the guard did not hold (something changed since the reads).
 */
async function importChunkAlone(
  deps: Deps,
  actor: AuditActor,
  c: {
    statement: StatementValues & { account: string; statementRef: string };
    known: string | undefined;
    chunk: readonly NewLine[];
    part: number;
    parts: number;
    from: number;
    label: string;
    source: 'camt053' | 'csv';
  },
  now: Date,
): Promise<{ id: string; inserted: boolean; fresh: number; matched: number } | 'missed' | 'transaction'> {
  const { db } = deps;
  const keys = c.chunk.map((l) => l.lineKey);
  const existing = await knownLineKeys(db, keys);
  const fresh = c.chunk.filter((l) => !existing.has(l.lineKey));
  const found = c.known ?? (await findStatement(db, c.statement.account, c.statement.statementRef))?.id;
  if (fresh.length === 0) return found ? { id: found, inserted: false, fresh: 0, matched: 0 } : 'transaction';
  const { references } = referencesOf(fresh);
  const invoices = await invoicesByReferences(db, references);
  const paid = await paidOnInvoices(
    db,
    invoices.map((i) => i.id),
  );
  const postings = allocate(fresh, invoices, paid);
  const id = found ?? crypto.randomUUID();
  const matched = postings.filter((p) => p.matches).length;
  const guard = importChunkGuard({
    lineKeys: fresh.map((l) => l.lineKey),
    newStatement: found ? undefined : c.statement,
    references,
    fingerprint: paidFingerprint(invoices, paid),
  });
  const receiptRows = (entryIds: string[]) =>
    postings.map((p, n) => ({
      ...p.receipt,
      id: crypto.randomUUID(),
      statementId: id,
      source: c.source,
      invoiceId: p.matches?.id ?? null,
      allocatedMinor: p.matches ? p.allocated : 0,
      entryId: entryIds[n] as string,
      createdAt: now,
    }));
  const audit = chunkAudit({ ...c, id, lines: c.chunk.length }, fresh.length, matched);
  const result = { id, inserted: !found, fresh: fresh.length, matched };
  if (postings.some((p) => p.matches && p.allocated > 0)) {
    const held = await payingChunkGuarded(deps, actor, { id, found, statement: c.statement, postings, guard, receiptRows, audit }, now);
    return held ? result : 'missed';
  }
  const ok = await postEntriesIf(db, postings.map(receiptEntry), {
    guard,
    also: (entryIds, when) => [
      ...(found ? [] : [statementInsertStatement(id, c.statement, when)]),
      receiptsInsertStatement(receiptRows(entryIds), when),
      auditInsertStatement(actor, audit, now, when),
    ],
  });
  return ok ? result : 'missed';
}

/**
 * A chunk whose lines pay invoices, on embedded PGlite (decision 299): what `postReceipts` does in a
 * transaction, prepared from reads made now without one (the paid invoices' money states, the
 * parties' mail addresses), then written by ONE guarded script (infra/db/script.ts `runGuarded`: one
 * message to PGlite's worker): the statement's row (first chunk), the receipts' and the releases'
 * entries with their lines, the receipts, the releases, the chunk's audit row and both sides' mails.
 * Its guard: the chunk's own (`importChunkGuard`) and every paid invoice's money state as read (paid,
 * approved, released, credited, held), so a release is decided on what is still so. Whether it held.
 */
async function payingChunkGuarded(
  deps: Deps,
  actor: AuditActor,
  c: {
    id: string;
    found: string | undefined;
    statement: StatementValues;
    postings: ReturnType<typeof allocate<NewLine>>;
    guard: SQL;
    receiptRows: (entryIds: string[]) => Parameters<typeof receiptsInsertStatement>[0];
    audit: AuditRecord;
  },
  now: Date,
): Promise<boolean> {
  const { db } = deps;
  const paying = c.postings.filter((p): p is typeof p & { matches: InvoiceForMoney } => !!p.matches && p.allocated > 0);
  const paidInvoices = [...new Map(paying.map((p) => [p.matches.id, p.matches])).values()];
  const [{ states, fingerprint }, billing, freelancers] = [
    await moneyStatesRead(db, paidInvoices),
    await companySnapshots(db, [...new Set(paidInvoices.map((i) => i.companyId))]),
    await mailableFreelancers(db, [...new Set(paidInvoices.map((i) => i.freelancerId))], 'shortlist'),
  ];
  // Each paid invoice's state once this chunk is in (as releaseIfDue would read it after the inserts).
  const releases = paidInvoices.filter((invoice) => {
    const state = states.get(invoice.id);
    if (!state) return false;
    const mine = paying.filter((p) => p.matches.id === invoice.id);
    const paidNow = state.paidMinor + mine.reduce((sum, p) => sum + p.allocated, 0);
    const receivedOn = paidNow >= invoice.subtotalMinor;
    return receivedOn && !!state.approvedOn && !state.releasedAt && !state.credited && !state.holdReason;
  });
  const mails = paying.flatMap((p) =>
    receiptMailsFor(
      deps.publicUrl,
      p.matches,
      p.allocated,
      p.allocated === p.owed,
      billing.get(p.matches.companyId)?.email || undefined,
      freelancers.get(p.matches.freelancerId),
    ),
  );
  const queued = await queueMailsStatement(db, mails, now);
  const receiptEntries = c.postings.map(receiptEntry);
  const entries = postEntriesStatement([...receiptEntries, ...releases.map((i) => releaseEntry(i, now))], {
    also: (entryIds) => [
      receiptsInsertStatement(c.receiptRows(entryIds.slice(0, receiptEntries.length))),
      ...(releases.length > 0
        ? [
            releasesInsertStatement(
              releases.map((invoice, n) => ({ invoiceId: invoice.id, entryId: entryIds[receiptEntries.length + n] as string, at: now })),
            ),
          ]
        : []),
      auditInsertStatement(actor, c.audit, now),
    ],
  });
  return runGuarded(
    db,
    payingChunkGuard(
      c.guard,
      paidInvoices.map((i) => i.id),
      fingerprint,
    ),
    [...(c.found ? [] : [statementInsertStatement(c.id, c.statement)]), entries, ...(queued ? [queued.statement] : [])],
  );
}

async function insertNew(tx: Tx, statementId: string | null, source: 'camt053' | 'csv' | 'manual', lines: NewLine[], now: Date) {
  const out: ReceiptRow[] = [];
  // In chunks: one statement's parameters stay well below the driver's limit.
  for (let i = 0; i < lines.length; i += 500) {
    const rows = await insertReceipts(
      tx,
      lines.slice(i, i + 500).map((l) => ({ ...l, id: crypto.randomUUID(), statementId, source, createdAt: now })),
    );
    out.push(...rows);
  }
  // Posted in the statement's order (the booking date, then the line), whatever order the insert returned.
  const order = new Map(lines.map((l, i) => [l.lineKey, i]));
  return out.sort((a, b) => (order.get(a.lineKey) ?? 0) - (order.get(b.lineKey) ?? 0));
}

/** Records one receipt by hand, matched like a statement line; the same bank reference twice is refused. */
export async function recordReceipt(deps: Deps, actor: AuditActor, body: RecordReceiptBody, now: Date): Promise<ReceiptRead> {
  const where = 'The receipt';
  let amount: { amountMinor: number; currency: Currency };
  try {
    amount = readAmount((body.amount ?? '').trim().replace(/,/g, ''), body.currency, where);
  } catch (err) {
    if (err instanceof StatementError) throw new AppError('TL_CORE_35101_E', err.message);
    throw err;
  }
  if (body.bookedOn > today(now)) throw new AppError('TL_CORE_35101_E', `${where}: the date ${body.bookedOn} is in the future.`);
  const accounts = configuredAccounts(deps.bank);
  const lineKey = `manual:${accounts[0] ?? ''}:ref:${body.bankReference.trim()}`;
  const id = await deps.db.transaction(async (tx) => {
    const [receipt] = await insertNew(
      tx,
      null,
      'manual',
      [
        {
          lineKey,
          bookedOn: body.bookedOn,
          ...amount,
          remittance: (body.remittance ?? '').trim(),
          payerName: (body.payerName ?? '').trim(),
        },
      ],
      now,
    );
    if (!receipt) throw new AppError('TL_CORE_35102_E');
    await postReceipts(tx, deps, [receipt], now);
    await recordAudit(
      tx,
      actor,
      {
        action: 'receipt.record',
        targetType: 'receipt',
        targetId: receipt.id,
        targetLabel: `${money(amount.amountMinor, amount.currency)} ${body.bankReference.trim()}`,
        after: { bookedOn: body.bookedOn, amountMinor: amount.amountMinor, currency: amount.currency, remittance: receipt.remittance },
      },
      now,
    );
    return receipt.id;
  });
  return readReceipt(deps.db, id);
}

/** Assigns an unmatched receipt to the invoice with this payment reference (typed as people type it). */
export async function assignReceipt(
  deps: Deps,
  actor: AuditActor,
  receiptId: string,
  typedReference: string,
  now: Date,
): Promise<ReceiptRead> {
  const reference = referenceIn(typedReference);
  await deps.db.transaction(async (tx) => {
    const receipt = await findReceipt(tx, receiptId, true);
    if (!receipt) throw new AppError('TL_CORE_35103_E');
    if (receipt.invoiceId) throw new AppError('TL_CORE_35105_E');
    const invoice = reference ? await lockInvoiceByReference(tx, reference) : undefined;
    if (!invoice) throw new AppError('TL_CORE_35104_E');
    if (invoice.currency !== receipt.currency) throw new AppError('TL_CORE_35106_E');
    const outstanding = Math.max(0, invoice.subtotalMinor - (await paidOnInvoice(tx, invoice.id)));
    const allocated = Math.min(receipt.amountMinor, outstanding);
    const row = await assignReceiptRow(tx, receipt.id, invoice.id, allocated);
    if (!row) throw new AppError('TL_CORE_35105_E');
    if (allocated > 0) {
      const parties = { companyId: invoice.companyId, freelancerId: invoice.freelancerId, engagementId: invoice.engagementId };
      await postEntry(tx, {
        kind: 'receipt_allocation',
        memo: `received earlier, assigned to ${invoice.number}`,
        refs: { engagementId: invoice.engagementId },
        lines: [
          { account: 'receipts_unallocated', currency: invoice.currency, amountMinor: allocated, companyId: invoice.companyId },
          { account: 'company_receivable', currency: invoice.currency, amountMinor: -allocated, ...parties },
        ],
      });
      await releaseIfDue(tx, invoice, now);
      await receiptMails(tx, deps.publicUrl, invoice, allocated, allocated === outstanding, now);
    }
    await recordAudit(
      tx,
      actor,
      {
        action: 'receipt.assign',
        targetType: 'receipt',
        targetId: receipt.id,
        targetLabel: `${money(receipt.amountMinor, receipt.currency as Currency)} to ${invoice.number}`,
        before: { invoiceId: null },
        after: { invoiceId: invoice.id, invoiceNumber: invoice.number, allocatedMinor: allocated },
      },
      now,
    );
  });
  return readReceipt(deps.db, receiptId);
}

function toReceiptRead(r: Record<string, unknown>): ReceiptRead {
  const invoiceId = (r.invoice_id as string | null) ?? null;
  const amountMinor = Number(r.amount_minor);
  const allocatedMinor = Number(r.allocated_minor);
  const gross = Number(r.subtotal_minor ?? 0);
  const outstandingMinor = invoiceId ? Math.max(0, gross - Number(r.invoice_paid ?? 0)) : 0;
  return {
    id: String(r.id),
    bookedOn: String(r.booked_on),
    currency: r.currency as Currency,
    amountMinor,
    allocatedMinor,
    remittance: String(r.remittance ?? ''),
    payerName: String(r.payer_name ?? ''),
    source: r.source as ReceiptRead['source'],
    state: receiptState({ invoiceId, amountMinor, allocatedMinor, invoiceOutstandingMinor: outstandingMinor }),
    invoice: invoiceId
      ? { id: invoiceId, number: String(r.number), paymentReference: String(r.payment_reference), grossMinor: gross, outstandingMinor }
      : null,
  };
}

async function readReceipt(db: DbOrTx, id: string): Promise<ReceiptRead> {
  const [row] = await receiptsList(db, { id, limit: 1 });
  if (!row) throw new AppError('TL_CORE_35103_E');
  return toReceiptRead(row);
}

/** Receipts for the operator, newest first, optionally one state. */
export async function listReceipts(db: DbOrTx, state?: ReceiptRead['state']): Promise<ReceiptRead[]> {
  const rows = await receiptsList(db, { unmatchedOnly: state === 'unmatched', limit: 500 });
  const all = rows.map(toReceiptRead);
  return state ? all.filter((r) => r.state === state) : all;
}

/** The 'Releases due' queue: oldest deadline first. */
export async function listReleasesDue(db: DbOrTx): Promise<ReleaseDue[]> {
  const rows = await releasesDue(db);
  return rows
    .map((r) => {
      const s = toMoneyState(r, Number(r.subtotal_minor));
      const receivedOn = s.receivedOn ?? '';
      return {
        invoiceId: s.invoiceId,
        number: String(r.number),
        currency: r.currency as Currency,
        netMinor: Number(r.net_minor),
        freelancerName: String(r.freelancer_name),
        companyName: String(r.company_name),
        receivedOn,
        deadline: releaseDeadline(receivedOn, s.approvedOn),
        holdReason: s.holdReason,
      };
    })
    .filter((r) => r.receivedOn)
    .sort((a, b) => a.deadline.localeCompare(b.deadline) || a.number.localeCompare(b.number));
}

/** The console's two money badges. */
export async function moneyQueues(db: DbOrTx) {
  const [receipts, due] = await Promise.all([unmatchedCount(db), listReleasesDue(db)]);
  return { receipts, releasesDue: { waiting: due.length, oldestAt: due[0] ? `${due[0].deadline}T00:00:00.000Z` : null } };
}

/** Per invoice of the party: received, released and paid dates, each as happened or as expected. */
export async function paymentTimelines(db: DbOrTx, party: { freelancerId: string } | { companyId: string }): Promise<PaymentTimeline[]> {
  const rows = await timelinesOf(db, party);
  return rows
    .filter((r) => !r.credited)
    .map((r) => {
      const s = toMoneyState(r, Number(r.subtotal_minor));
      const releasedOn = s.releasedAt ? s.releasedAt.toISOString().slice(0, 10) : null;
      const releaseExpectedOn = releasedOn ? null : s.approvedOn ? releaseDeadline(s.receivedOn ?? String(r.due_date), s.approvedOn) : null;
      return {
        invoiceId: s.invoiceId,
        number: String(r.number),
        currency: r.currency as Currency,
        grossMinor: Number(r.subtotal_minor),
        netMinor: Number(r.net_minor),
        receivedMinor: s.paidMinor,
        receivedOn: s.receivedOn,
        receivedExpectedOn: String(r.due_date),
        releasedOn,
        releaseExpectedOn,
        paidOn: null,
        paidExpectedOn: releasedOn ?? releaseExpectedOn,
        holdReason: s.holdReason,
      };
    });
}

/** Opens a hold on an invoice's release (disputes, and tests): the hold's id. */
export function openHold(db: DbOrTx, invoiceId: string, reason: string, at: Date) {
  return openHoldRow(db, invoiceId, reason, at);
}

/** Closes every open hold of an invoice. */
export function closeHolds(db: DbOrTx, invoiceId: string, at: Date): Promise<void> {
  return closeHoldRows(db, invoiceId, at);
}

/** Locks an invoice's row for a money change (disputes): its money fields, or undefined. */
export function lockInvoice(db: DbOrTx, id: string): Promise<InvoiceForMoney | undefined> {
  return lockInvoiceRow(db, id);
}

/** What an invoice has received, released and holds (disputes). */
export function moneyStateOf(db: DbOrTx, invoice: { id: string; subtotalMinor: number }) {
  return moneyStateRow(db, invoice);
}

export type { InvoiceForMoney };
