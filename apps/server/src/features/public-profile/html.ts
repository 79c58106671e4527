import { BRAND } from '@talentloop/contract';
import type { PublicProfile } from '@talentloop/contract/api/account';

// The HTML head of a shared profile link (/talent/{slug}): the web app's own index.html with the
// profile's title, description and image, so a pasted link previews in chat apps and social
// networks, which do not run scripts. Everything inserted is escaped.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const DESCRIPTION_MAX = 200;

export type HeadTags = { title: string; description: string; image: string | null; url: string };

export function profileHead(profile: PublicProfile, publicUrl: string, pagePath: string): HeadTags {
  const name = `${profile.firstName} ${profile.lastName}`.trim();
  const title = profile.occupation ? `${name}, ${profile.occupation} | ${BRAND.name}` : `${name} | ${BRAND.name}`;
  const bio = profile.description.replace(/\s+/g, ' ').trim();
  const description = bio.length > DESCRIPTION_MAX ? `${bio.slice(0, DESCRIPTION_MAX - 1)}…` : bio || `${name} on ${BRAND.name}`;
  const image = profile.photoUrl ? new URL(profile.photoUrl, `${publicUrl}/`).toString() : null;
  return { title, description, image, url: `${publicUrl}${pagePath}` };
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
    head.description ? '' : '<meta name="robots" content="noindex" />',
  ]
    .filter(Boolean)
    .join('\n    ');
  let html = indexHtml.replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${escapeHtml(head.title)}</title>`);
  html = html.replace(/<meta\s+name="description"[^>]*>/i, () =>
    head.description ? `<meta name="description" content="${escapeHtml(head.description)}" />` : '',
  );
  return html.replace(/<\/head>/i, () => `    ${tags}\n  </head>`);
}
