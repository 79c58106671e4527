import { describe, expect, test } from 'vitest';
import { InstantVerificationBody, VERIFICATION_MESSAGES as M } from './company-verification.ts';

const ok = { companyName: 'Acme Labs', businessRegistrationNumber: '27AAPFU0939F1ZV', country: 'in' };
const firstMessage = (body: unknown) => InstantVerificationBody.safeParse(body).error?.issues[0]?.message;

describe('instant verification body', () => {
  test('accepts letters, digits and the separators registries print, and upper-cases the country', () => {
    expect(InstantVerificationBody.parse(ok)).toEqual({ ...ok, country: 'IN' });
    for (const n of ['GB 980 7806 84', '11.222.333/0001-81', '04-3544210', 'SC123456']) {
      expect(InstantVerificationBody.safeParse({ ...ok, businessRegistrationNumber: n }).success, n).toBe(true);
    }
  });

  test('refuses a missing number, other characters, an over-long number, a missing name or country', () => {
    expect(firstMessage({ ...ok, businessRegistrationNumber: '  ' })).toBe(M.numberRequired);
    expect(firstMessage({ ...ok, businessRegistrationNumber: '123<script>' })).toBe(M.numberCharacters);
    expect(firstMessage({ ...ok, businessRegistrationNumber: '1'.repeat(41) })).toBe(M.numberTooLong);
    expect(firstMessage({ ...ok, companyName: '' })).toBe(M.companyNameRequired);
    expect(firstMessage({ ...ok, country: '' })).toBe(M.countryRequired);
  });
});
