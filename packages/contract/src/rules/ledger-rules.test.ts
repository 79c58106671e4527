import { describe, expect, test } from 'vitest';
import { documentNumber, yearOf } from './invoice-numbers.ts';
import { type JournalLineAmount, entryProblem, sumsByCurrency } from './ledger-accounts.ts';
import { paymentReferenceFrom, readPaymentReference } from './payment-reference.ts';

const line = (
  amountMinor: number,
  currency: JournalLineAmount['currency'] = 'INR',
  account: JournalLineAmount['account'] = 'company_receivable',
): JournalLineAmount => ({
  account,
  currency,
  amountMinor,
});

describe("the journal's zero-sum rule", () => {
  test.each([
    [
      'a balanced three-line entry',
      [line(10_000), line(-8_500, 'INR', 'freelancer_payable'), line(-1_500, 'INR', 'platform_fee_revenue')],
      undefined,
    ],
    ['two currencies, each balanced', [line(100), line(-100), line(7, 'USD'), line(-7, 'USD')], undefined],
    ['off by one minor unit', [line(100), line(-99)], /does not balance in INR/],
    ['zero overall but not per currency', [line(100), line(-100, 'USD')], /does not balance/],
    ['one line', [line(0)], /at least two/],
    ['no lines', [], /at least two/],
    ['a zero line', [line(0), line(0)], /non-zero/],
    ['a fraction', [line(0.5), line(-0.5)], /non-zero whole/],
    ['an unsafe integer', [line(2 ** 60), line(-(2 ** 60))], /non-zero whole/],
  ] as const)('%s', (_name, lines, expected) => {
    const problem = entryProblem(lines as readonly JournalLineAmount[]);
    if (expected === undefined) expect(problem).toBeUndefined();
    else expect(problem).toMatch(expected);
  });

  test('sums per currency', () => {
    expect(sumsByCurrency([line(5), line(-3), line(2, 'EUR')])).toEqual(
      new Map([
        ['INR', 2],
        ['EUR', 2],
      ]),
    );
  });
});

describe('document numbers', () => {
  test('per kind, year and sequence, padded to four digits', () => {
    expect(documentNumber('invoice', 2026, 1)).toBe('INV-2026-0001');
    expect(documentNumber('credit_note', 2027, 12345)).toBe('CN-2027-12345');
    expect(() => documentNumber('invoice', 2026, 0)).toThrow();
    expect(yearOf('2026-12-31')).toBe(2026);
    expect(() => yearOf('31/12/2026')).toThrow();
  });
});

describe('payment references', () => {
  const ref = paymentReferenceFrom([1, 2, 3, 4, 5, 6, 7, 8]);
  test('printed in groups with a check character, read back however typed', () => {
    expect(ref).toMatch(/^TL-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]$/);
    expect(readPaymentReference(ref)).toBe(ref);
    expect(readPaymentReference(` ${ref.toLowerCase().replace(/-/g, ' ')} `)).toBe(ref);
    expect(readPaymentReference(ref.replace(/-/g, ''))).toBe(ref);
  });

  test('every single mistyped character is caught', () => {
    const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
    for (let trial = 0; trial < 200; trial++) {
      const values = Array.from({ length: 8 }, (_, i) => (trial * 7 + i * 13 + trial * i) % 32);
      const good = paymentReferenceFrom(values);
      const compact = good.replace(/-/g, '');
      for (let pos = 2; pos < compact.length; pos++) {
        for (const ch of alphabet) {
          if (ch === compact[pos]) continue;
          const typo = compact.slice(0, pos) + ch + compact.slice(pos + 1);
          expect(readPaymentReference(typo), typo).toBeUndefined();
        }
      }
    }
  });

  test('refuses what is not a reference', () => {
    for (const typed of ['', 'TL', 'XX-0123-4567-8', `${ref}X`, 'TL-0123-456U-0']) expect(readPaymentReference(typed)).toBeUndefined();
    expect(() => paymentReferenceFrom([1, 2, 3])).toThrow();
    expect(() => paymentReferenceFrom([32, 0, 0, 0, 0, 0, 0, 0])).toThrow();
  });
});
