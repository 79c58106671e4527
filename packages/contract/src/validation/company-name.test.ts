import { describe, expect, it } from 'vitest';
import { register } from '../api/auth.ts';
import { PartnerRequestBody } from '../api/partners.ts';
import { SignUpFormSchema } from './auth.ts';
import { CompanyBasicsBody } from './company.ts';
import { InstantVerificationBody } from './company-verification.ts';
import { COMPANY_NAME_MESSAGES, companyNameProblem, isCompanyName } from './names.ts';
import { PartnerFormSchema } from './partner.ts';

// Issue 32, decision 165: one company-name rule on every form and wire that takes a company's name.

const ACCEPTED = [
  '3M',
  'AT&T',
  'L’Oréal',
  "L'Oréal",
  'Müller & Söhne GmbH',
  'Procter & Gamble Co.',
  'Hewlett-Packard',
  'Tata Consultancy Services (TCS)',
  'Yahoo!',
  'Booking.com',
  '7-Eleven',
  'トヨタ自動車',
  'टाटा मोटर्स',
  'شركة أرامكو',
  'Самолёт',
  '株式会社 日立製作所',
  'A+E Networks',
  'Blue  Harbor Labs',
  'x'.repeat(100),
];
const REFUSED = [
  '<b>Acme</b>',
  'Acme <script>',
  'https://acme.example',
  'acme http://evil.example',
  'www.acme.example',
  'javascript:alert(1)',
  'Acme\u0000',
  'Acme\nCorp',
  'Acme\u202E',
  'Acme@mail',
  '---',
  '&',
  'x'.repeat(101),
];

const signUpForm = {
  userType: 'client',
  firstName: 'Asha',
  lastName: 'Rao',
  emailId: 'asha@example.com',
  password: 'Str0ng!pass',
  confirmPassword: 'Str0ng!pass',
  terms: true,
};
const signUpWire = { firstName: 'Asha', lastName: 'Rao', emailId: 'asha@example.com', password: 'Str0ng!pass', userType: 'client' };
const basics = {
  industry: 'Retail',
  companySize: 'small-business',
  country: 'IN',
  aboutCompany: '',
  websiteUrl: 'https://acme.example',
};

/** Every form and wire schema that takes a company's name, each asked about one name. */
const SCHEMAS: Array<[string, (name: string) => boolean]> = [
  ['sign-up form', (name) => SignUpFormSchema.safeParse({ ...signUpForm, company: name }).success],
  ['POST /user/register', (name) => register.body.safeParse({ ...signUpWire, company: name }).success],
  ['company profile (form and wire)', (name) => CompanyBasicsBody.safeParse({ ...basics, companyName: name }).success],
  [
    'verification request (form and wire)',
    (name) => InstantVerificationBody.safeParse({ companyName: name, businessRegistrationNumber: 'U12345', country: 'IN' }).success,
  ],
  ['partner form', (name) => PartnerFormSchema.safeParse({ companyName: name, companyEmail: 'hr@acme.example' }).success],
  ['POST partner request', (name) => PartnerRequestBody.safeParse({ companyName: name, companyEmail: 'hr@acme.example' }).success],
];

describe('one company-name rule', () => {
  it.each(ACCEPTED)('takes %j', (name) => {
    expect(companyNameProblem(name)).toBeNull();
    expect(isCompanyName(name)).toBe(true);
  });
  it.each(REFUSED)('refuses %j', (name) => {
    expect(isCompanyName(name)).toBe(false);
  });
  it('says why: too long, or what a name may hold', () => {
    expect(companyNameProblem('x'.repeat(101))).toBe(COMPANY_NAME_MESSAGES.tooLong);
    expect(companyNameProblem('<b>Acme</b>')).toBe(COMPANY_NAME_MESSAGES.invalid);
    expect(COMPANY_NAME_MESSAGES.invalid).toMatch(/letters, digits/);
  });

  const rows = SCHEMAS.flatMap(([schema, parse]) => [
    ...ACCEPTED.map((name) => ({ schema, parse, name, takes: true })),
    ...REFUSED.map((name) => ({ schema, parse, name, takes: false })),
  ]);
  it.each(rows)('$schema: $name -> $takes', ({ parse, name, takes }) => {
    expect(parse(name)).toBe(takes);
  });

  it('the sign-up form and the company profile answer the same words', () => {
    const issue = (r: { error?: { issues: Array<{ message: string }> } }) => r.error?.issues[0]?.message;
    expect(issue(SignUpFormSchema.safeParse({ ...signUpForm, company: 'Acme <b>' }))).toBe(COMPANY_NAME_MESSAGES.invalid);
    expect(issue(CompanyBasicsBody.safeParse({ ...basics, companyName: 'Acme <b>' }))).toBe(COMPANY_NAME_MESSAGES.invalid);
    expect(issue(register.body.safeParse({ ...signUpWire, company: 'Acme <b>' }))).toBe(COMPANY_NAME_MESSAGES.invalid);
  });
});
