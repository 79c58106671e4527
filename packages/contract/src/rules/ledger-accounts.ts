// The ledger's chart of accounts and its one rule (issue 34, decision 200). Every movement of money
// is one journal entry of two or more lines; a line is signed integer minor units of one currency
// on one account (debit positive, credit negative), and an entry sums to zero in each of its
// currencies. The database checks the same rule at commit (migration 0022); this is the code's side.
import type { Currency } from './money.ts';

/**
 * The accounts, with what a positive (debit) balance means:
 * - company_receivable: what companies owe on issued invoices (debit: owed to us)
 * - engagement_funds_held: milestone money funded and held for an engagement (credit: held)
 * - freelancer_earned_held: the freelancer's net for approved work, not yet released to them (credit:
 *   earned, held until the company's payment is received and released; decision 210)
 * - freelancer_payable: what is released to freelancers and payable now (credit: owed to them; payout
 *   batches pay out this balance and nothing else)
 * - platform_fee_revenue: the platform's 15% fee (credit: earned)
 * - cash_at_bank: the client-money account at the bank (debit: money there)
 * - receipts_unallocated: money received that no invoice has been assigned yet (credit: held for an
 *   unknown payer's invoice)
 * - payouts_in_transit: payouts sent, not yet confirmed
 */
export const LEDGER_ACCOUNTS = [
  'company_receivable',
  'engagement_funds_held',
  'freelancer_payable',
  'platform_fee_revenue',
  'cash_at_bank',
  'payouts_in_transit',
  'freelancer_earned_held',
  'receipts_unallocated',
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/** What a journal entry records. */
export const JOURNAL_KINDS = [
  /** an hourly week's invoice: the company owes the gross, the freelancer is owed the net, the fee is earned */
  'invoice_work',
  /** a milestone's funding invoice: the company owes the gross, held for the engagement */
  'invoice_milestone_funding',
  /** an approved milestone: the held funds become the freelancer's net and the platform's fee */
  'milestone_release',
  /** a credit note: the exact reverse of its invoice's entry */
  'credit_note',
  /** money received at the bank: cash at bank against the invoice's receivable (and any excess or unmatched part unallocated) */
  'receipt',
  /** an operator assigns an unmatched receipt to an invoice: unallocated against the receivable */
  'receipt_allocation',
  /** an invoice's net released to the freelancer: earned-held to payable (decision 210) */
  'release',
  /** a payout line sent to the bank (issue 35): freelancer_payable to payouts_in_transit */
  'payout_sent',
  /** a payout line the bank paid: payouts_in_transit to cash_at_bank */
  'payout_paid',
  /** a payout line the bank returned: payouts_in_transit back to freelancer_payable */
  'payout_returned',
  /** a dispute's refund that is not a credit note (a split's refunded part, or a refund after release): decision 248 */
  'dispute_refund',
] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];

export type JournalLineAmount = { account: LedgerAccount; currency: Currency; amountMinor: number };

/** The sum of an entry's lines per currency. */
export function sumsByCurrency(lines: readonly JournalLineAmount[]): Map<Currency, number> {
  const sums = new Map<Currency, number>();
  for (const line of lines) sums.set(line.currency, (sums.get(line.currency) ?? 0) + line.amountMinor);
  return sums;
}

/**
 * Why lines cannot be one journal entry, or undefined when they can: at least two lines, each a
 * non-zero safe integer, summing to zero in every currency.
 */
export function entryProblem(lines: readonly JournalLineAmount[]): string | undefined {
  if (lines.length < 2) return 'A journal entry needs at least two lines.';
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amountMinor) || line.amountMinor === 0)
      return 'Every journal line is a non-zero whole number of minor units.';
    if (!LEDGER_ACCOUNTS.includes(line.account)) return `Unknown ledger account ${String(line.account)}.`;
  }
  for (const [currency, sum] of sumsByCurrency(lines)) {
    if (sum !== 0) return `The entry does not balance in ${currency}: its lines sum to ${sum}.`;
  }
  return undefined;
}
