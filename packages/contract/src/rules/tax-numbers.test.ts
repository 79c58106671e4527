import { describe, expect, test } from 'vitest';
import { TAX_NUMBER_MESSAGES as M, gstinCheckCharacter, normalizeTaxNumber, taxNumberProblem, taxSchemeOf } from './tax-numbers.ts';

describe('tax numbers by country', () => {
  test('the schemes: India GSTIN, the EU 27 VAT, none elsewhere', () => {
    expect(taxSchemeOf('IN')).toBe('gstin');
    expect(taxSchemeOf('de')).toBe('eu_vat');
    expect(taxSchemeOf('GR')).toBe('eu_vat');
    for (const none of ['US', 'GB', 'CH', 'NO', '', null]) expect(taxSchemeOf(none)).toBeNull();
  });

  test('the GSTIN check character (mod 36)', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(gstinCheckCharacter('29AAGCA1234A1Z')).toBe('A');
  });

  test.each([
    ['IN', '27AAPFU0939F1ZV', undefined],
    ['IN', '27aapfu0939f1zv', undefined],
    ['IN', '27AAPFU0939F1ZA', M.gstinCheck],
    ['IN', '27AAPFU0939F1Y V', M.gstinFormat],
    ['IN', '00AAPFU0939F1ZV', M.gstinState],
    ['IN', '39AAPFU0939F1ZV', M.gstinState],
    ['DE', 'DE136695976', undefined],
    ['DE', '136695976', undefined],
    ['DE', 'DE 136.695.976', undefined],
    ['DE', 'DE136695975', M.vatCheck],
    ['FR', 'FR40303265045', undefined],
    ['FR', 'FR40303265046', M.vatCheck],
    ['GR', 'EL094014201', undefined],
    ['IE', 'IE6388047V', undefined],
    ['DE', 'FR40303265045', M.vatFormat('DE')],
    ['US', '123456789', M.notForCountry],
  ] as const)('%s %s', (country, value, expected) => {
    expect(taxNumberProblem(country, value)).toBe(expected);
  });

  test('normalised as printed', () => {
    expect(normalizeTaxNumber('GR', '094014201')).toBe('EL094014201');
    expect(normalizeTaxNumber('DE', 'de 136-695-976')).toBe('DE136695976');
    expect(normalizeTaxNumber('IN', ' 27aapfu0939f1zv ')).toBe('27AAPFU0939F1ZV');
  });
});
