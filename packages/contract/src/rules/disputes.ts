// Disputes (issue 35, decisions 246-248): one rule for both sides of when an invoice can be
// disputed, what a dispute may be about, and how a split decision divides the disputed invoice.
import { type Currency, splitFee } from './money.ts';

/** The terms' dispute window: an invoice can be disputed until this many days after its issue date (that day included). */
export const DISPUTE_WINDOW_DAYS = 30;

function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The last day (YYYY-MM-DD) an invoice issued on `issueDate` can be disputed. */
export function disputeWindowEnd(issueDate: string): string {
  return addDays(issueDate, DISPUTE_WINDOW_DAYS);
}

/** Whether an invoice issued on `issueDate` can still be disputed on `today` (both YYYY-MM-DD, UTC days). */
export function withinDisputeWindow(issueDate: string, today: string): boolean {
  return today >= issueDate && today <= disputeWindowEnd(issueDate);
}

/** What is disputed: the invoice as a whole, or the work it bills (the week's hours or the milestone). */
export const DISPUTE_SUBJECTS = ['invoice', 'timesheet', 'milestone'] as const;
export type DisputeSubject = (typeof DISPUTE_SUBJECTS)[number];
export const DISPUTE_SUBJECT_LABELS: Record<DisputeSubject, string> = {
  invoice: 'The invoice',
  timesheet: 'The week’s hours',
  milestone: 'The milestone',
};

/** A dispute's life: opened by one side, answered by the other, decided by an operator. */
export const DISPUTE_STATUSES = ['open', 'answered', 'decided'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
export const DISPUTE_STATUS_LABELS: Record<DisputeStatus, string> = {
  open: 'Waiting for the other side',
  answered: 'Waiting for a decision',
  decided: 'Decided',
};

/** An operator's decision: release the money to the freelancer, refund the company (a credit note), or split. */
export const DISPUTE_OUTCOMES = ['release', 'refund', 'split'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];
export const DISPUTE_OUTCOME_LABELS: Record<DisputeOutcome, string> = {
  release: 'Released to the freelancer',
  refund: 'Refunded to the company',
  split: 'Split',
};

/** A dispute's reason and an answer: at least this many characters, at most the other. */
export const DISPUTE_TEXT_MIN = 10;
export const DISPUTE_TEXT_MAX = 4000;
/** Files attached to a dispute or an answer, at most. */
export const DISPUTE_FILES_MAX = 5;

export type DisputeSplit = {
  /** What the company gets back (gross, as billed). */
  refundGross: number;
  /** The platform fee on that part, given back with it. */
  refundFee: number;
  /** The freelancer's net on that part, not released. */
  refundNet: number;
  /** The freelancer's net released. */
  releaseNet: number;
};

/**
 * How a split divides an invoice of `grossMinor` when `refundGrossMinor` of it goes back to the
 * company: the fee rule (splitFee) applied to the refunded part, so the fee given back is what the
 * fee on that part would be, and the rest of the invoice's net is released. Undefined when the
 * refund is not strictly between nothing and the whole invoice (use release or refund then).
 * Every minor unit is accounted for: refundNet + releaseNet = the invoice's net.
 */
export function splitDisputed(
  grossMinor: number,
  netMinor: number,
  refundGrossMinor: number,
  currency: Currency,
): DisputeSplit | undefined {
  if (!Number.isSafeInteger(refundGrossMinor) || refundGrossMinor <= 0 || refundGrossMinor >= grossMinor) return undefined;
  const part = splitFee(refundGrossMinor, currency);
  // The invoice's own fee bounds what can be given back (its fee was rounded once on the whole).
  const refundFee = Math.min(part.fee, grossMinor - netMinor);
  const refundNet = refundGrossMinor - refundFee;
  if (refundNet > netMinor) return undefined;
  return { refundGross: refundGrossMinor, refundFee, refundNet, releaseNet: netMinor - refundNet };
}
