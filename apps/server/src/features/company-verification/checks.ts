import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { VerificationCheckRead } from '@talentloop/contract/api/company-verification';
import { COUNTRIES } from '@talentloop/contract/lists/countries';
import { stdnum } from 'stdnum';
import { getDomain, parse } from 'tldts';

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

// The whole public suffix list, its private section included (issue 18): `github.io`, `vercel.app`
// or `blogspot.com` are suffixes under which each user holds a site of their own, so the
// registrable domain of `alice.github.io` is `alice.github.io`, never `github.io`.
const PSL = { allowPrivateDomains: true } as const;

const hostOf = (value: string) => {
  const at = value.lastIndexOf('@');
  return (at >= 0 ? value.slice(at + 1) : value).trim().toLowerCase();
};

/** The registrable domain (eTLD+1, private suffixes included) of a host, URL or email address; null when it has none. */
export function registrableDomain(value: string): string | null {
  return getDomain(hostOf(value), PSL) ?? null;
}

/** The registrable domain without its public suffix (`acme-labs` for `www.acme-labs.co.uk`); null when it has none. */
export function domainLabel(value: string): string | null {
  return parse(hostOf(value), PSL).domainWithoutSuffix || null;
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

// ---- one registration number, one verified company (issue 18) ----

/** Identifiers that several numbers of one company share: a GSTIN carries the PAN, a SIRET the SIREN. */
const REGISTRATION_ROOTS: Readonly<Record<string, (compact: string) => string>> = {
  IN: (c) => (/^\d{2}[A-Z]{5}\d{4}[A-Z][0-9A-Z]Z[0-9A-Z]$/.test(c) ? c.slice(2, 12) : c),
  FR: (c) => (/^\d{14}$/.test(c) ? c.slice(0, 9) : c),
};

/**
 * The key under which a registration number is held (`US:041234567`): the country, then the number
 * in one spelling. A number the country's validator accepts takes the validator's compact form
 * (spaces, dots, dashes and slashes gone, a VAT prefix such as `GB` or `IE` dropped); any other is
 * upper-cased, stripped to letters and digits, and loses a leading country code (`EL` for Greece)
 * that a digit follows. A GSTIN is held as its PAN and a SIRET as its SIREN, so one company's other
 * numbers of the same root cannot verify a second company. Both methods use it.
 */
export function registrationKey(country: string, registrationNumber: string): string {
  const cc = country.trim().toUpperCase();
  let compact: string | undefined;
  for (const kind of REGISTRATION_NUMBER_KINDS[cc] ?? []) {
    try {
      const result = kind.validator.validate(registrationNumber);
      if (result.isValid && result.compact) {
        compact = result.compact.toUpperCase();
        break;
      }
    } catch {
      // not this kind
    }
  }
  if (compact === undefined) {
    compact = registrationNumber.toUpperCase().replace(/[^0-9A-Z]/g, '');
    const prefix = cc === 'GR' ? 'EL' : cc;
    if (compact.startsWith(prefix) && /^\d/.test(compact.slice(prefix.length))) compact = compact.slice(prefix.length);
  }
  const root = REGISTRATION_ROOTS[cc];
  return `${cc}:${root ? root(compact) : compact}`;
}

// ---- the company name against its website's domain (issue 18) ----

/** Words that name a company's legal form, not the company: dropped before comparing. */
const LEGAL_FORMS = new Set([
  'inc',
  'incorporated',
  'ltd',
  'limited',
  'llc',
  'llp',
  'lp',
  'plc',
  'pvt',
  'private',
  'pte',
  'pty',
  'co',
  'corp',
  'corporation',
  'company',
  'gmbh',
  'mbh',
  'ag',
  'kg',
  'ug',
  'aktiengesellschaft',
  'sa',
  'sas',
  'sarl',
  'sl',
  'srl',
  'spa',
  'bv',
  'nv',
  'oy',
  'oyj',
  'ab',
  'as',
  'asa',
  'aps',
  'se',
  'kk',
  'ltda',
  'eireli',
  'the',
  'and',
  'of',
]);
/** Words too common to identify a company alone: they count only when the name has no other word. */
const GENERIC_WORDS = new Set([
  'global',
  'group',
  'international',
  'holding',
  'holdings',
  'tech',
  'technology',
  'technologies',
  'solution',
  'solutions',
  'service',
  'services',
  'systems',
  'digital',
  'consulting',
  'partners',
  'ventures',
  'enterprises',
  'industries',
  'labs',
  'software',
  'media',
  'studio',
  'studios',
  'agency',
  'world',
  'online',
  'web',
  'app',
  'apps',
  'cloud',
  'data',
  'net',
]);

/** Lower case, diacritics and punctuation gone, dotted initials joined, `&` read as `and`: the words of a name or domain label. */
function words(value: string): string[] {
  return (
    value
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      // Dotted initials are one word: `S.A.` is `sa`, `P.L.C.` is `plc`.
      .replace(/\b([a-z])\.(?=[a-z]\b)/g, '$1')
      .replace(/&/g, ' and ')
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
  );
}

/** The company name's own words: legal forms and joining words dropped (`Acme Labs Pvt. Ltd.` → acme, labs). */
export function companyNameWords(name: string): string[] {
  return words(name).filter((w) => !LEGAL_FORMS.has(w));
}

function bigrams(value: string): string[] {
  return Array.from({ length: Math.max(0, value.length - 1) }, (_, i) => value.slice(i, i + 2));
}

/** Sørensen–Dice similarity of two strings' letter pairs, 0..1. */
export function diceSimilarity(a: string, b: string): number {
  const x = bigrams(a);
  const y = bigrams(b);
  if (x.length === 0 || y.length === 0) return a === b ? 1 : 0;
  const pool = new Map<string, number>();
  for (const g of x) pool.set(g, (pool.get(g) ?? 0) + 1);
  let shared = 0;
  for (const g of y) {
    const n = pool.get(g) ?? 0;
    if (n > 0) {
      shared++;
      pool.set(g, n - 1);
    }
  }
  return (2 * shared) / (x.length + y.length);
}

/** How alike a name and a domain label must be, letter pairs compared, when no word is found whole. */
export const NAME_SIMILARITY_MIN = 0.6;

/**
 * Whether a company name resembles its website's domain, so an instant verification may rest on
 * the domain (issue 18). Both are normalised (`words`; the name without its legal form, the domain
 * without its public suffix). The name resembles the domain when the domain's label
 *  - contains one of the name's distinctive words of three letters or more (`Acme Labs` and
 *    `acme-1234.com`; a generic word such as `global` or `solutions` counts only in a name made of
 *    nothing else), or
 *  - is the name's initials (`International Business Machines` and `ibm.com`), or
 *  - is, letters run together, at least NAME_SIMILARITY_MIN alike (Dice) to the name run together
 *    (`Acmé Lab` and `acmelabs.com`).
 * Anything else (`Microsoft` and `cheap-deals.example`) is not decided instantly: documents are.
 */
export function nameResemblesDomain(companyName: string, domain: string): boolean {
  const label = domainLabel(domain);
  if (!label) return false;
  const labelJoined = words(label).join('');
  const nameWords = companyNameWords(companyName);
  if (!labelJoined || nameWords.length === 0) return false;
  const distinctive = nameWords.filter((w) => !GENERIC_WORDS.has(w));
  const telling = (distinctive.length > 0 ? distinctive : nameWords).filter((w) => w.length >= 3);
  if (telling.some((w) => labelJoined.includes(w))) return true;
  const initials = nameWords.map((w) => w[0]).join('');
  if (nameWords.length >= 2 && labelJoined === initials) return true;
  return diceSimilarity(nameWords.join(''), labelJoined) >= NAME_SIMILARITY_MIN;
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
