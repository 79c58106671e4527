import { describe, expect, it } from 'vitest';
import { paymentReferenceFrom } from './payment-reference.ts';
import { RELEASE_DAYS, daysUntil, receiptState, referenceIn, releaseDeadline } from './receipts.ts';

// Reading a bank line's remittance text (issue 35): the ways people mistype a payment reference.
const ref = paymentReferenceFrom([1, 2, 3, 4, 5, 6, 7, 8]);
const body = ref.replace(/^TL-/, '').replace(/-/g, '');

describe('referenceIn', () => {
  it('finds the reference as printed', () => {
    expect(referenceIn(ref)).toBe(ref);
  });
  it.each([
    ['lower case', ref.toLowerCase()],
    ['no hyphens', ref.replace(/-/g, '')],
    ['one hyphen missing', ref.replace('-', '')],
    ['spaces instead of hyphens', ref.replace(/-/g, ' ')],
    ['spaces everywhere', ref.split('').join(' ')],
    ['surrounded by spaces', `   ${ref}  `],
    ['inside a longer text', `Invoice payment ${ref.toLowerCase()} thank you`],
    ['inside text without hyphens', `INV ${`TL${body}`} MARCH`],
    ['O typed for 0 and I for 1', ref.replace(/0/g, 'O').replace(/1/g, 'I')],
  ])('reads it with %s', (_, typed) => {
    expect(referenceIn(typed)).toBe(ref);
  });
  it('does not guess a reference with a wrong character or a swap', () => {
    const wrong = `${ref.slice(0, 5)}${ref[5] === 'Z' ? 'Y' : 'Z'}${ref.slice(6)}`;
    expect(referenceIn(wrong)).toBeUndefined();
    const swapped = `${ref.slice(0, 3)}${ref[4]}${ref[3]}${ref.slice(5)}`;
    expect(referenceIn(swapped)).toBeUndefined();
  });
  it('finds nothing in text without one', () => {
    expect(referenceIn('')).toBeUndefined();
    expect(referenceIn(undefined)).toBeUndefined();
    expect(referenceIn('Salary March TL')).toBeUndefined();
    expect(referenceIn(`${ref.slice(0, -1)}`)).toBeUndefined();
  });
});

describe('the 7-day release promise', () => {
  it('is 7 days after receipt', () => {
    expect(RELEASE_DAYS).toBe(7);
    expect(releaseDeadline('2026-11-28')).toBe('2026-12-05');
    expect(releaseDeadline('2026-12-28')).toBe('2027-01-04');
    expect(releaseDeadline('2028-02-25')).toBe('2028-03-03');
  });
  it('runs from approval when the work was approved after the money arrived', () => {
    expect(releaseDeadline('2026-11-01', '2026-11-20')).toBe('2026-11-27');
    expect(releaseDeadline('2026-11-20', '2026-11-01')).toBe('2026-11-27');
  });
  it('counts the days left, negative when overdue', () => {
    expect(daysUntil('2026-12-05', '2026-11-28')).toBe(7);
    expect(daysUntil('2026-12-05', '2026-12-06')).toBe(-1);
  });
});

describe('receiptState', () => {
  const base = { invoiceId: 'i', amountMinor: 100, allocatedMinor: 100, invoiceOutstandingMinor: 0 };
  it('names each state', () => {
    expect(receiptState({ ...base, invoiceId: null, allocatedMinor: 0 })).toBe('unmatched');
    expect(receiptState(base)).toBe('matched');
    expect(receiptState({ ...base, invoiceOutstandingMinor: 50 })).toBe('partly_paid');
    expect(receiptState({ ...base, allocatedMinor: 60 })).toBe('overpaid');
  });
});
