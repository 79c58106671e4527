import crypto from 'node:crypto';

// The stable public slug (issue 10). Pure: the talent-search read model and the privacy settings both
// make slugs, so it lives apart from privacy.ts (which refreshes the read model): no import cycle.

const SUFFIX_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const SUFFIX_LENGTH = 6;

/** The name part of a slug: `ada-lovelace`, in ASCII (accents dropped), at most 40 characters; '' for a name with no Latin letters. */
export function slugBase(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}

/** `ada-lovelace-k3xq9m`: the name in ASCII (accents dropped), then a random suffix. */
export function makeSlug(firstName: string, lastName: string): string {
  const base = slugBase(firstName, lastName);
  let suffix = '';
  for (let i = 0; i < SUFFIX_LENGTH; i++) suffix += SUFFIX_ALPHABET[crypto.randomInt(SUFFIX_ALPHABET.length)];
  return `${base || 'talent'}-${suffix}`;
}

export const SLUG_PATTERN = /^[a-z0-9-]{1,64}$/;
