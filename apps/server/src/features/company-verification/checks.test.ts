import { describe, expect, test } from 'vitest';
import {
  type RegistrationRegistry,
  checkEmailDomain,
  companyNameWords,
  createInstantVerifier,
  diceSimilarity,
  formatRegistry,
  nameResemblesDomain,
  registrableDomain,
  registrationKey,
} from './checks.ts';

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

  test('private public suffixes count: each github.io or vercel.app site is its own registrable domain', () => {
    expect(registrableDomain('https://alice.github.io/portfolio')).toBe('alice.github.io');
    expect(registrableDomain('jane@bob.github.io')).toBe('bob.github.io');
    expect(registrableDomain('https://www.acme.vercel.app')).toBe('acme.vercel.app');
    expect(checkEmailDomain('jane@bob.github.io', 'https://alice.github.io')).toMatchObject({
      passed: false,
      detail: "Your verified email's domain (bob.github.io) does not match your website's (alice.github.io).",
    });
    expect(checkEmailDomain('jane@alice.github.io', 'https://www.alice.github.io').passed).toBe(true);
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

describe('registration key (one registration number, one verified company)', () => {
  test.each([
    ['US', '04-3544210', 'US:043544210'],
    ['US', '04 3544210', 'US:043544210'],
    ['us', '043544210', 'US:043544210'],
    ['GB', 'GB 980 7806 84', 'GB:980780684'],
    ['GB', '980.780.684', 'GB:980780684'],
    ['IE', 'IE 8256796 U', 'IE:8256796U'],
    ['IE', '8256796u', 'IE:8256796U'],
    ['FR', '732 829 320', 'FR:732829320'],
    ['FR', '732 829 320 00074', 'FR:732829320'],
    ['IN', '27AAPFU0939F1ZV', 'IN:AAPFU0939F'],
    ['IN', 'aapfu0939f', 'IN:AAPFU0939F'],
    ['BR', '11.222.333/0001-81', 'BR:11222333000181'],
    ['AE', 'AE-1234/56', 'AE:123456'],
    ['GR', 'EL 094259216', 'GR:094259216'],
  ])('%s %s is held as %s', (country, number, key) => {
    expect(registrationKey(country, number)).toBe(key);
  });

  test('different numbers or countries are different keys', () => {
    expect(registrationKey('US', '04-3544210')).not.toBe(registrationKey('US', '04-3544211'));
    expect(registrationKey('AE', '123456')).not.toBe(registrationKey('SA', '123456'));
  });
});

describe('company name against its website domain', () => {
  test('legal forms, diacritics and punctuation are dropped from the name', () => {
    expect(companyNameWords('Acme Labs Pvt. Ltd.')).toEqual(['acme', 'labs']);
    expect(companyNameWords('Société Générale S.A.')).toEqual(['societe', 'generale']);
    expect(companyNameWords('Müller & Co. GmbH')).toEqual(['muller']);
    expect(companyNameWords('The Globex Corporation, Inc')).toEqual(['globex']);
  });

  test('Dice similarity of letter pairs', () => {
    expect(diceSimilarity('acme', 'acme')).toBe(1);
    expect(diceSimilarity('acmelab', 'acmelabs')).toBeGreaterThan(0.9);
    expect(diceSimilarity('microsoft', 'cheapdeals')).toBe(0);
  });

  test.each([
    ['Acme Labs', 'https://www.acme-1a2b3c4d.com'],
    ['Acme Labs', 'https://acmelabs.co.uk/about'],
    ['Acmé Lab Ltd', 'acmelabs.com'],
    ['Both Ways Ltd', 'https://www.both-ways-1234.com'],
    ['Müller GmbH', 'https://mueller-muller.de'],
    ['Société Générale SA', 'https://www.societegenerale.fr'],
    ['International Business Machines Corp', 'https://www.ibm.com'],
    ['HP Inc', 'https://hp.com'],
    ['Global Solutions', 'https://global-solutions.io'],
    ['Microsoft', 'https://microsoft.github.io'],
  ])('%s resembles %s', (name, site) => {
    expect(nameResemblesDomain(name, site)).toBe(true);
  });

  test.each([
    ['Microsoft', 'https://www.cheap-deals.example'],
    ['Microsoft Corporation', 'https://cheap-deals-1a2b.com'],
    ['Global Acme Solutions', 'https://global-deals.com'],
    ['Acme Labs', 'https://github.io'],
    ['Acme Labs', 'http://localhost:3000'],
    ['Ltd', 'https://ltd.com'],
  ])('%s does not resemble %s (document review)', (name, site) => {
    expect(nameResemblesDomain(name, site)).toBe(false);
  });
});
