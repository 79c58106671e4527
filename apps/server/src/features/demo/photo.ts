import sharp from 'sharp';
import { processPhoto } from '../../infra/images.ts';
import type { DemoProfile } from './generator.ts';

// A demo profile's photo, made on this machine: the initials on a colour from the name (an SVG
// rendered by sharp), then the upload's own pipeline (processPhoto: type sniffed, re-encoded to
// WebP), so it is stored and served exactly like a photo a freelancer uploads. Initials are drawn
// only for scripts every system font has (Latin, Greek, Cyrillic); a name in another script gets a
// drawn silhouette instead, which needs no font at all.

const EDGE = 256;
const COMMON_SCRIPT = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]$/u;

/** The first letter of each name part, upper case, when both are in a common script; else null. */
export function initialsOf(firstName: string, lastName: string): string | null {
  const first = [...firstName.normalize('NFC')][0] ?? '';
  // 'de la Cruz' -> 'C', 'O’Brien' -> 'O': the first capital letter of the family name, else its first letter.
  const family = [...lastName.normalize('NFC')];
  const last = family.find((c) => c !== c.toLowerCase() && COMMON_SCRIPT.test(c)) ?? family[0] ?? '';
  if (!COMMON_SCRIPT.test(first) || !COMMON_SCRIPT.test(last)) return null;
  return `${first}${last}`.toUpperCase();
}

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function avatarSvg(p: Pick<DemoProfile, 'firstName' | 'lastName' | 'colour'>): string {
  const initials = initialsOf(p.firstName, p.lastName);
  const face = initials
    ? `<text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="104" font-weight="600" fill="#ffffff">${escapeXml(initials)}</text>`
    : `<circle cx="128" cy="104" r="46" fill="#ffffff" fill-opacity="0.9"/><path d="M40 236c8-52 46-80 88-80s80 28 88 80z" fill="#ffffff" fill-opacity="0.9"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${EDGE}" height="${EDGE}" viewBox="0 0 ${EDGE} ${EDGE}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.colour}"/><stop offset="1" stop-color="${p.colour}" stop-opacity="0.75"/></linearGradient></defs><rect width="${EDGE}" height="${EDGE}" fill="#1f2937"/><rect width="${EDGE}" height="${EDGE}" fill="url(#g)"/>${face}</svg>`;
}

/** The photo as stored: WebP from the upload pipeline. */
export async function renderAvatar(p: Pick<DemoProfile, 'firstName' | 'lastName' | 'colour'>): Promise<{ data: Buffer; mime: string }> {
  const png = await sharp(Buffer.from(avatarSvg(p)))
    .png()
    .toBuffer();
  const photo = await processPhoto(png);
  if (!photo) throw new Error('demo photo: the upload pipeline refused the rendered image');
  return photo;
}
