import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

// Where a freelancer's payouts go (issue 35, decision 215): an account holder and either an IBAN with
// its BIC (checked by ibantools: country length and the mod-97 check digits) or an Indian account
// number with its IFSC (checked by format: 4 letters, a zero, 6 letters or digits). One rule for the
// form and the server. Saved details are shown masked everywhere but the payout file.

export const PAYOUT_METHODS = ['iban', 'india'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

export const PAYOUT_METHOD_LABELS: Record<PayoutMethod, string> = {
  iban: 'IBAN and BIC',
  india: 'Indian account number and IFSC',
};

export const PAYOUT_DETAIL_MESSAGES = {
  ibanRequired: 'Enter the IBAN.',
  ibanInvalid: 'This IBAN is not valid: check its country code, length and check digits.',
  bicRequired: 'Enter the BIC (SWIFT code).',
  bicInvalid: 'A BIC has 8 or 11 letters and digits, for example DEUTDEFF or DEUTDEFF500.',
  accountNumberRequired: 'Enter the account number.',
  accountNumberInvalid: 'An Indian account number has 9 to 18 digits.',
  ifscRequired: 'Enter the IFSC.',
  ifscInvalid: 'An IFSC has 11 characters: 4 letters, a zero, then 6 letters or digits (for example HDFC0001234).',
} as const;

/** The IBAN as stored: upper case, no spaces. */
export function normalizeIban(value: string): string {
  return electronicFormatIBAN(value) ?? value.replace(/\s+/g, '').toUpperCase();
}

export function ibanProblem(value: string): string | undefined {
  const iban = normalizeIban(value);
  if (!iban) return PAYOUT_DETAIL_MESSAGES.ibanRequired;
  return isValidIBAN(iban) ? undefined : PAYOUT_DETAIL_MESSAGES.ibanInvalid;
}

export function normalizeBic(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

export function bicProblem(value: string): string | undefined {
  const bic = normalizeBic(value);
  if (!bic) return PAYOUT_DETAIL_MESSAGES.bicRequired;
  return isValidBIC(bic) ? undefined : PAYOUT_DETAIL_MESSAGES.bicInvalid;
}

export function normalizeAccountNumber(value: string): string {
  return value.replace(/[\s-]+/g, '');
}

export function accountNumberProblem(value: string): string | undefined {
  const number = normalizeAccountNumber(value);
  if (!number) return PAYOUT_DETAIL_MESSAGES.accountNumberRequired;
  return /^\d{9,18}$/.test(number) ? undefined : PAYOUT_DETAIL_MESSAGES.accountNumberInvalid;
}

export function normalizeIfsc(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

export function ifscProblem(value: string): string | undefined {
  const ifsc = normalizeIfsc(value);
  if (!ifsc) return PAYOUT_DETAIL_MESSAGES.ifscRequired;
  return /^[A-Z]{4}0[A-Z0-9]{6}$/.test(ifsc) ? undefined : PAYOUT_DETAIL_MESSAGES.ifscInvalid;
}

/**
 * An account number as every list and export shows it: the last 4 characters only, the rest as
 * bullets (an IBAN keeps its country code, so a reader knows where it goes).
 */
export function maskAccount(value: string): string {
  const plain = value.replace(/\s+/g, '');
  const last = plain.slice(-4);
  if (/^[A-Z]{2}\d{2}/.test(plain)) return `${plain.slice(0, 2)}•• •••• ${last}`;
  return `•••• ${last}`;
}
