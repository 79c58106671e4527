import { BRAND } from '@talentloop/contract';
import type { PublicProfile } from '@talentloop/contract/api/account';

// The HTML head of a shared profile link (/talent/{slug}): the web app's own index.html with the
// profile's title, description and image, so a pasted link previews in chat apps and social
// networks, which do not run scripts. Everything inserted is escaped.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const DESCRIPTION_MAX = 200;

export type HeadTags = {
  title: string;
  description: string;
  image: string | null;
  url: string;
  /** schema.org data about the page's subject (issue 37), for search engines. */
  structuredData?: object;
  /** Keep search engines from indexing the page (a demo profile); a page without a description is never indexed either. */
  noindex?: boolean;
};

/** JSON inside a script element: nothing in it can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * schema.org `Person` for a public profile (issue 37): name, headline, place, skills, languages and
 * the hourly rate as an `Offer` (the profile's rates are whole US dollars an hour, shown as '$' on the
 * page). Only what the page itself shows to anyone.
 */
export function personData(profile: PublicProfile, url: string, image: string | null) {
  const name = `${profile.firstName} ${profile.lastName}`.trim();
  const max = profile.maxHourlyRate;
  const min = profile.minHourlyRate && profile.minHourlyRate > 0 && max && profile.minHourlyRate < max ? profile.minHourlyRate : null;
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    '@id': `${url}#person`,
    name,
    givenName: profile.firstName,
    familyName: profile.lastName,
    url,
    ...(image ? { image } : {}),
    ...(profile.occupation ? { jobTitle: profile.occupation } : {}),
    ...(profile.description.trim() ? { description: profile.description.trim() } : {}),
    ...(profile.countryCode ? { address: { '@type': 'PostalAddress', addressCountry: profile.countryCode } } : {}),
    ...(profile.skills.length ? { knowsAbout: profile.skills.map((s) => s.skillName) } : {}),
    ...(profile.languages.length ? { knowsLanguage: profile.languages.map((l) => l.languageCode) } : {}),
    ...(max
      ? {
          makesOffer: {
            '@type': 'Offer',
            itemOffered: { '@type': 'Service', name: profile.occupation ?? `Work with ${name}` },
            priceSpecification: {
              '@type': 'UnitPriceSpecification',
              priceCurrency: 'USD',
              unitCode: 'HUR',
              unitText: 'hour',
              ...(min ? { minPrice: min, maxPrice: max } : { price: max }),
            },
          },
        }
      : {}),
  };
}

export function profileHead(profile: PublicProfile, publicUrl: string, pagePath: string): HeadTags {
  const name = `${profile.firstName} ${profile.lastName}`.trim();
  const title = profile.occupation ? `${name}, ${profile.occupation} | ${BRAND.name}` : `${name} | ${BRAND.name}`;
  const bio = profile.description.replace(/\s+/g, ' ').trim();
  const description = bio.length > DESCRIPTION_MAX ? `${bio.slice(0, DESCRIPTION_MAX - 1)}…` : bio || `${name} on ${BRAND.name}`;
  const image = profile.photoUrl ? new URL(profile.photoUrl, `${publicUrl}/`).toString() : null;
  const url = `${publicUrl}${pagePath}`;
  // A demo profile (`npm run seed:demo`) is a made-up person: no Person data, and kept out of search engines.
  if (profile.demo) return { title, description, image, url, noindex: true };
  return { title, description, image, url, structuredData: personData(profile, url, image) };
}

export const notFoundHead = (publicUrl: string, pagePath: string): HeadTags => ({
  title: `Not found | ${BRAND.name}`,
  description: '',
  image: null,
  url: `${publicUrl}${pagePath}`,
});

/** index.html with its title and description replaced and the Open Graph tags added. */
export function injectHead(indexHtml: string, head: HeadTags): string {
  const tags = [
    `<meta property="og:type" content="profile" />`,
    `<meta property="og:site_name" content="${escapeHtml(BRAND.name)}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    head.description ? `<meta property="og:description" content="${escapeHtml(head.description)}" />` : '',
    `<meta property="og:url" content="${escapeHtml(head.url)}" />`,
    head.image ? `<meta property="og:image" content="${escapeHtml(head.image)}" />` : '',
    '<meta name="twitter:card" content="summary" />',
    head.description && !head.noindex ? '' : '<meta name="robots" content="noindex" />',
    head.structuredData ? `<link rel="canonical" href="${escapeHtml(head.url)}" />` : '',
    head.structuredData ? `<script type="application/ld+json">${scriptJson(head.structuredData)}</script>` : '',
  ]
    .filter(Boolean)
    .join('\n    ');
  let html = indexHtml.replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${escapeHtml(head.title)}</title>`);
  html = html.replace(/<meta\s+name="description"[^>]*>/i, () =>
    head.description ? `<meta name="description" content="${escapeHtml(head.description)}" />` : '',
  );
  return html.replace(/<\/head>/i, () => `    ${tags}\n  </head>`);
}
