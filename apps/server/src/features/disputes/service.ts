import { BRAND, paths } from '@talentloop/contract';
import type { DecideDisputeBody, DisputableInvoice, DisputeRead, OpenDisputeBody } from '@talentloop/contract/api/disputes';
import {
  DISPUTE_FILES_MAX,
  DISPUTE_OUTCOME_LABELS,
  DISPUTE_SUBJECT_LABELS,
  type DisputeOutcome,
  type DisputeSubject,
  disputeWindowEnd,
  splitDisputed,
  withinDisputeWindow,
} from '@talentloop/contract/rules/disputes';
import { type Currency, formatMoney, parseAmount } from '@talentloop/contract/rules/money';
import { AppError } from '../../http/app-error.ts';
import type { Db, DbOrTx, Tx } from '../../infra/db/client.ts';
import type { Mail } from '../../infra/mail/mailer.ts';
import type { FileStorage } from '../../infra/storage.ts';
import { enqueueMail } from '../../infra/mail/outbox.ts';
import { defangLinks, escapeHtml, layout } from '../../infra/mail/templates.ts';
import { type AuditActor, recordAudit } from '../audit/audit.ts';
import { companySnapshot } from '../billing/service.ts';
import { findCompany } from '../company/service.ts';
import { issueCreditNote } from '../invoices/service.ts';
import { type PostLine, balanceOf, lockPayables, postEntry } from '../ledger/service.ts';
import { type InvoiceForMoney, closeHolds, lockInvoice, moneyStateOf, openHold, releaseIfDue } from '../receipts/service.ts';
import { addSystemLine } from '../messages/system-lines.ts';
import { mailableFreelancer } from '../talent-pool/service.ts';
import {
  type DisputeListRow,
  disputesList,
  fileCount,
  filesOf,
  insertDispute,
  insertDisputeFile,
  invoiceFacts,
  invoicesOfParty,
  lockDispute,
  setAnswer,
  setDecision,
} from './queries.ts';

// Disputes (issue 35, decisions 246-249). Either side of an invoice's engagement opens one within
// 30 days of the invoice's issue date (contract rules/disputes); opening it holds the invoice's
// release (receipts' release_holds, decision 212), so the release job and every receipt leave it
// alone and the operator's 'Releases due' queue shows the hold's reason. The other side answers;
// an operator who is not a party decides:
// - release: the hold closes and the invoice is released at once if its money is in and its work
//   approved (else when it is, as any invoice);
// - refund: a credit note for the invoice (the exact reverse of its entry); if it was already
//   released, a dispute_refund entry takes the net back from the freelancer's payable;
// - split: a credit note for the refunded part whose dispute_refund entry gives its fee and net back,
//   the rest of the net released (so the invoice must be paid in full and approved, or already released).
// A refund or split after the release takes the net back from the freelancer's payable: refused
// (TL_CORE_35161_E) when the payable no longer covers it, the money having been paid out (decision 273).
// The decision, its entries, the audit row and both mails commit together.

export type Deps = { db: Db; publicUrl: string };
export type Side = 'company' | 'freelancer';
type Caller = { id: string };

const today = (now: Date) => now.toISOString().slice(0, 10);
const iso = (v: Date | string | null) => (v ? new Date(v).toISOString() : null);

type Files = Awaited<ReturnType<typeof filesOf>>;

function toRead(r: DisputeListRow, files: Files): DisputeRead {
  return {
    id: r.id,
    invoiceId: r.invoice_id,
    invoiceNumber: r.number,
    currency: r.currency as Currency,
    grossMinor: Number(r.subtotal_minor),
    netMinor: Number(r.net_minor),
    subject: r.subject as DisputeSubject,
    status: r.status as DisputeRead['status'],
    raisedBy: r.raised_by as Side,
    companyName: r.company_name,
    freelancerName: r.freelancer_name,
    reason: r.reason,
    openedAt: iso(r.opened_at) ?? '',
    answer: r.answer,
    answeredAt: iso(r.answered_at),
    outcome: (r.outcome as DisputeOutcome | null) ?? null,
    refundMinor: r.refund_minor === null ? null : Number(r.refund_minor),
    decisionReason: r.decision_reason,
    decidedAt: iso(r.decided_at),
    creditNoteNumber: r.credit_note_number,
    version: r.version,
    files: files.get(r.id) ?? [],
  };
}

async function toReads(db: DbOrTx, rows: DisputeListRow[]): Promise<DisputeRead[]> {
  const files = await filesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toRead(r, files));
}

async function readOne(db: DbOrTx, id: string): Promise<DisputeRead> {
  const [row] = await disputesList(db, { id });
  if (!row) throw new AppError('TL_CORE_35150_E');
  return toRead(row, await filesOf(db, [row.id]));
}

/** The caller's side of an invoice's engagement, or undefined when they are not a party. */
async function sideOf(db: DbOrTx, caller: Caller, invoice: { companyId: string; freelancerId: string }): Promise<Side | undefined> {
  if (invoice.freelancerId === caller.id) return 'freelancer';
  const company = await findCompany(db, caller.id);
  return company && company.id === invoice.companyId ? 'company' : undefined;
}

function compose(to: string, firstName: string, subject: string, lines: string[], url: string): Mail {
  const all = [firstName ? `Hi ${defangLinks(firstName)},` : 'Hi,', ...lines, `Open it: ${url}`];
  return {
    to,
    subject,
    text: `${all.join('\n\n')}\n\n${BRAND.name}`,
    html: layout(subject, all.map((l) => `<p>${escapeHtml(l)}</p>`).join('')),
  };
}

/** Mails the parties: the company at its invoices' address, the freelancer following their choices. */
async function mailParties(
  tx: Tx,
  publicUrl: string,
  invoice: InvoiceForMoney,
  to: Side[],
  subject: string,
  lines: (side: Side) => string[],
  now: Date,
) {
  if (to.includes('company')) {
    const billing = await companySnapshot(tx, invoice.companyId);
    if (billing?.email)
      await enqueueMail(tx, compose(billing.email, '', subject, lines('company'), `${publicUrl}${paths.company.projects}`), now);
  }
  if (to.includes('freelancer')) {
    const freelancer = await mailableFreelancer(tx, invoice.freelancerId, 'shortlist');
    if (freelancer)
      await enqueueMail(
        tx,
        compose(freelancer.email, freelancer.firstName, subject, lines('freelancer'), `${publicUrl}${paths.freelancer.workManagement}`),
        now,
      );
  }
}

const other = (side: Side): Side => (side === 'company' ? 'freelancer' : 'company');

/** Opens a dispute of an invoice by one side of its engagement, within the window; the invoice's release is held. */
export async function openDispute(deps: Deps, caller: Caller, invoiceId: string, body: OpenDisputeBody, now: Date): Promise<DisputeRead> {
  const id = await deps.db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    const facts = invoice ? await invoiceFacts(tx, invoice.id) : undefined;
    if (!invoice || !facts || facts.kind !== 'invoice') throw new AppError('TL_CORE_35151_E');
    const side = await sideOf(tx, caller, invoice);
    if (!side) throw new AppError('TL_CORE_35151_E');
    if (facts.credited) throw new AppError('TL_CORE_35159_E');
    if (!withinDisputeWindow(facts.issue_date, today(now))) throw new AppError('TL_CORE_35152_E');
    const row = await insertDispute(tx, {
      invoiceId: invoice.id,
      subject: body.subject,
      raisedBy: side,
      raisedByUserId: caller.id,
      reason: body.reason,
      openedAt: now,
    });
    if (!row) throw new AppError('TL_CORE_35153_E');
    await openHold(tx, invoice.id, `Disputed by the ${side}`, now);
    await addSystemLine(tx, invoice, 'dispute_opened', now);
    const what = DISPUTE_SUBJECT_LABELS[body.subject].toLowerCase();
    await mailParties(
      tx,
      deps.publicUrl,
      invoice,
      [other(side)],
      `${invoice.number} is disputed`,
      () => [
        `The ${side} disputes ${what} of ${invoice.number}: “${body.reason}”`,
        'Its money stays held until an operator decides. Give your side of it so the operator hears both.',
      ],
      now,
    );
    return row.id;
  });
  return readOne(deps.db, id);
}

/** The other side answers, once, while the dispute is open. */
export async function answerDispute(deps: Deps, caller: Caller, disputeId: string, answer: string, now: Date): Promise<DisputeRead> {
  await deps.db.transaction(async (tx) => {
    const row = await lockDispute(tx, disputeId);
    const invoice = row ? await lockInvoice(tx, row.invoiceId) : undefined;
    if (!row || !invoice) throw new AppError('TL_CORE_35150_E');
    const side = await sideOf(tx, caller, invoice);
    if (!side) throw new AppError('TL_CORE_35150_E');
    if (side === row.raisedBy) throw new AppError('TL_CORE_35154_E');
    const updated = await setAnswer(tx, row.id, row.version, { answer, answeredByUserId: caller.id, answeredAt: now });
    if (!updated) throw new AppError('TL_CORE_35155_E');
    await addSystemLine(tx, invoice, 'dispute_answered', now);
    await mailParties(
      tx,
      deps.publicUrl,
      invoice,
      [other(side)],
      `The ${side} answered the dispute of ${invoice.number}`,
      () => [`The ${side} answered: “${answer}”`, 'An operator now decides; you will hear from us.'],
      now,
    );
  });
  return readOne(deps.db, disputeId);
}

/** Reads a split's refund, typed in major units, against the invoice. */
function splitOf(invoice: InvoiceForMoney, typed: string | undefined) {
  const parsed = parseAmount((typed ?? '').trim(), invoice.currency);
  if ('error' in parsed) throw new AppError('TL_CORE_35157_E', `refund: ${parsed.error}`);
  const split = splitDisputed(invoice.subtotalMinor, invoice.netMinor, parsed.amountMinor, invoice.currency);
  if (!split) throw new AppError('TL_CORE_35157_E');
  return split;
}

/**
 * An operator decides a dispute (not their own: a party to the engagement is refused), from the
 * version they read (a stale one, or one decided meanwhile, is 409); everything in one transaction.
 */
export async function decideDispute(
  deps: Deps,
  actor: AuditActor & { id: string },
  disputeId: string,
  body: DecideDisputeBody,
  now: Date,
): Promise<DisputeRead> {
  await deps.db.transaction(async (tx) => {
    const row = await lockDispute(tx, disputeId);
    const invoice = row ? await lockInvoice(tx, row.invoiceId) : undefined;
    if (!row || !invoice) throw new AppError('TL_CORE_35150_E');
    if (await sideOf(tx, actor, invoice)) throw new AppError('TL_CORE_35156_E');
    if (row.status === 'decided' || row.version !== body.version) throw new AppError('TL_CORE_35155_E');
    const state = await moneyStateOf(tx, invoice);
    if (state.credited) throw new AppError('TL_CORE_35159_E');
    const parties = { companyId: invoice.companyId, freelancerId: invoice.freelancerId, engagementId: invoice.engagementId };
    const c = invoice.currency;
    const released = !!state.releasedAt;
    let refundMinor: number | null = null;
    let creditNoteId: string | null = null;
    const split = body.outcome === 'split' ? splitOf(invoice, body.refund) : undefined;
    // A refund after the release takes its net back from the freelancer's payable: refused when
    // that was paid out meanwhile (the payable would go below zero), under the lock a payout's send
    // takes (decision 273).
    const takeBack = released ? (split ? split.refundNet : body.outcome === 'refund' ? invoice.netMinor : 0) : 0;
    if (takeBack > 0) {
      await lockPayables(tx);
      const owed = -(await balanceOf(tx, { freelancerId: invoice.freelancerId }, 'freelancer_payable', c));
      if (owed < takeBack) throw new AppError('TL_CORE_35161_E');
    }
    await closeHolds(tx, invoice.id, now);
    if (body.outcome === 'release') {
      await releaseIfDue(tx, invoice, now);
    } else if (body.outcome === 'refund') {
      refundMinor = invoice.subtotalMinor;
      const note = await issueCreditNote(tx, { invoiceId: invoice.id, reason: `Dispute decided: ${body.reason}`, issueDate: today(now) });
      creditNoteId = note.invoiceId;
      if (released) {
        // The credit note gave back the earned-held net the release had already moved on: take it from the payable.
        await postEntry(tx, {
          kind: 'dispute_refund',
          memo: `${invoice.number} refunded after release`,
          occurredAt: now,
          refs: { engagementId: invoice.engagementId },
          lines: [
            { account: 'freelancer_payable', currency: c, amountMinor: invoice.netMinor, ...parties },
            { account: 'freelancer_earned_held', currency: c, amountMinor: -invoice.netMinor, ...parties },
          ],
        });
      }
    } else if (split) {
      if (!released && (!state.receivedOn || !state.approvedOn)) throw new AppError('TL_CORE_35158_E');
      refundMinor = split.refundGross;
      // The refunded part is a credit note of its own (decision 273), carrying the part's entry.
      const note = await issueCreditNote(tx, {
        invoiceId: invoice.id,
        reason: `Dispute decided: ${body.reason}`,
        issueDate: today(now),
        part: {
          grossMinor: split.refundGross,
          feeMinor: split.refundFee,
          netMinor: split.refundNet,
          description: `Refunded part of ${invoice.number} (dispute decided)`,
          entry: {
            kind: 'dispute_refund',
            memo: `${invoice.number}: ${formatMoney(split.refundGross, c)} refunded by a dispute's split`,
            occurredAt: now,
            lines: (
              [
                { account: 'company_receivable', currency: c, amountMinor: -split.refundGross, ...parties },
                {
                  account: released ? 'freelancer_payable' : 'freelancer_earned_held',
                  currency: c,
                  amountMinor: split.refundNet,
                  ...parties,
                },
                { account: 'platform_fee_revenue', currency: c, amountMinor: split.refundFee, ...parties },
              ] satisfies PostLine[]
            ).filter((l) => l.amountMinor !== 0),
          },
        },
      });
      creditNoteId = note.invoiceId;
      if (!released && !(await releaseIfDue(tx, invoice, now, split.releaseNet))) throw new AppError('TL_CORE_35158_E');
    }
    const decided = await setDecision(tx, row.id, row.version, {
      outcome: body.outcome,
      refundMinor,
      decisionReason: body.reason,
      decidedBy: actor.id,
      decidedAt: now,
      creditNoteId,
    });
    if (!decided) throw new AppError('TL_CORE_35155_E');
    await addSystemLine(tx, invoice, 'dispute_decided', now);
    const outcome =
      body.outcome === 'release'
        ? `The money is released to the freelancer${released || state.receivedOn ? '' : ' once the company’s payment arrives'}.`
        : body.outcome === 'refund'
          ? `The invoice is cancelled by a credit note: ${formatMoney(invoice.subtotalMinor, c)} goes back to the company.`
          : `${formatMoney(refundMinor ?? 0, c)} goes back to the company and the rest is released to the freelancer.`;
    await mailParties(
      tx,
      deps.publicUrl,
      invoice,
      ['company', 'freelancer'],
      `The dispute of ${invoice.number} is decided`,
      () => [`${DISPUTE_OUTCOME_LABELS[body.outcome]}. ${outcome}`, `The operator’s reason: “${body.reason}”`],
      now,
    );
    await recordAudit(
      tx,
      actor,
      {
        action: 'dispute.decide',
        targetType: 'dispute',
        targetId: row.id,
        targetLabel: invoice.number,
        before: { status: row.status, version: row.version },
        after: { outcome: body.outcome, refundMinor, reason: body.reason, creditNoteId },
      },
      now,
    );
  });
  return readOne(deps.db, disputeId);
}

/** A party's disputes and invoices with their windows. */
export async function partyDisputes(
  db: DbOrTx,
  caller: Caller,
  now: Date,
): Promise<{ disputes: DisputeRead[]; invoices: DisputableInvoice[] }> {
  const company = await findCompany(db, caller.id);
  const parties: ({ freelancerId: string } | { companyId: string })[] = [{ freelancerId: caller.id }];
  if (company) parties.push({ companyId: company.id });
  const disputes: DisputeRead[] = [];
  const invoices: DisputableInvoice[] = [];
  for (const party of parties) {
    disputes.push(...(await toReads(db, await disputesList(db, party))));
    for (const r of await invoicesOfParty(db, party)) {
      invoices.push({
        invoiceId: r.id,
        number: r.number,
        issueDate: r.issue_date,
        currency: r.currency as Currency,
        grossMinor: Number(r.subtotal_minor),
        work: r.source_kind === 'milestone' ? 'milestone' : 'timesheet',
        disputeUntil: disputeWindowEnd(r.issue_date),
        canDispute: !r.dispute_id && withinDisputeWindow(r.issue_date, today(now)),
        disputeId: r.dispute_id,
      });
    }
  }
  return { disputes, invoices };
}

/** One dispute of the caller's engagements (another's is 404). */
export async function partyDispute(db: DbOrTx, caller: Caller, disputeId: string): Promise<DisputeRead> {
  const dispute = await readOne(db, disputeId);
  const [row] = await disputesList(db, { id: disputeId });
  if (!row || !(await sideOf(db, caller, { companyId: row.company_id, freelancerId: row.freelancer_id })))
    throw new AppError('TL_CORE_35150_E');
  return dispute;
}

/** Disputes for the console. */
export async function allDisputes(db: DbOrTx): Promise<DisputeRead[]> {
  return toReads(db, await disputesList(db, { all: true }));
}

export const readDispute = readOne;

/** The kind of a stored evidence file (owner-only at /files/:id: the other side and operators read it here). */
export const DISPUTE_FILE_KIND = 'dispute-evidence';

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/**
 * Attaches one upload to a dispute of the caller's engagement before it is decided, at most
 * DISPUTE_FILES_MAX a side: the bytes staged first, the metadata and the link saved in one
 * transaction with the dispute locked (a refused upload leaves only staged bytes for the cleanup).
 */
export async function attachFile(
  deps: Deps & { storage: FileStorage },
  caller: Caller,
  disputeId: string,
  file: { mime: string; data: Buffer },
  now: Date,
): Promise<DisputeRead> {
  const blob = await deps.storage.stage(file.data);
  await deps.db.transaction(async (tx) => {
    const row = await lockDispute(tx, disputeId);
    const invoice = row ? await lockInvoice(tx, row.invoiceId) : undefined;
    if (!row || !invoice) throw new AppError('TL_CORE_35150_E');
    const side = await sideOf(tx, caller, invoice);
    if (!side) throw new AppError('TL_CORE_35150_E');
    if (row.status === 'decided' || (await fileCount(tx, row.id, side)) >= DISPUTE_FILES_MAX) throw new AppError('TL_CORE_35160_E');
    const fileId = await deps.storage.put(tx, { ownerId: caller.id, kind: DISPUTE_FILE_KIND, mime: file.mime, blob, now });
    await insertDisputeFile(tx, { disputeId: row.id, fileId, side, createdAt: now });
  });
  return readOne(deps.db, disputeId);
}

/** A file attached to the dispute, for a party (another party's dispute: 404) or an operator: its bytes, type and download name. */
export async function disputeFile(db: DbOrTx, storage: FileStorage, caller: Caller | 'operator', disputeId: string, fileId: string) {
  const dispute = caller === 'operator' ? await readOne(db, disputeId) : await partyDispute(db, caller, disputeId);
  const id = fileId.toLowerCase();
  const position = dispute.files.findIndex((f) => f.id === id);
  if (position < 0) throw new AppError('TL_CORE_35150_E');
  const file = await storage.get(id);
  if (!file) throw new AppError('TL_CORE_35150_E');
  return { file, name: `dispute-${dispute.invoiceNumber}-file-${position + 1}.${EXTENSIONS[file.mime] ?? 'bin'}` };
}
