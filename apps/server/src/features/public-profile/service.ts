import { API_PREFIX, fillPath } from '@talentloop/contract/api/define';
import { getPublicPortfolioImage } from '@talentloop/contract/api/files';
import type { Db } from '../../infra/db/client.ts';
import type { FileStorage } from '../../infra/storage.ts';
import { SLUG_PATTERN } from '../account/slug.ts';
import { canView, findBySlug, findPortfolioFile, readPublicProfile } from './queries.ts';

// Who sees a freelancer's profile behind a slug (public, companies-only for a signed-in company,
// hidden for nobody) and its portfolio images, which follow the profile's visibility.

/** Where a visible profile's portfolio image is served to its viewers (not only the owner). */
export const publicPortfolioImagePath = (slug: string, itemId: string) =>
  API_PREFIX + fillPath(getPublicPortfolioImage.path, { slug, itemId });

/** The freelancer behind a slug when this caller may see their profile, else null (unknown or hidden). */
async function visibleOwner(db: Db, slug: string, roles: readonly string[] | undefined) {
  if (!SLUG_PATTERN.test(slug)) return null;
  const owner = await findBySlug(db, slug);
  return owner?.roles.includes('freelancer') && canView(owner.visibility, roles) ? owner : null;
}

/** The profile behind a slug when this caller may see it, else null (unknown, hidden, no profile). */
export async function visibleProfile(db: Db, slug: string, roles: readonly string[] | undefined, now: Date = new Date()) {
  const owner = await visibleOwner(db, slug, roles);
  if (!owner) return null;
  const profile = await readPublicProfile(db, owner.userId, owner.slug, false, now);
  if (!profile) return null;
  // Images are shown to whoever may see the profile, through a link that checks it again.
  const portfolio = profile.portfolio.map((p) =>
    p.contentType === 'IMAGE' ? { ...p, fileUrl: publicPortfolioImagePath(owner.slug, p.freelancerPortfolioId) } : p,
  );
  return { ...profile, portfolio, userId: owner.userId };
}

/**
 * A portfolio image of a profile this caller may see, else null (unknown, hidden, not an image).
 * Documents are never served here: only their owner downloads them (/api/files).
 */
export async function visiblePortfolioImage(
  deps: { db: Db; storage: FileStorage },
  slug: string,
  itemId: string,
  roles: readonly string[] | undefined,
) {
  const owner = await visibleOwner(deps.db, slug, roles);
  if (!owner) return null;
  const item = await findPortfolioFile(deps.db, owner.userId, itemId);
  const file = item?.contentType === 'IMAGE' && item.fileId ? await deps.storage.get(item.fileId) : null;
  return file?.mime.startsWith('image/') ? file : null;
}
