import { describe, expect, it } from 'vitest';
import { CURRENCIES, amountMaxMinor, formatMoney, hoursAmount, minorUnitDigits, parseAmount, splitFee, toMajorString } from './money.ts';

describe('the fee rule (15%, half up to the minor unit, net = gross - fee)', () => {
  it.each([
    // gross, fee, net  (minor units)
    [100_00, 15_00, 85_00],
    [1, 0, 1], // 0.15 of a minor unit rounds down
    [3, 0, 3], // 0.45 rounds down
    [4, 1, 3], // 0.60 rounds up
    [10, 2, 8], // 1.5 rounds half up
    [30, 5, 25], // 4.5 rounds half up
    [33_33, 5_00, 28_33], // 499.95 -> 500
    [99_999_99, 15_00_000, 84_99_999], // 1499999.85 -> 1500000
  ])('%i minor units: fee %i, net %i, in every currency', (gross, fee, net) => {
    for (const currency of CURRENCIES) {
      const split = splitFee(gross, currency);
      expect(split).toEqual({ gross, fee, net });
      expect(split.fee + split.net).toBe(gross);
    }
  });

  it('never loses or makes a minor unit over a range of amounts', () => {
    for (let gross = 1; gross <= 5000; gross++) {
      const { fee, net } = splitFee(gross, 'INR');
      expect(fee + net).toBe(gross);
      expect(Math.abs(fee - (gross * 15) / 100)).toBeLessThanOrEqual(0.5);
    }
  });
});

describe('amounts of hours', () => {
  it.each([
    [4, 80_00, 80_00], // 1 h at 80.00
    [1, 80_00, 20_00], // a quarter hour
    [3, 33_33, 25_00], // 0.75 h x 33.33 = 24.9975 -> 25.00
    [1, 1, 0], // 0.25 of a minor unit
    [2, 1, 1], // 0.5 rounds half up
    [96, 1000_00, 24_000_00], // a 24-hour day
  ])('%i quarter hours at %i is %i', (quarters, rate, amount) => {
    expect(hoursAmount(quarters, rate, 'USD')).toBe(amount);
  });
});

describe('reading a typed amount', () => {
  it.each([
    ['1250', 125_000],
    ['1,250.5', 125_050],
    [' 1250.50 ', 125_050],
    ['0.01', 1],
    ['10000000', 1_000_000_000],
    ['1250.500', 125_050],
  ])('%s is %i minor units', (text, amountMinor) => {
    expect(parseAmount(text, 'INR')).toEqual({ amountMinor });
  });

  it.each([
    ['-5', 'The amount cannot be negative.'],
    ['0', 'Enter an amount above zero.'],
    ['0.00', 'Enter an amount above zero.'],
    ['1.234', 'INR amounts have at most 2 decimal places.'],
    ['abc', 'Enter an amount in numbers, for example 1250.50.'],
    ['1e5', 'Enter an amount in numbers, for example 1250.50.'],
    ['10000000.01', 'The amount cannot be more than ₹10,000,000.00.'],
    ['999999999999999999999', 'The amount cannot be more than ₹10,000,000.00.'],
  ])('%s is refused: %s', (text, error) => {
    expect(parseAmount(text, 'INR')).toEqual({ error });
  });

  it('knows each currency has two decimal places and its maximum', () => {
    for (const currency of CURRENCIES) {
      expect(minorUnitDigits(currency)).toBe(2);
      expect(amountMaxMinor(currency)).toBe(1_000_000_000);
    }
  });
});

describe('writing amounts', () => {
  it('formats with the currency sign and decimals, and as a plain decimal', () => {
    expect(formatMoney(125_050, 'INR')).toBe('₹1,250.50');
    expect(formatMoney(8000, 'USD')).toBe('$80.00');
    expect(formatMoney(5, 'EUR')).toBe('€0.05');
    expect(formatMoney(123_456_78, 'GBP')).toBe('£123,456.78');
    expect(toMajorString(125_050, 'INR')).toBe('1250.50');
  });
});
