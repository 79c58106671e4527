import { describe, expect, test } from 'vitest';
import { type RegistrationRegistry, checkEmailDomain, createInstantVerifier, formatRegistry, registrableDomain } from './checks.ts';

describe('registration number check (format and check digits per country)', () => {
  test.each([
    ['US', '04-3544210', 'EIN'],
    ['IN', '27AAPFU0939F1ZV', 'GSTIN'],
    ['IN', 'AAPFU0939F', 'PAN'],
    ['FR', '732 829 320', 'SIREN'],
    ['BR', '11.222.333/0001-81', 'CNPJ'],
    ['AU', '51 824 753 556', 'ABN'],
    ['GB', '01234567', 'Companies House'],
    ['GB', 'SC123456', 'Companies House'],
    ['GB', 'GB 980 7806 84', 'VAT'],
  ])('%s %s passes as a valid %s', async (country, number, kind) => {
    const result = await formatRegistry.check(country, number);
    expect(result.passed, result.detail).toBe(true);
    expect(result.detail).toContain(kind);
  });

  test.each([
    ['US', '04-35442101', 'EIN'],
    ['US', '00-3544210', 'EIN'],
    ['IN', '27AAPFU0939F1ZW', 'GSTIN or PAN'],
    ['FR', '732829321', 'SIREN or SIRET'],
    ['BR', '11.222.333/0001-82', 'CNPJ'],
    ['AU', '51 824 753 557', 'ABN or ACN'],
    ['GB', 'ABC', 'Companies House'],
  ])('%s %s fails with the kinds of number it was checked against', async (country, number, kinds) => {
    const result = await formatRegistry.check(country, number);
    expect(result).toMatchObject({ check: 'registration_number', passed: false });
    expect(result.detail).toContain(kinds);
    expect(result.detail).toContain('format or check digits');
  });

  test('a number checked for the wrong country fails (a US EIN is not a French SIREN)', async () => {
    expect((await formatRegistry.check('FR', '04-3544210')).passed).toBe(false);
  });

  test('a country without a validator says it cannot be checked instantly', async () => {
    const result = await formatRegistry.check('AE', '123456789');
    expect(result).toMatchObject({
      passed: false,
      detail: 'We cannot check registration numbers from United Arab Emirates instantly yet.',
    });
  });
});

describe('company email domain against the website', () => {
  test('registrable domains ignore subdomains and understand multi-part suffixes', () => {
    expect(registrableDomain('https://www.acme.co.uk/about')).toBe('acme.co.uk');
    expect(registrableDomain('jane@mail.acme.co.uk')).toBe('acme.co.uk');
    expect(registrableDomain('http://localhost:3000')).toBeNull();
  });

  test('an email at a subdomain of the website passes', () => {
    expect(checkEmailDomain('jane@eu.mail.acme.com', 'https://www.acme.com')).toMatchObject({ check: 'email_domain', passed: true });
  });

  test('an email at another company fails and names both domains', () => {
    const result = checkEmailDomain('jane@acme-corp.com', 'https://acme.com');
    expect(result).toMatchObject({ passed: false });
    expect(result.detail).toBe("Your verified email's domain (acme-corp.com) does not match your website's (acme.com).");
  });

  test('a different company under the same public suffix fails (acme.co.uk is not other.co.uk)', () => {
    expect(checkEmailDomain('jane@other.co.uk', 'https://acme.co.uk').passed).toBe(false);
  });

  test.each(['jane@gmail.com', 'jane@outlook.com', 'jane@yahoo.co.uk'])(
    'a free mail provider (%s) fails even when the website is on it',
    (email) => {
      const site = `https://sites.${email.split('@')[1]}`;
      const result = checkEmailDomain(email, site);
      expect(result.passed).toBe(false);
      expect(result.detail).toContain('free email provider');
    },
  );
});

describe('instant verifier', () => {
  test('runs the plugged-in registry instead of the format check', async () => {
    const calls: string[] = [];
    const registry: RegistrationRegistry = {
      name: 'stub',
      async check(country, number) {
        calls.push(`${country}:${number}`);
        return { check: 'registration_number', passed: true, detail: 'found in the stub registry' };
      },
    };
    const verifier = createInstantVerifier({ registry });
    const checks = await verifier.verify({
      country: 'AE',
      registrationNumber: '42',
      websiteUrl: 'https://acme.ae',
      verifiedEmail: 'a@acme.ae',
    });
    expect(verifier.registryName).toBe('stub');
    expect(calls).toEqual(['AE:42']);
    expect(checks.map((c) => [c.check, c.passed])).toEqual([
      ['registration_number', true],
      ['email_domain', true],
    ]);
  });
});
