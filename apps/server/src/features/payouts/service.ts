import {
  type MaskedPayoutDetails,
  type PayableRow,
  type PayoutBatchSummary,
  type PayoutBlock,
  PayoutDetailsFields,
  type PayoutLineRead,
  maskAccount,
} from '@talentloop/contract/api/payouts';
import type { Currency } from '@talentloop/contract/rules/money';
import { toMajorString } from '@talentloop/contract/rules/money';
import SEPA from 'sepa';
import { AppError } from '../../http/app-error.ts';
import type { DbOrTx, Tx } from '../../infra/db/client.ts';
import { pgErrorCode } from '../../infra/db/client.ts';
import { type AuditActor, recordAudit } from '../audit/audit.ts';
import { lockPayables, postEntries, postEntry } from '../ledger/service.ts';
import { toCsv } from '../partners/csv.ts';
import {
  type BatchFigures,
  type PayoutDetailsRow,
  type PayoutLineRow,
  batchFigures,
  closeBatchIfSettled,
  detailsOfMany,
  findBatch,
  findLine,
  insertBatch,
  insertLines,
  linesOfBatch,
  linesOfFreelancer,
  moveBatch,
  moveLine,
  linesBeyondPayable,
  payableBalances,
  sendLines,
} from './queries.ts';

// Payouts (issue 35, decisions 215-219). Payout details are masked on the way out of every read
// here; only the payout files (sepaFile, csvFile) carry the full account. Every operator action
// writes its audit entry and its journal entry in the action's own transaction.

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || 'Deleted account';

const accountOfRow = (row: { iban: string | null; accountNumber: string | null }) => row.iban ?? row.accountNumber ?? '';

export function toMasked(row: PayoutDetailsRow): MaskedPayoutDetails {
  return {
    method: row.method as MaskedPayoutDetails['method'],
    accountHolder: row.accountHolder,
    accountMasked: maskAccount(accountOfRow(row)),
    bankCode: row.bic ?? row.ifsc ?? '',
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Why a freelancer's payable money in a currency cannot be paid out, or null. */
export function blockOf(currency: Currency, details: PayoutDetailsRow | undefined): PayoutBlock | null {
  if (!details) return 'no_details';
  if (currency === 'EUR' && details.method !== 'iban') return 'needs_iban';
  return null;
}

export function toLineRead(row: { line: PayoutLineRow; firstName: string | null; lastName: string | null }): PayoutLineRead {
  const { line } = row;
  return {
    id: line.id,
    freelancerId: line.freelancerId,
    freelancerName: fullName(row.firstName, row.lastName),
    accountHolder: line.accountHolder,
    method: line.method as PayoutLineRead['method'],
    accountMasked: maskAccount(accountOfRow(line)),
    currency: line.currency as Currency,
    amountMinor: line.amountMinor,
    status: line.status as PayoutLineRead['status'],
    paidOn: line.paidOn,
    returnedReason: line.returnedReason,
  };
}

export function toSummary(f: BatchFigures): PayoutBatchSummary {
  return {
    id: f.batch.id,
    status: f.batch.status as PayoutBatchSummary['status'],
    version: f.batch.version,
    createdAt: f.batch.createdAt.toISOString(),
    sentAt: f.batch.sentAt?.toISOString() ?? null,
    lineCount: f.lineCount,
    openLines: f.openLines,
    totals: f.totals,
  };
}

export async function summaryOf(db: DbOrTx, batchId: string): Promise<PayoutBatchSummary> {
  const [figures] = await batchFigures(db, batchId);
  if (!figures) throw new AppError('TL_CORE_35502_E');
  return toSummary(figures);
}

/** Everything payable now, each with its block (null: goes into the next batch). */
export async function payableNow(db: DbOrTx): Promise<PayableRow[]> {
  const balances = await payableBalances(db);
  const details = await detailsOfMany(db, [...new Set(balances.map((b) => b.freelancerId))]);
  return balances.map((b) => ({ ...b, blocked: blockOf(b.currency, details.get(b.freelancerId)) }));
}

/** The stored details, checked again by the contract's rule (a held change is re-read from JSON). */
export function parseHeld(value: unknown) {
  const parsed = PayoutDetailsFields.safeParse(value);
  if (!parsed.success) throw new AppError('TL_CORE_35501_E');
  return parsed.data;
}

export function createPayoutService(deps: { db: import('../../infra/db/client.ts').Db }) {
  const { db } = deps;

  async function createBatch(actor: AuditActor, now: Date): Promise<PayoutBatchSummary> {
    try {
      return await db.transaction(async (tx) => {
        const balances = await payableBalances(tx);
        const details = await detailsOfMany(tx, [...new Set(balances.map((b) => b.freelancerId))]);
        const payable = balances.filter((b) => blockOf(b.currency, details.get(b.freelancerId)) === null);
        if (payable.length === 0) throw new AppError('TL_CORE_35504_E');
        const batch = await insertBatch(tx, actor.id ?? '', now);
        await insertLines(
          tx,
          payable.map((b) => {
            const d = details.get(b.freelancerId) as PayoutDetailsRow;
            return {
              batchId: batch.id,
              freelancerId: b.freelancerId,
              currency: b.currency,
              amountMinor: b.amountMinor,
              method: d.method,
              accountHolder: d.accountHolder,
              iban: d.iban,
              bic: d.bic,
              accountNumber: d.accountNumber,
              ifsc: d.ifsc,
              createdAt: now,
            };
          }),
        );
        const summary = await summaryOf(tx, batch.id);
        await recordAudit(
          tx,
          actor,
          {
            action: 'payout_batch.create',
            targetType: 'payout_batch',
            targetId: batch.id,
            targetLabel: `Payout batch of ${summary.lineCount} payout(s)`,
            after: { lines: summary.lineCount, totals: summary.totals },
          },
          now,
        );
        return summary;
      });
    } catch (err) {
      // Another batch took one of these payables first (payout_lines_pending_key).
      if (pgErrorCode(err) === '23505') throw new AppError('TL_CORE_35507_E');
      throw err;
    }
  }

  async function removeLine(actor: AuditActor, lineId: string, now: Date): Promise<PayoutBatchSummary> {
    return db.transaction(async (tx) => {
      const found = await findLine(tx, lineId);
      if (!found) throw new AppError('TL_CORE_35503_E');
      const batch = await findBatch(tx, found.line.batchId, true);
      if (batch?.status !== 'draft') throw new AppError('TL_CORE_35505_E');
      const moved = await moveLine(tx, lineId, 'pending', { status: 'removed' });
      if (!moved) throw new AppError('TL_CORE_35505_E');
      await moveBatch(tx, batch.id, 'draft', null, {});
      await recordAudit(
        tx,
        actor,
        {
          action: 'payout_batch.remove_line',
          targetType: 'payout_batch',
          targetId: batch.id,
          targetLabel: fullName(found.firstName, found.lastName),
          before: { lineId, currency: moved.currency, amountMinor: moved.amountMinor },
        },
        now,
      );
      return summaryOf(tx, batch.id);
    });
  }

  async function sendBatch(actor: AuditActor, batchId: string, version: number, now: Date): Promise<PayoutBatchSummary> {
    return db.transaction(async (tx) => {
      const batch = await findBatch(tx, batchId, true);
      if (!batch) throw new AppError('TL_CORE_35502_E');
      if (batch.status !== 'draft') throw new AppError('TL_CORE_35505_E');
      if (batch.version !== version) throw new AppError('TL_CORE_35510_E');
      // Each payout is still owed in full (a credit note since the batch was made would make it more),
      // read under the lock a dispute's refund takes too (decision 273).
      await lockPayables(tx);
      if ((await linesBeyondPayable(tx, batchId)) > 0) throw new AppError('TL_CORE_35509_E');
      const lines = await sendLines(tx, batchId, now);
      if (lines.length === 0) throw new AppError('TL_CORE_35504_E');
      // One entry per payout (the database's balance check reads each entry's lines: small entries keep it linear).
      await postEntries(
        tx,
        lines.map((line) => ({
          kind: 'payout_sent' as const,
          memo: `Payout ${line.id} of batch ${batchId} sent to the bank`,
          occurredAt: now,
          lines: [
            {
              account: 'freelancer_payable' as const,
              currency: line.currency as Currency,
              amountMinor: line.amountMinor,
              freelancerId: line.freelancerId,
            },
            {
              account: 'payouts_in_transit' as const,
              currency: line.currency as Currency,
              amountMinor: -line.amountMinor,
              freelancerId: line.freelancerId,
            },
          ],
        })),
      );
      await moveBatch(tx, batchId, 'draft', version, { status: 'sent', sentAt: now });
      const summary = await summaryOf(tx, batchId);
      await recordAudit(
        tx,
        actor,
        {
          action: 'payout_batch.send',
          targetType: 'payout_batch',
          targetId: batchId,
          targetLabel: `Payout batch of ${summary.lineCount} payout(s)`,
          before: { status: 'draft' },
          after: { status: 'sent', totals: summary.totals },
        },
        now,
      );
      return summary;
    });
  }

  async function settleLine(
    actor: AuditActor,
    lineId: string,
    outcome: { paidOn: string } | { reason: string },
    now: Date,
  ): Promise<PayoutLineRead> {
    return db.transaction(async (tx: Tx) => {
      const paid = 'paidOn' in outcome;
      const moved = await moveLine(
        tx,
        lineId,
        'sent',
        paid
          ? { status: 'paid', paidOn: outcome.paidOn, settledAt: now }
          : { status: 'returned', returnedReason: outcome.reason, settledAt: now },
      );
      if (!moved) throw new AppError((await findLine(tx, lineId)) ? 'TL_CORE_35506_E' : 'TL_CORE_35503_E');
      const currency = moved.currency as Currency;
      await postEntry(tx, {
        kind: paid ? 'payout_paid' : 'payout_returned',
        memo: paid ? `Payout ${lineId} paid on ${outcome.paidOn}` : `Payout ${lineId} returned by the bank`,
        occurredAt: now,
        lines: [
          { account: 'payouts_in_transit', currency, amountMinor: moved.amountMinor, freelancerId: moved.freelancerId },
          paid
            ? { account: 'cash_at_bank', currency, amountMinor: -moved.amountMinor }
            : { account: 'freelancer_payable', currency, amountMinor: -moved.amountMinor, freelancerId: moved.freelancerId },
        ],
      });
      await closeBatchIfSettled(tx, moved.batchId);
      const line = await findLine(tx, lineId);
      if (!line) throw new AppError('TL_CORE_35503_E');
      await recordAudit(
        tx,
        actor,
        {
          action: paid ? 'payout_line.paid' : 'payout_line.returned',
          targetType: 'payout_line',
          targetId: lineId,
          targetLabel: fullName(line.firstName, line.lastName),
          before: { status: 'sent' },
          after: paid ? { status: 'paid', paidOn: outcome.paidOn } : { status: 'returned' },
          reason: paid ? null : outcome.reason,
        },
        now,
      );
      return toLineRead(line);
    });
  }

  return { createBatch, removeLine, sendBatch, settleLine };
}

export type BankAccount = { accountName?: string | undefined; iban?: string | undefined; swift?: string | undefined };

const compactId = (id: string) => id.replace(/-/g, '');

/** The batch's EUR lines as a SEPA credit transfer (pain.001.001.09), full accounts: the one place they leave the database. */
export async function sepaFile(db: DbOrTx, batchId: string, bank: BankAccount, now: Date): Promise<string> {
  const batch = await findBatch(db, batchId);
  if (!batch) throw new AppError('TL_CORE_35502_E');
  if (!bank.iban || !bank.swift || !bank.accountName) throw new AppError('TL_CORE_35508_E');
  const lines = (await linesOfBatch(db, batchId)).filter((r) => r.line.currency === 'EUR');
  const doc = new SEPA.Document('pain.001.001.09');
  doc.grpHdr.id = `TL${compactId(batchId)}`.slice(0, 35);
  doc.grpHdr.created = now;
  doc.grpHdr.initiatorName = bank.accountName;
  const info = doc.createPaymentInfo();
  info.requestedExecutionDate = now;
  info.debtorIBAN = bank.iban.replace(/\s+/g, '');
  info.debtorBIC = bank.swift;
  info.debtorName = bank.accountName;
  doc.addPaymentInfo(info);
  for (const { line } of lines) {
    const tx = info.createTransaction();
    tx.creditorName = line.accountHolder;
    tx.creditorIBAN = line.iban ?? '';
    tx.creditorBIC = line.bic ?? '';
    tx.amount = Number(toMajorString(line.amountMinor, 'EUR'));
    tx.remittanceInfo = `Talentloop payout ${compactId(line.id).slice(0, 12)}`;
    tx.end2endId = compactId(line.id);
    info.addTransaction(tx);
  }
  try {
    return doc.toString();
  } catch (err) {
    throw new AppError('TL_CORE_35511_E', `The SEPA file cannot be made: ${(err as Error).message}`);
  }
}

/** The batch's lines in every currency but EUR as CSV, full accounts (formula cells escaped). */
export async function csvFile(db: DbOrTx, batchId: string): Promise<string> {
  const batch = await findBatch(db, batchId);
  if (!batch) throw new AppError('TL_CORE_35502_E');
  const lines = (await linesOfBatch(db, batchId)).filter((r) => r.line.currency !== 'EUR').map((r) => r.line);
  return toCsv<PayoutLineRow>(
    [
      { header: 'Payout id', value: (l) => l.id },
      { header: 'Account holder', value: (l) => l.accountHolder },
      { header: 'IBAN', value: (l) => l.iban ?? '' },
      { header: 'BIC', value: (l) => l.bic ?? '' },
      { header: 'Account number', value: (l) => l.accountNumber ?? '' },
      { header: 'IFSC', value: (l) => l.ifsc ?? '' },
      { header: 'Currency', value: (l) => l.currency },
      { header: 'Amount', value: (l) => toMajorString(l.amountMinor, l.currency as Currency) },
      { header: 'Reference', value: (l) => `Talentloop payout ${compactId(l.id).slice(0, 12)}` },
    ],
    lines,
  );
}

/** A freelancer's payouts, accounts masked. */
export async function payoutsOf(db: DbOrTx, freelancerId: string) {
  return (await linesOfFreelancer(db, freelancerId)).map((l) => ({
    id: l.id,
    currency: l.currency as Currency,
    amountMinor: l.amountMinor,
    status: l.status as PayoutLineRead['status'],
    accountMasked: maskAccount(accountOfRow(l)),
    createdAt: l.createdAt.toISOString(),
    sentAt: l.sentAt?.toISOString() ?? null,
    paidOn: l.paidOn,
    returnedReason: l.returnedReason,
  }));
}
