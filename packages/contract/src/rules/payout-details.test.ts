import { describe, expect, test } from 'vitest';
import { accountNumberProblem, bicProblem, ibanProblem, ifscProblem, maskAccount, normalizeIban } from './payout-details.ts';

describe('IBAN and BIC', () => {
  test('valid IBANs from several countries pass, written with spaces or in lower case', () => {
    for (const iban of ['DE89 3704 0044 0532 0130 00', 'fr1420041010050500013m02606', 'GB29NWBK60161331926819', 'NL91ABNA0417164300']) {
      expect(ibanProblem(iban)).toBeUndefined();
    }
    expect(normalizeIban('de89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000');
  });
  test('a wrong check digit, a wrong length, an unknown country or nothing is refused', () => {
    expect(ibanProblem('DE89370400440532013001')).toMatch(/not valid/);
    expect(ibanProblem('DE8937040044053201300')).toMatch(/not valid/);
    expect(ibanProblem('XX89370400440532013000')).toMatch(/not valid/);
    expect(ibanProblem('  ')).toBe('Enter the IBAN.');
  });
  test('a BIC has 8 or 11 characters with a real country', () => {
    expect(bicProblem('DEUTDEFF')).toBeUndefined();
    expect(bicProblem('deutdeff500')).toBeUndefined();
    expect(bicProblem('DEUTDEF')).toMatch(/8 or 11/);
    expect(bicProblem('DEUTXXFF')).toMatch(/8 or 11/);
    expect(bicProblem('')).toMatch(/Enter the BIC/);
  });
});

describe('Indian account number and IFSC', () => {
  test('an IFSC is 4 letters, a zero and 6 letters or digits', () => {
    expect(ifscProblem('HDFC0001234')).toBeUndefined();
    expect(ifscProblem('sbin0a1b2c3')).toBeUndefined();
    expect(ifscProblem('HDFC1001234')).toMatch(/4 letters, a zero/);
    expect(ifscProblem('HDF00001234')).toMatch(/4 letters, a zero/);
    expect(ifscProblem('HDFC000123')).toMatch(/4 letters, a zero/);
    expect(ifscProblem('')).toBe('Enter the IFSC.');
  });
  test('an account number has 9 to 18 digits', () => {
    expect(accountNumberProblem('123456789')).toBeUndefined();
    expect(accountNumberProblem('1234 5678 9012 345678')).toBeUndefined();
    expect(accountNumberProblem('12345678')).toMatch(/9 to 18/);
    expect(accountNumberProblem('1234567890123456789')).toMatch(/9 to 18/);
    expect(accountNumberProblem('12345678A')).toMatch(/9 to 18/);
  });
});

describe('masking', () => {
  test('only the last 4 characters show; an IBAN keeps its country', () => {
    expect(maskAccount('DE89370400440532013000')).toBe('DE•• •••• 3000');
    expect(maskAccount('123456789012')).toBe('•••• 9012');
    expect(maskAccount('DE89370400440532013000')).not.toContain('0532');
  });
});
