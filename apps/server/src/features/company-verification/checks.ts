import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { VerificationCheckRead } from '@talentloop/contract/api/company-verification';
import { COUNTRIES } from '@talentloop/contract/lists/countries';
import { stdnum } from 'stdnum';
import { getDomain } from 'tldts';

// The Instant method's checks (issue 11), behind interfaces: `RegistrationRegistry` answers whether
// a registration number holds for a country. The shipped one (`formatRegistry`) checks the number's
// format and check digits with the maintained `stdnum` validators; a registry lookup service can be
// plugged in later by passing another RegistrationRegistry (createInstantVerifier's options).

export type VerificationCheck = VerificationCheckRead;

export type InstantInput = {
  country: string;
  registrationNumber: string;
  /** The company's saved website (basics). */
  websiteUrl: string;
  /** The address the company proved it reads (contact, code mailed there). */
  verifiedEmail: string;
};

export interface RegistrationRegistry {
  readonly name: string;
  check(country: string, registrationNumber: string): Promise<VerificationCheck>;
}

export interface InstantVerifier {
  /** The registry used (stored with the evidence). */
  readonly registryName: string;
  verify(input: InstantInput): Promise<VerificationCheck[]>;
}

type Validator = { validate(value: string): { isValid: boolean; compact?: string } };
type NumberKind = { label: string; validator: Validator };

/** A stdnum validator; a missing one fails at start, not at a company's first attempt. */
function std(country: string, kind: string): Validator {
  const found = (stdnum as Record<string, Record<string, Validator> | undefined>)[country]?.[kind];
  if (!found) throw new Error(`stdnum has no ${country}.${kind} validator`);
  return found;
}

/** GB company numbers (Companies House) carry no check digit: 8 digits, or 2 letters and 6 digits. */
const gbCompanyNumber: Validator = {
  validate: (value) => {
    const compact = value.replace(/[\s.-]/g, '').toUpperCase();
    return /^(\d{8}|[A-Z]{2}\d{6})$/.test(compact) ? { isValid: true, compact } : { isValid: false };
  },
};

/** Business identifiers per country (ISO 3166-1 alpha-2), in the order tried. */
export const REGISTRATION_NUMBER_KINDS: Readonly<Record<string, readonly NumberKind[]>> = {
  AT: [{ label: 'UID', validator: std('AT', 'uid') }],
  AU: [
    { label: 'ABN', validator: std('AU', 'abn') },
    { label: 'ACN', validator: std('AU', 'acn') },
  ],
  BE: [{ label: 'enterprise / VAT number', validator: std('BE', 'vat') }],
  BR: [{ label: 'CNPJ', validator: std('BR', 'cnpj') }],
  CA: [{ label: 'Business Number', validator: std('CA', 'bn') }],
  CH: [{ label: 'UID', validator: std('CH', 'uid') }],
  CN: [{ label: 'Unified Social Credit Code', validator: std('CN', 'uscc') }],
  DE: [{ label: 'USt-IdNr. (VAT number)', validator: std('DE', 'vat') }],
  DK: [{ label: 'CVR', validator: std('DK', 'cvr') }],
  ES: [{ label: 'CIF', validator: std('ES', 'cif') }],
  FI: [{ label: 'Y-tunnus', validator: std('FI', 'ytunnus') }],
  FR: [
    { label: 'SIREN', validator: std('FR', 'siren') },
    { label: 'SIRET', validator: std('FR', 'siret') },
  ],
  GB: [
    { label: 'Companies House number (format only: it has no check digit)', validator: gbCompanyNumber },
    { label: 'VAT number', validator: std('GB', 'vat') },
  ],
  IE: [{ label: 'VAT number', validator: std('IE', 'vat') }],
  IL: [{ label: 'company number (H.P.)', validator: std('IL', 'hp') }],
  IN: [
    { label: 'GSTIN', validator: std('IN', 'gstin') },
    { label: 'PAN', validator: std('IN', 'pan') },
  ],
  IT: [{ label: 'Partita IVA', validator: std('IT', 'iva') }],
  JP: [{ label: 'Corporate Number', validator: std('JP', 'cn') }],
  KR: [{ label: 'Business Registration Number', validator: std('KR', 'brn') }],
  MX: [{ label: 'RFC', validator: std('MX', 'rfc') }],
  NL: [{ label: 'BTW (VAT) number', validator: std('NL', 'btw') }],
  NO: [{ label: 'organisasjonsnummer', validator: std('NO', 'orgnr') }],
  PL: [
    { label: 'NIP', validator: std('PL', 'nip') },
    { label: 'REGON', validator: std('PL', 'regon') },
  ],
  PT: [{ label: 'NIPC', validator: std('PT', 'nipc') }],
  SE: [{ label: 'organisationsnummer', validator: std('SE', 'orgnr') }],
  SG: [{ label: 'UEN', validator: std('SG', 'uen') }],
  TR: [{ label: 'VKN', validator: std('TR', 'vkn') }],
  US: [{ label: 'EIN', validator: std('US', 'ein') }],
  ZA: [{ label: 'VAT number', validator: std('ZA', 'vat') }],
};

const countryName = (code: string) => COUNTRIES.find((c) => c.code === code)?.name ?? code;

/** Format and check digits, offline, with the stdnum validators. */
export const formatRegistry: RegistrationRegistry = {
  name: 'format',
  async check(country, registrationNumber) {
    const kinds = REGISTRATION_NUMBER_KINDS[country];
    const where = countryName(country);
    if (!kinds) {
      return {
        check: 'registration_number',
        passed: false,
        detail: `We cannot check registration numbers from ${where} instantly yet.`,
      };
    }
    const names = kinds.map((k) => k.label).join(' or ');
    for (const kind of kinds) {
      let valid = false;
      try {
        valid = kind.validator.validate(registrationNumber).isValid;
      } catch {
        valid = false;
      }
      if (valid) return { check: 'registration_number', passed: true, detail: `Valid ${kind.label} for ${where}.` };
    }
    return {
      check: 'registration_number',
      passed: false,
      detail: `The registration number is not a valid ${names} for ${where} (format or check digits).`,
    };
  },
};

// Free and disposable mail providers: the list of the npm package `free-email-domains` 1.12.6 (MIT),
// kept in the repository because that package's install script downloads a fresh list from the
// network, which fails an offline install (see docs/reference-data.md).
const freeEmailDomains = JSON.parse(
  fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../reference-data/free-email-domains.json'), 'utf8'),
) as string[];
const FREE_DOMAINS: ReadonlySet<string> = new Set(freeEmailDomains.map((d) => d.toLowerCase()));

/** The registrable domain (eTLD+1) of a host, URL or email address; null when it has none. */
export function registrableDomain(value: string): string | null {
  const at = value.lastIndexOf('@');
  const host = at >= 0 ? value.slice(at + 1) : value;
  return getDomain(host.trim().toLowerCase()) ?? null;
}

export function isFreeMailDomain(domain: string): boolean {
  return FREE_DOMAINS.has(domain.toLowerCase());
}

/** The verified company email belongs to the website's registrable domain, and not to a free mail provider. */
export function checkEmailDomain(verifiedEmail: string, websiteUrl: string): VerificationCheck {
  const emailDomain = registrableDomain(verifiedEmail);
  const emailHost = verifiedEmail.slice(verifiedEmail.lastIndexOf('@') + 1).toLowerCase();
  if (!emailDomain || isFreeMailDomain(emailDomain) || isFreeMailDomain(emailHost)) {
    return {
      check: 'email_domain',
      passed: false,
      detail: `${emailHost} is a free email provider: verify an email address at your company's own domain.`,
    };
  }
  const siteDomain = registrableDomain(websiteUrl);
  if (!siteDomain || siteDomain !== emailDomain) {
    return {
      check: 'email_domain',
      passed: false,
      detail: `Your verified email's domain (${emailDomain}) does not match your website's (${siteDomain ?? websiteUrl}).`,
    };
  }
  return { check: 'email_domain', passed: true, detail: `Your verified email and your website share the domain ${siteDomain}.` };
}

export function createInstantVerifier(opts: { registry?: RegistrationRegistry } = {}): InstantVerifier {
  const registry = opts.registry ?? formatRegistry;
  return {
    registryName: registry.name,
    async verify(input) {
      const number = await registry.check(input.country, input.registrationNumber);
      return [number, checkEmailDomain(input.verifiedEmail, input.websiteUrl)];
    },
  };
}
