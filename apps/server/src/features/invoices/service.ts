import crypto from 'node:crypto';
import { type InvoiceKind, documentNumber, yearOf } from '@talentloop/contract/rules/invoice-numbers';
import { isCalendarDay } from '@talentloop/contract/rules/calendar-day';
import { CURRENCIES, type Currency, moneyProblem, splitFee } from '@talentloop/contract/rules/money';
import { paymentReferenceFrom } from '@talentloop/contract/rules/payment-reference';
import type { SQL } from 'drizzle-orm';
import { AppError } from '../../http/app-error.ts';
import type { DbOrTx, Tx } from '../../infra/db/client.ts';
import { documentRead } from './documents.ts';
import { type BankDetails, renderDocumentPdf } from './pdf.ts';
import { type PartySnapshot, companySnapshot, companySnapshots, freelancerSnapshot, freelancerSnapshots } from '../billing/service.ts';
import {
  type PostEntry,
  type PostLine,
  entryOfInvoice,
  linesOfEntry,
  postEntries,
  postEntriesStatement,
  postEntry,
  releaseEntryOf,
} from '../ledger/service.ts';
import {
  type InvoiceRow,
  type InvoiceValues,
  advanceCounter,
  advanceCountersStatement,
  countersAreSql,
  findBySource,
  findCreditNoteOf,
  findInvoice,
  insertInvoice,
  insertInvoicesStatement,
  lockCounter,
  lockCounters,
  readCounters,
  setCountersStatement,
} from './queries.ts';

// Invoices and credit notes (issue 34, decision 201), issued on the freelancer's behalf to the
// company, each with its journal entry in the same transaction. The caller (the engagement feature)
// owns the transaction: an approval and its invoice commit together or not at all.

export type InvoiceLine = { description: string; quarterHours?: number; unitMinor?: number; amountMinor: number };
export type InvoicePurpose = 'work_approved' | 'milestone_funding';
export type SourceKind = 'timesheet' | 'milestone';

export type IssueInvoiceInput = {
  engagementId: string;
  companyId: string;
  freelancerId: string;
  currency: Currency;
  source: { kind: SourceKind; id: string };
  purpose: InvoicePurpose;
  lines: InvoiceLine[];
  poNumber?: string | null;
  /** YYYY-MM-DD */
  issueDate: string;
  dueDays: number;
};

export type IssuedDocument = { invoiceId: string; number: string; paymentReference: string };

/** A wrong call (a programming error in the caller), not a user's mistake. */
export class InvoiceInputError extends Error {}

function randomPaymentReference(): string {
  return paymentReferenceFrom(Array.from({ length: 8 }, () => crypto.randomInt(0, 32)));
}

/** The calendar date `days` after `isoDate`. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function checkInput(input: IssueInvoiceInput): void {
  if (!CURRENCIES.includes(input.currency)) throw new InvoiceInputError(`unknown currency ${input.currency}`);
  if (!isCalendarDay(input.issueDate)) throw new InvoiceInputError(`not a calendar day: ${input.issueDate}`);
  if (!Number.isInteger(input.dueDays) || input.dueDays < 0 || input.dueDays > 365) throw new InvoiceInputError('dueDays is 0..365');
  if (input.lines.length === 0) throw new InvoiceInputError('an invoice has at least one line');
  for (const line of input.lines) {
    if (!line.description.trim()) throw new InvoiceInputError('every line has a description');
    const problem = moneyProblem(line.amountMinor, input.currency);
    if (problem) throw new InvoiceInputError(`line amount: ${problem}`);
  }
}

const issued = (row: InvoiceRow): IssuedDocument => ({ invoiceId: row.id, number: row.number, paymentReference: row.paymentReference });

/**
 * The journal lines of an invoice: 'work_approved' earns the freelancer their net (held until the
 * company's payment is received and released: decision 210) and the platform its fee;
 * 'milestone_funding' holds the gross for the engagement.
 */
function invoiceEntryLines(input: IssueInvoiceInput, split: { gross: number; fee: number; net: number }): PostLine[] {
  const parties = { companyId: input.companyId, freelancerId: input.freelancerId, engagementId: input.engagementId };
  const line = (account: PostLine['account'], amountMinor: number): PostLine => ({
    account,
    currency: input.currency,
    amountMinor,
    ...parties,
  });
  const lines =
    input.purpose === 'work_approved'
      ? [line('company_receivable', split.gross), line('freelancer_earned_held', -split.net), line('platform_fee_revenue', -split.fee)]
      : [line('company_receivable', split.gross), line('engagement_funds_held', -split.gross)];
  // A fee that rounds to 0 (a tiny amount) has no line: a line is never zero.
  return lines.filter((l) => l.amountMinor !== 0);
}

/**
 * Issues the invoice for an approved week or a milestone to fund, inside the caller's transaction:
 * snapshots both parties' billing details, takes the issuer's next number, splits the fee once on the
 * total, inserts the document and posts its journal entry. The same source a second time (or twenty
 * at once) returns the one invoice it has: the unique key (source_kind, source_id, kind) decides.
 */
export async function issueInvoice(tx: Tx, input: IssueInvoiceInput): Promise<IssuedDocument> {
  checkInput(input);
  const existing = await findBySource(tx, input.source.kind, input.source.id, 'invoice');
  if (existing) return issued(existing);
  const recipient = await companySnapshot(tx, input.companyId);
  if (!recipient) throw new AppError('TL_CORE_34200_E');
  const issuer = await freelancerSnapshot(tx, input.freelancerId);
  if (!issuer) throw new AppError('TL_CORE_34201_E');
  const subtotal = input.lines.reduce((sum, l) => sum + l.amountMinor, 0);
  const problem = moneyProblem(subtotal, input.currency);
  if (problem) throw new InvoiceInputError(`invoice total: ${problem}`);
  const split = splitFee(subtotal, input.currency);
  const year = yearOf(input.issueDate);
  // The counter row is locked until commit: a parallel issue for this issuer waits here, then reads the new number.
  const seq = (await lockCounter(tx, input.freelancerId, 'invoice', year)) + 1;
  const id = crypto.randomUUID();
  const paymentReference = randomPaymentReference();
  const number = documentNumber('invoice', year, seq);
  const inserted = await insertInvoice(tx, documentValues(input, { id, seq, year, paymentReference, issuer, recipient, split }));
  if (!inserted) {
    // Another transaction issued this source's invoice first (and took the number): that one stands.
    const winner = await findBySource(tx, input.source.kind, input.source.id, 'invoice');
    if (!winner) throw new Error('the invoice for this source vanished');
    return issued(winner);
  }
  await advanceCounter(tx, input.freelancerId, 'invoice', year, seq);
  await postEntry(tx, invoiceEntry(input, id, number, split));
  return { invoiceId: id, number, paymentReference };
}

type Split = { gross: number; fee: number; net: number };

/** The stored document of an input, once numbered and with both parties' snapshots. */
function documentValues(
  input: IssueInvoiceInput,
  doc: { id: string; seq: number; year: number; paymentReference: string; issuer: PartySnapshot; recipient: PartySnapshot; split: Split },
): InvoiceValues {
  return {
    id: doc.id,
    kind: 'invoice',
    number: documentNumber('invoice', doc.year, doc.seq),
    issuerId: input.freelancerId,
    year: doc.year,
    seq: doc.seq,
    engagementId: input.engagementId,
    companyId: input.companyId,
    freelancerId: input.freelancerId,
    currency: input.currency,
    purpose: input.purpose,
    subtotalMinor: doc.split.gross,
    feeMinor: doc.split.fee,
    netMinor: doc.split.net,
    issueDate: input.issueDate,
    dueDate: addDays(input.issueDate, input.dueDays),
    poNumber: input.poNumber?.trim() || null,
    paymentReference: doc.paymentReference,
    issuerDetails: doc.issuer,
    recipientDetails: doc.recipient,
    lines: input.lines.map((l) => ({
      description: l.description,
      ...(l.quarterHours !== undefined ? { quarterHours: l.quarterHours } : {}),
      ...(l.unitMinor !== undefined ? { unitMinor: l.unitMinor } : {}),
      amountMinor: l.amountMinor,
    })),
    sourceKind: input.source.kind,
    sourceId: input.source.id,
  };
}

/** The invoice's journal entry. */
function invoiceEntry(input: IssueInvoiceInput, id: string, number: string, split: Split): PostEntry {
  return {
    kind: input.purpose === 'work_approved' ? 'invoice_work' : 'invoice_milestone_funding',
    memo: `${number} ${input.purpose === 'work_approved' ? 'approved work' : 'milestone funding'}`,
    refs: { invoiceId: id, engagementId: input.engagementId, milestoneId: input.source.kind === 'milestone' ? input.source.id : null },
    lines: invoiceEntryLines(input, split),
  };
}

/**
 * A batch's documents, entries and answers (`issueInvoices`, `prepareInvoices`): the fee split once
 * per document, numbered after `last` (each issuer's last number, advanced here).
 */
function batchDocuments(
  inputs: readonly IssueInvoiceInput[],
  recipients: Map<string, Parameters<typeof documentValues>[1]['recipient']>,
  issuers: Map<string, Parameters<typeof documentValues>[1]['issuer']>,
  last: Map<string, number>,
  year: number,
) {
  const values: InvoiceValues[] = [];
  const entries: PostEntry[] = [];
  const docs: Array<IssuedDocument & { recipientEmail: string }> = [];
  for (const input of inputs) {
    const recipient = recipients.get(input.companyId);
    if (!recipient) throw new AppError('TL_CORE_34200_E');
    const issuer = issuers.get(input.freelancerId);
    if (!issuer) throw new AppError('TL_CORE_34201_E');
    const subtotal = input.lines.reduce((sum, l) => sum + l.amountMinor, 0);
    const problem = moneyProblem(subtotal, input.currency);
    if (problem) throw new InvoiceInputError(`invoice total: ${problem}`);
    const split = splitFee(subtotal, input.currency);
    const seq = (last.get(input.freelancerId) ?? 0) + 1;
    last.set(input.freelancerId, seq);
    const id = crypto.randomUUID();
    const paymentReference = randomPaymentReference();
    const doc = documentValues(input, { id, seq, year, paymentReference, issuer, recipient, split });
    values.push(doc);
    entries.push(invoiceEntry(input, id, doc.number, split));
    docs.push({ invoiceId: id, number: doc.number, paymentReference, recipientEmail: recipient.email });
  }
  return { values, entries, docs };
}

/** Documents one statement writes at most (with their entries and lines: well below a statement's 65,535 parameters). */
const ISSUE_CHUNK = 200;

/**
 * Issues many invoices in a handful of statements (the sweep's batch of approved weeks), with the
 * same numbers, snapshots, fee split and entries as `issueInvoice` one at a time: both parties'
 * details in one read each, the issuers' counters locked in one statement (issuer order), then the
 * documents, the counters' advance, the entries and their lines in ONE statement (decision 282:
 * the journal's statement carries the others, `postEntries`' `also`), with the caller's own
 * statements (`also`, made from the documents: the weeks' invoice ids, the mails) in it too. All or
 * nothing: a source that already has its invoice (its entry's foreign key then fails), or a party
 * whose details are not ready, throws (the caller's transaction is rolled back and the caller may
 * issue them one at a time). Every input has the same issue date (so one year).
 */
export async function issueInvoices(
  tx: Tx,
  inputs: readonly IssueInvoiceInput[],
  opts: { also?: (docs: Array<IssuedDocument & { recipientEmail: string }>) => Promise<SQL[]> | SQL[] } = {},
): Promise<Array<IssuedDocument & { recipientEmail: string }>> {
  if (inputs.length === 0) return [];
  for (const input of inputs) checkInput(input);
  const issueDate = inputs[0]?.issueDate as string;
  if (inputs.some((i) => yearOf(i.issueDate) !== yearOf(issueDate))) throw new InvoiceInputError('a batch is issued in one year');
  const year = yearOf(issueDate);
  const [recipients, issuers] = await Promise.all([
    companySnapshots(tx, [...new Set(inputs.map((i) => i.companyId))]),
    freelancerSnapshots(tx, [...new Set(inputs.map((i) => i.freelancerId))]),
  ]);
  // The details are checked before the counters are locked: a batch that cannot be issued locks nothing.
  for (const input of inputs) {
    if (!recipients.has(input.companyId)) throw new AppError('TL_CORE_34200_E');
    if (!issuers.has(input.freelancerId)) throw new AppError('TL_CORE_34201_E');
  }
  const last = await lockCounters(
    tx,
    inputs.map((i) => i.freelancerId),
    'invoice',
    year,
  );
  const { values, entries, docs } = batchDocuments(inputs, recipients, issuers, last, year);
  const also = (await opts.also?.(docs)) ?? [];
  for (let from = 0; from < values.length; from += ISSUE_CHUNK) {
    const to = from + ISSUE_CHUNK;
    const lastChunk = to >= values.length;
    // The documents go in the statement of their entries (an entry's foreign key to its document is checked at the statement's end).
    await postEntries(tx, entries.slice(from, to), {
      also: () => [
        insertInvoicesStatement(tx, values.slice(from, to)),
        ...(lastChunk ? [advanceCountersStatement(last, 'invoice', year), ...also] : []),
      ],
    });
  }
  return docs;
}

/**
 * `issueInvoices` prepared, not written (decision 298): the same checks, snapshots, fee split, numbers
 * and entries, read with no transaction open and no lock (the issuers' last numbers as they are now).
 * The inputs come in units (decision 311): the caller writes each unit's `statements` in its own
 * guarded transaction (infra/db/script.ts), in order, whose guard includes the unit's `guard` (its
 * issuers' counters as the units before it leave them, so the numbers stay gapless and unique); a
 * unit's documents, counters and entries are written there, with nothing in between. A unit whose
 * guard fails leaves every later one failing too (their numbers follow its). One year of issue.
 */
export async function prepareInvoices(db: DbOrTx, units: ReadonlyArray<readonly IssueInvoiceInput[]>) {
  const inputs = units.flat();
  for (const input of inputs) checkInput(input);
  const issueDate = inputs[0]?.issueDate as string;
  if (inputs.some((i) => yearOf(i.issueDate) !== yearOf(issueDate))) throw new InvoiceInputError('a batch is issued in one year');
  const year = yearOf(issueDate);
  const [recipients, issuers] = await Promise.all([
    companySnapshots(db, [...new Set(inputs.map((i) => i.companyId))]),
    freelancerSnapshots(db, [...new Set(inputs.map((i) => i.freelancerId))]),
  ]);
  for (const input of inputs) {
    if (!recipients.has(input.companyId)) throw new AppError('TL_CORE_34200_E');
    if (!issuers.has(input.freelancerId)) throw new AppError('TL_CORE_34201_E');
  }
  const last = await readCounters(
    db,
    inputs.map((i) => i.freelancerId),
    'invoice',
    year,
  );
  return units.map((unit) => {
    if (unit.length === 0) return { docs: [], guard: undefined, statements: [] };
    const ids = [...new Set(unit.map((i) => i.freelancerId))].sort();
    const before = new Map(ids.map((id) => [id, last.get(id) ?? 0]));
    const { values, entries, docs } = batchDocuments(unit, recipients, issuers, last, year);
    const after = new Map(ids.map((id) => [id, last.get(id) ?? 0]));
    const statements: SQL[] = [];
    for (let from = 0; from < values.length; from += ISSUE_CHUNK) {
      const to = from + ISSUE_CHUNK;
      // A source with its document already: the document is skipped, its entry's foreign key fails, all of it fails.
      statements.push(postEntriesStatement(entries.slice(from, to), { also: () => [insertInvoicesStatement(db, values.slice(from, to))] }));
    }
    statements.push(setCountersStatement(after, 'invoice', year));
    return { docs, guard: countersAreSql(before, 'invoice', year), statements };
  });
}

export type ReleaseMilestoneInput = {
  engagementId: string;
  companyId: string;
  freelancerId: string;
  milestoneId: string;
  currency: Currency;
  grossMinor: number;
};

/**
 * Releases an approved milestone's held funds, once per milestone: the freelancer has earned the net
 * (held until the funding is received, then released to their payable: decision 210), the platform
 * earns the fee. A second call returns the first release's entry.
 */
export async function releaseMilestone(
  tx: Tx,
  input: ReleaseMilestoneInput,
): Promise<{ entryId: string; gross: number; fee: number; net: number; released: boolean }> {
  const problem = moneyProblem(input.grossMinor, input.currency);
  if (problem) throw new InvoiceInputError(`milestone amount: ${problem}`);
  const split = splitFee(input.grossMinor, input.currency);
  const parties = { companyId: input.companyId, freelancerId: input.freelancerId, engagementId: input.engagementId };
  const lines: PostLine[] = [
    { account: 'engagement_funds_held', currency: input.currency, amountMinor: split.gross, ...parties },
    { account: 'freelancer_earned_held', currency: input.currency, amountMinor: -split.net, ...parties },
    { account: 'platform_fee_revenue', currency: input.currency, amountMinor: -split.fee, ...parties },
  ].filter((l) => l.amountMinor !== 0) as PostLine[];
  const entryId = await postEntry(tx, {
    kind: 'milestone_release',
    memo: 'milestone approved: funds released',
    refs: { milestoneId: input.milestoneId, engagementId: input.engagementId },
    lines,
  });
  if (entryId) return { entryId, ...split, released: true };
  const first = await releaseEntryOf(tx, input.milestoneId);
  if (!first) throw new Error('the milestone release vanished');
  return { entryId: first.id, ...split, released: false };
}

/** The part of an invoice a part credit note credits (a dispute's split): its figures, its line's words, its journal entry. */
export type CreditNotePart = {
  grossMinor: number;
  feeMinor: number;
  netMinor: number;
  description: string;
  entry: Omit<PostEntry, 'refs'>;
};

/**
 * A credit note for an invoice: a new numbered document (the issuer's CN series) that refers to it,
 * carries its figures and lines, and posts the exact reverse of its journal entry. Once per invoice
 * (a second call returns the first). A milestone's funding invoice whose funds were already released
 * cannot be credited (TL_CORE_34203_E).
 *
 * With `part` (a dispute's split, decision 273) the note credits only that part: its figures are the
 * part's (less than the invoice's gross, so the invoice stays uncredited as a whole), one line with
 * the part's description, and its journal entry is the part's entry the caller gives (posted here,
 * referring to the note).
 */
export async function issueCreditNote(
  tx: Tx,
  input: { invoiceId: string; reason: string; issueDate?: string; part?: CreditNotePart },
): Promise<IssuedDocument> {
  const invoice = await findInvoice(tx, input.invoiceId);
  if (!invoice) throw new AppError('TL_CORE_34202_E');
  if (invoice.kind !== 'invoice') throw new AppError('TL_CORE_34204_E');
  const existing = await findCreditNoteOf(tx, invoice.id);
  if (existing) return issued(existing);
  // (A part carries its own entry: the released funding is not reversed, so the rule is the whole note's.)
  if (!input.part && invoice.purpose === 'milestone_funding' && (await releaseEntryOf(tx, invoice.sourceId)))
    throw new AppError('TL_CORE_34203_E');
  const issueDate = input.issueDate ?? new Date().toISOString().slice(0, 10);
  if (!isCalendarDay(issueDate)) throw new InvoiceInputError(`not a calendar day: ${issueDate}`);
  const kind: InvoiceKind = 'credit_note';
  const year = yearOf(issueDate);
  const seq = (await lockCounter(tx, invoice.issuerId, kind, year)) + 1;
  const id = crypto.randomUUID();
  const number = documentNumber(kind, year, seq);
  const paymentReference = randomPaymentReference();
  const part = input.part;
  if (part && (part.grossMinor <= 0 || part.grossMinor >= invoice.subtotalMinor || part.feeMinor + part.netMinor !== part.grossMinor))
    throw new InvoiceInputError(`a part credit note of ${part.grossMinor} for ${invoice.number}`);
  const inserted = await insertInvoice(tx, {
    ...invoice,
    id,
    kind,
    number,
    year,
    seq,
    issueDate,
    dueDate: issueDate,
    paymentReference,
    creditsInvoiceId: invoice.id,
    reason: input.reason.trim() || null,
    createdAt: new Date(),
    ...(part
      ? {
          subtotalMinor: part.grossMinor,
          feeMinor: part.feeMinor,
          netMinor: part.netMinor,
          lines: [{ description: part.description, amountMinor: part.grossMinor }],
        }
      : {}),
  });
  if (!inserted) {
    const winner = await findCreditNoteOf(tx, invoice.id);
    if (!winner) throw new Error('the credit note vanished');
    return issued(winner);
  }
  await advanceCounter(tx, invoice.issuerId, kind, year, seq);
  if (part) {
    await postEntry(tx, { ...part.entry, refs: { invoiceId: id, engagementId: invoice.engagementId } });
    return { invoiceId: id, number, paymentReference };
  }
  const original = await entryOfInvoice(tx, invoice.id);
  if (!original) throw new Error(`invoice ${invoice.number} has no journal entry`);
  const lines = await linesOfEntry(tx, original.id);
  await postEntry(tx, {
    kind: 'credit_note',
    memo: `${number} credits ${invoice.number}`,
    refs: { invoiceId: id, engagementId: invoice.engagementId },
    lines: lines.map((l) => ({
      account: l.account as PostLine['account'],
      currency: l.currency as Currency,
      amountMinor: -l.amountMinor,
      companyId: l.companyId,
      freelancerId: l.freelancerId,
      engagementId: l.engagementId,
    })),
  });
  return { invoiceId: id, number, paymentReference };
}

export type { BankDetails };

/** Renders a document's PDF (the company's view) without storing it: the bench's rendering row. Undefined for an unknown id. */
export async function renderInvoicePdf(db: DbOrTx, invoiceId: string, bank: BankDetails): Promise<Buffer | undefined> {
  const row = await findInvoice(db, invoiceId);
  if (!row) return undefined;
  return renderDocumentPdf(await documentRead(db, row, 'invoice'), 'invoice', bank);
}
