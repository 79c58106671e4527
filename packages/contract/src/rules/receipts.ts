// Receipts from the bank and their release to the freelancer (issue 35, decisions 210-212). One rule
// for both sides: how a bank line's remittance text is read as a payment reference (tolerant of the
// ways people mistype it), what a receipt's state is, and the terms' 7-day release promise.
import { PAYMENT_REFERENCE_PREFIX, readPaymentReference } from './payment-reference.ts';

/** The terms' promise: funds for approved work reach the freelancer's payable within this many days of receipt. */
export const RELEASE_DAYS = 7;

/**
 * The payment reference in a bank line's remittance text, or undefined when there is none: the
 * whole text first (a reference typed in lower case, with spaces, with or without its hyphens, O for
 * 0 and I or L for 1), then any run inside a longer text ('Invoice tl abcd-efgh k, thanks'). A
 * reference with a wrong character fails its check character and is not guessed: the line stays
 * unmatched for the operator to assign.
 */
export function referenceIn(text: string | null | undefined): string | undefined {
  if (!text) return undefined;
  const whole = readPaymentReference(text);
  if (whole) return whole;
  const upper = text.toUpperCase();
  let from = upper.indexOf(PAYMENT_REFERENCE_PREFIX);
  while (from >= 0) {
    // The prefix, then the next 9 letters or digits, skipping spaces and hyphens between them.
    let compact = PAYMENT_REFERENCE_PREFIX;
    let i = from + PAYMENT_REFERENCE_PREFIX.length;
    while (i < upper.length && compact.length < PAYMENT_REFERENCE_PREFIX.length + 9) {
      const ch = upper[i] as string;
      if (/[0-9A-Z]/.test(ch)) compact += ch;
      else if (!/[\s-]/.test(ch)) break;
      i += 1;
    }
    const found = readPaymentReference(compact);
    if (found) return found;
    from = upper.indexOf(PAYMENT_REFERENCE_PREFIX, from + 1);
  }
  return undefined;
}

/** A receipt as the operator sees it. */
export const RECEIPT_STATES = ['matched', 'partly_paid', 'overpaid', 'unmatched'] as const;
export type ReceiptState = (typeof RECEIPT_STATES)[number];
export const RECEIPT_STATE_LABELS: Record<ReceiptState, string> = {
  matched: 'Matched',
  partly_paid: 'Partly paid',
  overpaid: 'Overpaid',
  unmatched: 'Unmatched',
};

/**
 * A receipt's state: unmatched without an invoice; overpaid when part of it stayed unallocated;
 * partly paid while its invoice still has an amount outstanding; matched otherwise.
 */
export function receiptState(r: {
  invoiceId: string | null;
  amountMinor: number;
  allocatedMinor: number;
  invoiceOutstandingMinor: number;
}): ReceiptState {
  if (!r.invoiceId) return 'unmatched';
  if (r.allocatedMinor < r.amountMinor) return 'overpaid';
  if (r.invoiceOutstandingMinor > 0) return 'partly_paid';
  return 'matched';
}

/** The calendar date `days` after the YYYY-MM-DD `day`. */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The last day an invoice's net may reach the freelancer's payable: RELEASE_DAYS after the later of
 * the day its payment was received in full and the day its work was approved (a milestone funded
 * before the work: the promise runs from approval). Both YYYY-MM-DD.
 */
export function releaseDeadline(receivedOn: string, approvedOn?: string | null): string {
  const from = approvedOn && approvedOn > receivedOn ? approvedOn : receivedOn;
  return addDays(from, RELEASE_DAYS);
}

/** Days left until `deadline` counted from `today` (negative: overdue). Both YYYY-MM-DD. */
export function daysUntil(deadline: string, today: string): number {
  return Math.round((Date.parse(`${deadline}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}
