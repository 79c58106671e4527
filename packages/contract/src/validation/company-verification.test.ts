import { describe, expect, test } from 'vitest';
import {
  DocumentVerificationFields,
  InstantVerificationBody,
  VERIFICATION_MESSAGES as M,
  RejectVerificationBody,
} from './company-verification.ts';

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

describe('document verification fields', () => {
  const fields = { businessRegistrationNumber: '04-3544210', documentType: 'business-license', country: 'us' };
  const messageOf = (body: unknown) => DocumentVerificationFields.safeParse(body).error?.issues[0]?.message;

  test('accepts one of the four document types and upper-cases the country', () => {
    expect(DocumentVerificationFields.parse(fields)).toEqual({ ...fields, country: 'US' });
  });

  test('names the missing or unknown field with the spec message', () => {
    expect(messageOf({ ...fields, businessRegistrationNumber: '' })).toBe(M.numberRequired);
    expect(messageOf({ ...fields, documentType: '' })).toBe(M.documentTypeRequired);
    expect(messageOf({ ...fields, documentType: undefined })).toBe(M.documentTypeRequired);
    expect(messageOf({ ...fields, documentType: 'passport' })).toBe(M.documentTypeInvalid);
    expect(messageOf({ ...fields, country: '' })).toBe(M.countryRequired);
  });

  test('a rejection needs a reason of at most 500 characters', () => {
    expect(RejectVerificationBody.safeParse({ reason: '  ' }).error?.issues[0]?.message).toBe(M.reasonRequired);
    expect(RejectVerificationBody.safeParse({ reason: 'x'.repeat(501) }).success).toBe(false);
    expect(RejectVerificationBody.parse({ reason: ' Unreadable scan. ' })).toEqual({ reason: 'Unreadable scan.' });
  });
});
