import { describe, expect, it } from 'vitest';
import { INDUSTRIES, PHONE_CODES, SOCIAL_PLATFORMS } from '../lists/company.ts';
import {
  COMPANY_MESSAGES as M,
  CompanyBasicsBody,
  CompanyContactBody,
  companyCompletion,
  isPlatformUrl,
  socialProblem,
  splitCompanyPhone,
} from './company.ts';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('company lists', () => {
  it('has the spec counts: 39 industries, 13 phone codes, 9 social platforms', () => {
    expect(INDUSTRIES).toHaveLength(39);
    expect(PHONE_CODES).toHaveLength(13);
    expect(SOCIAL_PLATFORMS).toHaveLength(9);
  });
});

describe('company completion', () => {
  it('counts 7 basics items with the logo and 6 contact items, and averages with verification', () => {
    const empty = companyCompletion({}, {}, false);
    expect(empty).toEqual({ basics: 0, contact: 0, verification: 0, overall: 0 });
    const basics = {
      companyName: 'Acme',
      industry: 'Retail',
      companySize: 'small-business',
      country: 'IN',
      aboutCompany: '',
      websiteUrl: 'https://acme.in',
    };
    expect(companyCompletion(basics, {}, false).basics).toBe(71); // 5 of 7
    expect(companyCompletion({ ...basics, aboutCompany: 'We sell', logoUrl: '/api/files/x' }, {}, false).basics).toBe(100);
    const contact = { email: 'a@acme.in', country: 'IN', address: '1 Road', phone: '+91 9876543210', socials: [] };
    expect(companyCompletion({}, contact, false).contact).toBe(67); // 4 of 6
    const withSocial = { ...contact, socials: [{ platform: 'LinkedIn', url: 'https://linkedin.com/company/acme' }] };
    expect(companyCompletion({}, withSocial, true)).toEqual({ basics: 0, contact: 100, verification: 100, overall: 67 });
  });

  it('does not count a phone code without a number', () => {
    expect(companyCompletion({}, { phone: '+91 ' }, false).contact).toBe(0);
  });
});

describe('social links belong to their platform', () => {
  it('accepts a platform link on its own site, subdomains included', () => {
    expect(isPlatformUrl('LinkedIn', 'https://www.linkedin.com/company/acme')).toBe(true);
    expect(isPlatformUrl('Twitter', 'https://x.com/acme')).toBe(true);
    expect(isPlatformUrl('Medium', 'https://acme.medium.com/')).toBe(true);
    expect(isPlatformUrl('Website', 'https://acme.example')).toBe(true);
  });

  it('refuses a link on another site, a look-alike host or a non-http scheme', () => {
    expect(isPlatformUrl('LinkedIn', 'https://github.com/acme')).toBe(false);
    expect(isPlatformUrl('LinkedIn', 'https://notlinkedin.com/acme')).toBe(false);
    expect(isPlatformUrl('LinkedIn', 'https://linkedin.com.evil.example/acme')).toBe(false);
    expect(isPlatformUrl('GitHub', 'javascript:alert(1)//github.com')).toBe(false);
    expect(isPlatformUrl('Myspace', 'https://myspace.com/acme')).toBe(false);
  });

  it('says which field is missing or wrong', () => {
    expect(socialProblem('', 'https://linkedin.com/a')).toBe(M.platformRequired);
    expect(socialProblem('LinkedIn', ' ')).toBe(M.socialUrlRequired);
    expect(socialProblem('LinkedIn', 'linkedin.com/a')).toBe(M.socialUrlInvalid);
    expect(socialProblem('LinkedIn', 'https://facebook.com/a')).toBe('This is not a LinkedIn link');
    expect(socialProblem('LinkedIn', 'https://linkedin.com/a')).toBeNull();
  });
});

describe('company basics', () => {
  const good = {
    companyName: 'Acme',
    industry: 'Retail',
    companySize: 'small-business',
    country: 'in',
    aboutCompany: 'We sell',
    websiteUrl: 'https://acme.in',
  };

  it('accepts a complete form and upper-cases the country', () => {
    expect(CompanyBasicsBody.parse(good).country).toBe('IN');
  });

  it('allows an about text of 200 characters and refuses 201 with the spec message', () => {
    expect(CompanyBasicsBody.safeParse({ ...good, aboutCompany: 'a'.repeat(200) }).success).toBe(true);
    expect(messages(CompanyBasicsBody.safeParse({ ...good, aboutCompany: 'a'.repeat(201) }))).toEqual([
      'aboutCompany: Bio must be under 200 characters',
    ]);
  });

  it('requires a website with http or https', () => {
    expect(messages(CompanyBasicsBody.safeParse({ ...good, websiteUrl: '' }))).toEqual([`websiteUrl: ${M.websiteRequired}`]);
    expect(messages(CompanyBasicsBody.safeParse({ ...good, websiteUrl: 'ftp://acme.in' }))).toEqual([`websiteUrl: ${M.websiteInvalid}`]);
  });

  it('refuses an industry or size not in the lists', () => {
    expect(messages(CompanyBasicsBody.safeParse({ ...good, industry: 'Piracy', companySize: '5' }))).toEqual([
      `industry: ${M.industryInvalid}`,
      `companySize: ${M.sizeInvalid}`,
    ]);
  });
});

describe('company contact', () => {
  const good = {
    email: 'Hello@Acme.in',
    country: 'IN',
    address: '1 MG Road, Bengaluru',
    phoneCountryCode: '+91',
    phoneNumber: '98765 43210',
    socials: [{ platform: 'LinkedIn', url: 'https://linkedin.com/company/acme' }],
  };

  it('normalises the email and the number', () => {
    const parsed = CompanyContactBody.parse(good);
    expect(parsed.email).toBe('hello@acme.in');
    expect(parsed.phoneNumber).toBe('9876543210');
  });

  it('checks the number for the chosen code and refuses unlisted codes', () => {
    expect(messages(CompanyContactBody.safeParse({ ...good, phoneNumber: '12345' }))).toEqual([`phoneNumber: ${M.phoneInvalid}`]);
    expect(messages(CompanyContactBody.safeParse({ ...good, phoneCountryCode: '+999' }))).toEqual([
      `phoneCountryCode: ${M.phoneCodeInvalid}`,
    ]);
    expect(CompanyContactBody.safeParse({ ...good, phoneCountryCode: '+44', phoneNumber: '7400 123456' }).success).toBe(true);
  });

  it('says every error at once: a bad number beside an empty email, not one round after the other', () => {
    expect(messages(CompanyContactBody.safeParse({ ...good, email: '', phoneNumber: '12345' })).sort()).toEqual([
      `email: ${M.emailRequired}`,
      `phoneNumber: ${M.phoneInvalid}`,
    ]);
  });

  it('refuses a social link on the wrong site', () => {
    expect(
      messages(CompanyContactBody.safeParse({ ...good, socials: [{ platform: 'LinkedIn', url: 'https://github.com/acme' }] })),
    ).toEqual(['socials.0.url: This is not a LinkedIn link']);
  });

  it('splits a stored phone into code and number', () => {
    expect(splitCompanyPhone('+91 9876543210')).toEqual({ code: '+91', number: '9876543210' });
    expect(splitCompanyPhone(null)).toBeNull();
  });
});
