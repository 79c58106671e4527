import crypto from 'node:crypto';
import type { DocumentRead, DocumentSummary } from '@talentloop/contract/api/invoices';
import type { Currency } from '@talentloop/contract/rules/money';
import type { DbOrTx } from '../../infra/db/client.ts';
import type { PartySnapshot } from '../billing/service.ts';
import { type BankDetails, type PdfView, renderDocumentPdf } from './pdf.ts';
import { type InvoiceRow, numbersOf, storePdf, storedPdf } from './queries.ts';

// Documents as the two parties read them (issue 34, decision 203): the company its invoices and
// credit notes, the freelancer the statements of the same documents. The PDF is rendered on its
// first open and stored (invoice_pdfs, append-only); every later open serves those bytes, checked
// against their stored sha256.

type StoredLine = { description: string; quarterHours?: number; unitMinor?: number; amountMinor: number };

export async function summaries(db: DbOrTx, rows: InvoiceRow[], view: PdfView): Promise<DocumentSummary[]> {
  const credited = await numbersOf(
    db,
    rows.map((r) => r.creditsInvoiceId).filter((id): id is string => !!id),
  );
  return rows.map((row) => summaryOf(row, view, row.creditsInvoiceId ? (credited.get(row.creditsInvoiceId) ?? null) : null));
}

function summaryOf(row: InvoiceRow, view: PdfView, creditsNumber: string | null): DocumentSummary {
  const issuer = row.issuerDetails as PartySnapshot;
  const recipient = row.recipientDetails as PartySnapshot;
  return {
    id: row.id,
    kind: row.kind as DocumentSummary['kind'],
    purpose: row.purpose as DocumentSummary['purpose'],
    number: row.number,
    creditsNumber,
    engagementId: row.engagementId,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    currency: row.currency as Currency,
    grossMinor: row.subtotalMinor,
    feeMinor: row.feeMinor,
    netMinor: row.netMinor,
    counterpartyName: view === 'invoice' ? issuer.legalName : recipient.legalName,
    paymentReference: row.paymentReference,
  };
}

export async function documentRead(db: DbOrTx, row: InvoiceRow, view: PdfView): Promise<DocumentRead> {
  const [summary] = await summaries(db, [row], view);
  if (!summary) throw new Error('no summary');
  return {
    ...summary,
    poNumber: row.poNumber,
    reason: row.reason,
    issuer: row.issuerDetails as PartySnapshot,
    recipient: row.recipientDetails as PartySnapshot,
    lines: (row.lines as StoredLine[]).map((l) => ({
      description: l.description,
      quarterHours: l.quarterHours ?? null,
      unitMinor: l.unitMinor ?? null,
      amountMinor: l.amountMinor,
    })),
  };
}

const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');

/**
 * The document's PDF for the view: the stored bytes (`stored`, when the caller read them with the
 * document), or rendered now, stored once and returned.
 */
export async function documentPdf(
  db: DbOrTx,
  row: InvoiceRow,
  view: PdfView,
  bank: BankDetails,
  known?: { pdf: Buffer | null; sha256: string | null },
): Promise<Buffer> {
  const stored = known?.pdf && known.sha256 ? { pdf: known.pdf, sha256: known.sha256 } : await storedPdf(db, row.id, view);
  if (stored) {
    if (sha256(stored.pdf) !== stored.sha256) throw new Error(`stored PDF of ${row.number} (${view}) does not match its sha256`);
    return stored.pdf;
  }
  const pdf = await renderDocumentPdf(await documentRead(db, row, view), view, bank);
  const kept = await storePdf(db, { invoiceId: row.id, view, pdf, sha256: sha256(pdf) });
  return kept?.pdf ?? pdf;
}
