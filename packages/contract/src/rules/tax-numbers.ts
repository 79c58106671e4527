// Tax numbers on invoices (issue 34, decision 202): where a country has a scheme we check, the
// number is checked by its format and its check digits, the same rule on both sides.
// - India: the GSTIN, 15 characters: a 2-digit state code, the holder's PAN (5 letters, 4 digits, a
//   letter), an entity number (1-9 or A-Z), 'Z', and a mod-36 check character.
// - The EU's 27 member states: the VAT number with its country prefix (EL for Greece), checked by
//   the `jsvat` package (each country's format and check-digit algorithm).
// The number is optional (a business below its country's registration threshold has none); when
// given it must pass. Other countries take no tax number (nothing to check it against).
import { checkVAT, countries as vatCountries } from 'jsvat';

export const EU_VAT_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
] as const;

export type TaxScheme = 'gstin' | 'eu_vat';

/** The scheme a country's tax numbers are checked by, or null when the form asks for none. */
export function taxSchemeOf(country: string | null | undefined): TaxScheme | null {
  const code = (country ?? '').trim().toUpperCase();
  if (code === 'IN') return 'gstin';
  if ((EU_VAT_COUNTRIES as readonly string[]).includes(code)) return 'eu_vat';
  return null;
}

export const TAX_NUMBER_LABELS: Record<TaxScheme, string> = { gstin: 'GSTIN', eu_vat: 'VAT number' };

export const TAX_NUMBER_MESSAGES = {
  notForCountry: 'A tax number is only taken for India (GSTIN) and EU countries (VAT number). Leave it empty.',
  gstinFormat:
    'A GSTIN has 15 characters: the state code, the PAN, the entity number, Z and a check character (for example 29AAGCA1234A1Z5).',
  gstinState: 'The GSTIN must start with a valid Indian state code (01 to 38, or 97).',
  gstinCheck: "This GSTIN's last character does not match: check it for a typing mistake.",
  vatFormat: (country: string) => `Enter the VAT number as it appears on your VAT registration, starting with ${vatPrefix(country)}.`,
  vatCheck: 'This VAT number is not valid: check it for a typing mistake.',
} as const;

const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const GSTIN_PATTERN = /^(\d{2})([A-Z]{5}\d{4}[A-Z])([1-9A-Z])Z([0-9A-Z])$/;

/** The check character of a GSTIN's first 14 characters (weights 1, 2 alternating; mod 36). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = BASE36.indexOf(first14[i] as string) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return BASE36[(36 - (sum % 36)) % 36] as string;
}

function gstinProblem(value: string): string | undefined {
  const match = GSTIN_PATTERN.exec(value);
  if (!match) return TAX_NUMBER_MESSAGES.gstinFormat;
  const state = Number(match[1]);
  if (!((state >= 1 && state <= 38) || state === 97)) return TAX_NUMBER_MESSAGES.gstinState;
  if (gstinCheckCharacter(value.slice(0, 14)) !== value[14]) return TAX_NUMBER_MESSAGES.gstinCheck;
  return undefined;
}

/** The VAT prefix of an EU country (Greece's is EL). */
export function vatPrefix(country: string): string {
  return country === 'GR' ? 'EL' : country;
}

/** The number as stored and printed: upper case, without spaces, dots or dashes; an EU VAT number with its prefix. */
export function normalizeTaxNumber(country: string, value: string): string {
  const compact = value.toUpperCase().replace(/[\s.\-/]/g, '');
  if (taxSchemeOf(country) !== 'eu_vat') return compact;
  const prefix = vatPrefix(country.toUpperCase());
  return compact.startsWith(prefix) ? compact : `${prefix}${compact}`;
}

/** What is wrong with a tax number for a country, or undefined when it passes (normalised first). */
export function taxNumberProblem(country: string, value: string): string | undefined {
  const scheme = taxSchemeOf(country);
  if (!scheme) return TAX_NUMBER_MESSAGES.notForCountry;
  const number = normalizeTaxNumber(country, value);
  if (scheme === 'gstin') return gstinProblem(number);
  const code = country.toUpperCase();
  if (!/^[A-Z]{2}[0-9A-Z+*]{2,13}$/.test(number)) return TAX_NUMBER_MESSAGES.vatFormat(code);
  const result = checkVAT(number, vatCountries);
  if (!result.isValidFormat) return TAX_NUMBER_MESSAGES.vatFormat(code);
  if (!result.isValid || result.country?.isoCode.short !== code) return TAX_NUMBER_MESSAGES.vatCheck;
  return undefined;
}
