// Invoice and credit-note numbers (issue 34, decision 201). Each issuer (the freelancer, on whose
// behalf the platform issues) has one gapless series per document kind and calendar year of the
// issue date: INV-2026-0001, INV-2026-0002, ... and CN-2026-0001 for credit notes. The server takes
// the next number from a counter row locked in the issuing transaction, never from a sequence.

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

const PREFIX: Record<InvoiceKind, string> = { invoice: 'INV', credit_note: 'CN' };

export function documentNumber(kind: InvoiceKind, year: number, seq: number): string {
  if (!Number.isInteger(seq) || seq < 1) throw new Error('a document number starts at 1');
  return `${PREFIX[kind]}-${year}-${String(seq).padStart(4, '0')}`;
}

/** The year of a calendar date written YYYY-MM-DD. */
export function yearOf(isoDate: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new Error(`not a calendar date: ${isoDate}`);
  return Number(match[1]);
}
