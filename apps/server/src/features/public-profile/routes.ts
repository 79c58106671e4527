import fs from 'node:fs';
import path from 'node:path';
import { getPublicPreview, getPublicProfile, publicProfilePath } from '@talentloop/contract/api/account';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';
import { currentUser } from '../../http/guards.ts';
import { callerRoles, route } from '../../http/route.ts';
import type { Db } from '../../infra/db/client.ts';
import { freelancerPortfolio } from '../../infra/db/schema.ts';
import type { FileStorage } from '../../infra/storage.ts';
import { SLUG_PATTERN, readPrivacy } from '../account/privacy.ts';
import { injectHead, notFoundHead, profileHead } from './html.ts';
import { canView, findBySlug, readPublicProfile } from './queries.ts';

type Deps = { db: Db; config: Config; storage: FileStorage; auth: preHandlerHookHandler };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Where a visible profile's portfolio image is served to its viewers (not only the owner). */
export const publicPortfolioImagePath = (slug: string, itemId: string) => `/api/public/talent/${slug}/portfolio/${itemId}`;

/**
 * Runs the auth guard when the request carries a token, so a signed-in company sees profiles
 * shown to companies; a missing or invalid token is simply a signed-out caller here.
 */
async function optionalRoles(
  app: FastifyInstance,
  auth: preHandlerHookHandler,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<readonly string[] | undefined> {
  if (!request.headers.authorization) return undefined;
  try {
    await (auth as unknown as (this: FastifyInstance, req: FastifyRequest, rep: FastifyReply) => Promise<void>).call(app, request, reply);
  } catch {
    return undefined;
  }
  return callerRoles(request);
}

/** The freelancer behind a slug when this caller may see their profile, else null (unknown or hidden). */
async function visibleOwner(db: Db, slug: string, roles: readonly string[] | undefined) {
  if (!SLUG_PATTERN.test(slug)) return null;
  const owner = await findBySlug(db, slug);
  return owner?.roles.includes('freelancer') && canView(owner.visibility, roles) ? owner : null;
}

/** The profile behind a slug when this caller may see it, else null (unknown, hidden, no profile). */
async function visibleProfile(db: Db, slug: string, roles: readonly string[] | undefined) {
  const owner = await visibleOwner(db, slug, roles);
  if (!owner) return null;
  const profile = await readPublicProfile(db, owner.userId, owner.slug, false);
  if (!profile) return null;
  // Images are shown to whoever may see the profile, through a link that checks it again.
  const portfolio = profile.portfolio.map((p) =>
    p.contentType === 'IMAGE' ? { ...p, fileUrl: publicPortfolioImagePath(owner.slug, p.freelancerPortfolioId) } : p,
  );
  return { ...profile, portfolio, userId: owner.userId };
}

export async function publicProfileRoutes(app: FastifyInstance, deps: Deps) {
  const { db, config } = deps;

  route(app, getPublicProfile, {}, async (request, reply) => {
    const { slug } = request.params as { slug: string };
    const roles = await optionalRoles(app, deps.auth, request, reply);
    const profile = await visibleProfile(db, slug, roles);
    if (!profile) throw new AppError('TL_CORE_00404_E');
    reply.header('Cache-Control', 'private, no-store');
    const { userId: _owner, ...shown } = profile;
    return { status: 'success' as const, profile: shown };
  });

  // A portfolio image of a profile the caller may see (a plain link: signed-out viewers of public
  // profiles). Documents are never served here: only their owner downloads them (/api/files).
  app.get<{ Params: { slug: string; itemId: string } }>(
    '/public/talent/:slug/portfolio/:itemId',
    { schema: { hide: true } },
    async (request, reply) => {
      const { slug, itemId } = request.params;
      if (!UUID.test(itemId)) throw new AppError('TL_CORE_00404_E');
      const roles = await optionalRoles(app, deps.auth, request, reply);
      const owner = await visibleOwner(db, slug, roles);
      if (!owner) throw new AppError('TL_CORE_00404_E');
      const [item] = await db
        .select({ fileId: freelancerPortfolio.fileId, contentType: freelancerPortfolio.contentType })
        .from(freelancerPortfolio)
        .where(and(eq(freelancerPortfolio.id, itemId), eq(freelancerPortfolio.userId, owner.userId)));
      const file = item?.contentType === 'IMAGE' && item.fileId ? await deps.storage.get(item.fileId) : null;
      if (!file?.mime.startsWith('image/')) throw new AppError('TL_CORE_00404_E');
      return reply
        .header('Content-Type', file.mime)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', `inline; filename="portfolio-${itemId.slice(0, 8)}.webp"`)
        .header('Cache-Control', 'private, no-cache')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .send(file.data);
    },
  );

  route(app, getPublicPreview, { preHandler: [deps.auth] }, async (request) => {
    const user = currentUser(request);
    const privacy = await readPrivacy(db, user);
    const profile = await readPublicProfile(db, user.id, privacy.slug, true);
    if (!profile) throw new AppError('TL_CORE_10100_E');
    return {
      status: 'success' as const,
      slug: privacy.slug,
      visibility: privacy.visibility,
      openToWork: privacy.openToWork,
      publicUrl: `${config.publicUrl}${publicProfilePath(privacy.slug)}`,
      profile,
    };
  });
}

/**
 * GET /talent/{slug} (outside /api): the web app's index.html with the profile's head tags when it
 * is public, else the same page with a 'Not found' head and status 404 (the app then shows 'Not
 * found'). Link previews come from crawlers without a session, so only public profiles get tags.
 * Registered by app.ts before the single-page fallback, when the built app exists.
 */
export async function publicProfilePage(app: FastifyInstance, deps: { db: Db; config: Config; webDist: string }) {
  const indexFile = path.join(deps.webDist, 'index.html');
  if (!fs.existsSync(indexFile)) return;
  const indexHtml = fs.readFileSync(indexFile, 'utf8');
  app.get<{ Params: { slug: string } }>(`${publicProfilePath(':slug')}`, { schema: { hide: true } }, async (request, reply) => {
    const { slug } = request.params;
    const pagePath = publicProfilePath(encodeURIComponent(slug));
    const profile = await visibleProfile(deps.db, slug, undefined);
    const head = profile ? profileHead(profile, deps.config.publicUrl, pagePath) : notFoundHead(deps.config.publicUrl, pagePath);
    return reply
      .status(profile ? 200 : 404)
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(injectHead(indexHtml, head));
  });
}
