import type { PaymentTimeline } from '@talentloop/contract/api/receipts';
import type { Side } from './api/get-documents.ts';
import { formatLongDay, money } from './format.ts';

// When an invoice's money moves (issue 35): received from the company, released to the freelancer's
// payable, paid out to them. Each step says the day it happened, or the day it is expected, so 'when
// do I get paid?' always has a dated answer.

function step(label: string, on: string | null, expected: string | null, waiting: string): string {
  if (on) return `${label} on ${formatLongDay(on)}`;
  if (expected) return `${label}: expected by ${formatLongDay(expected)}`;
  return `${label}: ${waiting}`;
}

export function PaymentDates({ payment, side }: { payment: PaymentTimeline | undefined; side: Side }) {
  if (!payment) return null;
  const partly = !payment.receivedOn && payment.receivedMinor > 0 ? ` (${money(payment.receivedMinor, payment.currency)} so far)` : '';
  const steps = [
    `${step('Received', payment.receivedOn, payment.receivedExpectedOn, 'not yet')}${partly}`,
    step('Released', payment.releasedOn, payment.releaseExpectedOn, 'after the work is approved and paid'),
    step(side === 'freelancer' ? 'Paid to you' : 'Paid to the freelancer', payment.paidOn, payment.paidExpectedOn, 'after release'),
  ];
  return (
    <>
      <ol className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-muted" aria-label={`Payment of ${payment.number}`}>
        {steps.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ol>
      {payment.holdReason && !payment.releasedOn && <p className="font-medium text-ink">Release suspended: {payment.holdReason}</p>}
    </>
  );
}
