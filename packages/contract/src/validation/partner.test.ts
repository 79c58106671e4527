import { describe, expect, test } from 'vitest';
import { PageViewBody, isPageViewPath } from '../api/analytics.ts';
import { PartnerRequestBody } from '../api/partners.ts';
import { PARTNER_MESSAGES, PartnerFormSchema, normalizeCompanyName } from './partner.ts';

const firstMessage = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) => r.error?.issues[0]?.message;

describe('the partner form', () => {
  test('both fields are required, with the field messages', () => {
    const r = PartnerFormSchema.safeParse({ companyName: '  ', companyEmail: '' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([PARTNER_MESSAGES.companyNameRequired, PARTNER_MESSAGES.companyEmailRequired]);
  });

  test('the email must look like an address', () => {
    expect(firstMessage(PartnerFormSchema.safeParse({ companyName: 'Acme', companyEmail: 'hr@acme' }))).toBe(
      PARTNER_MESSAGES.companyEmailInvalid,
    );
    expect(PartnerFormSchema.safeParse({ companyName: 'Acme', companyEmail: 'hr@acme.test' }).success).toBe(true);
  });

  test('the wire schema refuses the same things with catalogue codes', () => {
    expect(firstMessage(PartnerRequestBody.safeParse({ companyEmail: 'hr@acme.test' }))).toBe('TL_CORE_01005_E');
    expect(firstMessage(PartnerRequestBody.safeParse({ companyName: 'Acme' }))).toBe('TL_CORE_01001_E');
    expect(firstMessage(PartnerRequestBody.safeParse({ companyName: 'Acme', companyEmail: 'hr@acme' }))).toBe('TL_CORE_01007_E');
    expect(firstMessage(PartnerRequestBody.safeParse({ companyName: 'Acme\nCorp', companyEmail: 'hr@acme.test' }))).toBe('TL_CORE_00400_E');
  });

  test('company names compare with single spaces', () => {
    expect(normalizeCompanyName('  Blue   Harbor\tLabs ')).toBe('Blue Harbor Labs');
  });
});

describe('page-view paths', () => {
  test.each(['/', '/freelancer/dashboard', '/terms-condition', '/a%20b'])('%s is a path', (p) => expect(isPageViewPath(p)).toBe(true));
  test.each(['', 'login', '//evil.example', 'https://x.test/', '/a?b', '/a#b', '/a b', `/${'x'.repeat(200)}`])('%j is not', (p) =>
    expect(isPageViewPath(p)).toBe(false),
  );
  test('the referrer may be left out or null', () => {
    expect(PageViewBody.safeParse({ path: '/' }).success).toBe(true);
    expect(PageViewBody.safeParse({ path: '/', referrer: null }).success).toBe(true);
    expect(PageViewBody.safeParse({ path: '/', referrer: 'https://google.com/' }).success).toBe(false);
  });
});
