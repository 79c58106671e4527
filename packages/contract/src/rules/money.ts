// Money, one rule for both sides (issue 34). Every amount is an integer count of the currency's
// minor units (paise, cents) with its currency; arithmetic and formatting go through dinero.js so
// that no figure is ever a floating-point number of rupees or dollars. The platform fee is the
// terms' commission (LEGAL.commissionPercent) and is rounded by one rule, `splitFee`.
import { z } from 'zod';
import { type Dinero, EUR, GBP, INR, USD, dinero, halfUp, multiply, subtract, toDecimal, toSnapshot, transformScale } from 'dinero.js';
import { LEGAL } from '../limits.ts';

/** The currencies an engagement may be priced in, in the order the offer form lists them. */
export const CURRENCIES = ['INR', 'USD', 'EUR', 'GBP'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const currencySchema = z.enum(CURRENCIES, { message: 'Choose a currency from the list.' });

const DINERO_CURRENCY = { INR, USD, EUR, GBP } as const;

/** Decimal places of the currency's minor unit (2 for all four today; read, never assumed). */
export function minorUnitDigits(currency: Currency): number {
  const { exponent } = DINERO_CURRENCY[currency];
  return typeof exponent === 'number' ? exponent : Number(exponent);
}

/**
 * The largest single amount the product accepts (a rate, a milestone, an invoice line), in major
 * units of any currency: 10 million. Beyond it an entry is far more likely a typo than a contract.
 */
export const AMOUNT_MAX_MAJOR = 10_000_000;
export function amountMaxMinor(currency: Currency): number {
  return AMOUNT_MAX_MAJOR * 10 ** minorUnitDigits(currency);
}

/** The platform fee in basis points, from the terms' commission (15% -> 1500). */
export const PLATFORM_FEE_BPS = LEGAL.commissionPercent * 100;

export const MONEY_MESSAGES = {
  notANumber: 'Enter an amount in numbers, for example 1250.50.',
  negative: 'The amount cannot be negative.',
  zero: 'Enter an amount above zero.',
  tooManyDecimals: (currency: Currency) =>
    minorUnitDigits(currency) === 0
      ? `${currency} amounts have no decimal places.`
      : `${currency} amounts have at most ${minorUnitDigits(currency)} decimal places.`,
  tooLarge: (currency: Currency) => `The amount cannot be more than ${formatMoney(amountMaxMinor(currency), currency)}.`,
  currencyMismatch: "The amount must be in the engagement's currency.",
} as const;

/** An amount on the wire: integer minor units and the currency. */
export const moneySchema = z
  .object({
    amountMinor: z.number({ message: MONEY_MESSAGES.notANumber }).int({ message: MONEY_MESSAGES.notANumber }),
    currency: currencySchema,
  })
  .superRefine((value, ctx) => {
    const message = moneyProblem(value.amountMinor, value.currency);
    if (message) ctx.addIssue({ code: 'custom', message, path: ['amountMinor'] });
  });
export type Money = { amountMinor: number; currency: Currency };

/** Why an amount of minor units cannot be a price, or undefined when it can (positive, within the maximum). */
export function moneyProblem(amountMinor: number, currency: Currency): string | undefined {
  if (!Number.isSafeInteger(amountMinor)) return MONEY_MESSAGES.notANumber;
  if (amountMinor < 0) return MONEY_MESSAGES.negative;
  if (amountMinor === 0) return MONEY_MESSAGES.zero;
  if (amountMinor > amountMaxMinor(currency)) return MONEY_MESSAGES.tooLarge(currency);
  return undefined;
}

/**
 * Reads an amount typed in major units ("1250", "1,250.5", "1250.50") into minor units, refusing
 * what is not a plain positive decimal, more decimals than the currency has, zero and amounts beyond
 * the maximum. Digits are read as text, never through a float.
 */
export function parseAmount(text: string, currency: Currency): { amountMinor: number } | { error: string } {
  const cleaned = text.trim().replace(/[,\s]/g, '');
  if (cleaned.startsWith('-')) return { error: MONEY_MESSAGES.negative };
  const match = /^(\d+)(?:\.(\d*))?$/.exec(cleaned);
  if (!match) return { error: MONEY_MESSAGES.notANumber };
  const digits = minorUnitDigits(currency);
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > digits) return { error: MONEY_MESSAGES.tooManyDecimals(currency) };
  const whole = match[1] ?? '0';
  if (whole.replace(/^0+/, '').length > String(AMOUNT_MAX_MAJOR).length) return { error: MONEY_MESSAGES.tooLarge(currency) };
  const amountMinor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  const problem = moneyProblem(amountMinor, currency);
  return problem ? { error: problem } : { amountMinor };
}

function toDinero(amountMinor: number, currency: Currency): Dinero<number> {
  return dinero({ amount: amountMinor, currency: DINERO_CURRENCY[currency] });
}

function minorOf(value: Dinero<number>, currency: Currency): number {
  const scaled = transformScale(value, minorUnitDigits(currency), halfUp);
  return toSnapshot(scaled).amount;
}

/**
 * The fee rule: the fee is PLATFORM_FEE_BPS of the gross amount, rounded half up to the currency's
 * minor unit (0.5 paisa and above goes up); the net is the gross less that fee, so fee + net is
 * always exactly the gross. The fee is taken once per document (an invoice's total, a milestone),
 * never per line, so a week of many lines rounds once.
 */
export function splitFee(grossMinor: number, currency: Currency): { gross: number; fee: number; net: number } {
  const gross = toDinero(grossMinor, currency);
  const fee = minorOf(multiply(gross, { amount: PLATFORM_FEE_BPS, scale: 4 }), currency);
  const net = toSnapshot(subtract(gross, toDinero(fee, currency))).amount;
  return { gross: grossMinor, fee, net };
}

/**
 * The amount of a timesheet line: the hourly rate times the hours (in quarter hours), rounded half up
 * to the minor unit. A whole week's amount is the sum of its rounded lines.
 */
export function hoursAmount(quarterHours: number, rateMinor: number, currency: Currency): number {
  return minorOf(multiply(toDinero(rateMinor, currency), { amount: quarterHours * 25, scale: 2 }), currency);
}

/** The amount as a decimal string in major units ("1250.50"), for forms and PDFs' machine fields. */
export function toMajorString(amountMinor: number, currency: Currency): string {
  return toDecimal(toDinero(amountMinor, currency));
}

/** The amount written for people ("₹1,250.50", "$80.00"), in the given locale (English by default). */
export function formatMoney(amountMinor: number, currency: Currency, locale = 'en-US'): string {
  const digits = minorUnitDigits(currency);
  return toDecimal(toDinero(amountMinor, currency), ({ value }) =>
    new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(Number(value)),
  );
}
