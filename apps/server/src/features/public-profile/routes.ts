import fs from 'node:fs';
import path from 'node:path';
import { getPublicPreview, getPublicProfile, publicProfilePath } from '@talentloop/contract/api/account';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';
import { currentUser, runGuard } from '../../http/guards.ts';
import { callerRoles, route } from '../../http/route.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import type { FileStorage } from '../../infra/storage.ts';
import { readPrivacy } from '../account/privacy.ts';
import { getPublicPortfolioImage } from '@talentloop/contract/api/files';
import { injectHead, notFoundHead, profileHead } from './html.ts';
import { readPublicProfile } from './queries.ts';
import { visiblePortfolioImage, visibleProfile } from './service.ts';

// clock: a review's publication is computed on read with the server's clock (issue 32).
type Deps = { db: Db; clock: Clock; config: Config; storage: FileStorage };

/**
 * Runs the auth guard when the request carries a token, so a signed-in company sees profiles
 * shown to companies; a missing or invalid token is simply a signed-out caller here.
 */
async function optionalRoles(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<readonly string[] | undefined> {
  if (!request.headers.authorization) return undefined;
  try {
    await runGuard(app, request, reply);
  } catch {
    return undefined;
  }
  return callerRoles(request);
}

export async function publicProfileRoutes(app: FastifyInstance, deps: Deps) {
  const { db, config } = deps;

  route(app, getPublicProfile, {}, async (request, reply) => {
    const { slug } = request.params;
    const roles = await optionalRoles(app, request, reply);
    const profile = await visibleProfile(db, slug, roles, deps.clock.now());
    if (!profile) throw new AppError('TL_CORE_00404_E');
    reply.header('Cache-Control', 'private, no-store');
    const { userId: _owner, ...shown } = profile;
    return { status: 'success' as const, profile: shown };
  });

  // A portfolio image of a profile the caller may see (a plain link: signed-out viewers of public
  // profiles). Documents are never served here: only their owner downloads them (/api/files).
  route(app, getPublicPortfolioImage, {}, async (request, reply) => {
    const { slug, itemId } = request.params;
    const roles = await optionalRoles(app, request, reply);
    const file = await visiblePortfolioImage(deps, slug, itemId, roles);
    if (!file) throw new AppError('TL_CORE_00404_E');
    return reply
      .header('Content-Type', file.mime)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', `inline; filename="portfolio-${itemId.slice(0, 8)}.webp"`)
      .header('Cache-Control', 'private, no-cache')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .send(file.data);
  });

  route(app, getPublicPreview, {}, async (request) => {
    const user = currentUser(request);
    const privacy = await readPrivacy(db, user);
    const profile = await readPublicProfile(db, user.id, privacy.slug, true, deps.clock.now());
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
