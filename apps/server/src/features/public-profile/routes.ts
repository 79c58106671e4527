import fs from 'node:fs';
import path from 'node:path';
import { paths } from '@talentloop/contract';
import { getPublicPreview, getPublicProfile, publicProfilePath } from '@talentloop/contract/api/account';
import { API_PREFIX } from '@talentloop/contract/api/define';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';
import { currentUser, runGuard } from '../../http/guards.ts';
import { loadWebRenderer } from '../../http/web-render.ts';
import { callerRoles, route } from '../../http/route.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import type { Listen } from '../../infra/db/listen.ts';
import type { FileStorage } from '../../infra/storage.ts';
import { readPrivacy } from '../account/privacy.ts';
import { getPublicPortfolioImage } from '@talentloop/contract/api/files';
import { escapeHtml, injectHead, notFoundHead, profileHead } from './html.ts';
import { nextReviewReveal } from '../reviews/service.ts';
import { type KeptPage, createPageCache, validUntil } from './page-cache.ts';
import { listPublicSlugs } from './queries.ts';
import { readPublicProfile, visiblePortfolioImage, visibleProfile } from './service.ts';

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

/** Paths of signed-in pages and the API: kept out of search engines (robots.txt). */
const SIGNED_IN_PREFIXES = [`${API_PREFIX}/`, '/freelancer/', '/company/', paths.admin.overview];

/**
 * GET /talent/{slug} (outside /api): a public profile as complete HTML (issue 37): the web app's
 * own page drawn by React on the server (the build's renderer), with the profile's head tags, a
 * canonical link and schema.org data; the browser hydrates it. Anything else (hidden, companies
 * only, no such link) is index.html with a 'Not found' head and status 404, as before: a crawler
 * sees a profile set private gone at once, and a signed-in company's app still asks with its token.
 * Link previews come from crawlers without a session, so only public profiles get tags.
 * Drawn pages are served from memory until something they show changes (page-cache.ts, decision 310).
 * Also /sitemap.xml (every public profile, read per request) and /robots.txt.
 * Registered by app.ts before the single-page fallback.
 */
export async function publicProfilePage(
  app: FastifyInstance,
  deps: { db: Db; config: Config; webDist: string; clock: Clock; listen: Listen | undefined },
) {
  const { publicUrl } = deps.config;
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      ...SIGNED_IN_PREFIXES.map((p) => `Disallow: ${p}`),
      '',
      `Sitemap: ${publicUrl}/sitemap.xml`,
      '',
    ];
    return reply.header('Content-Type', 'text/plain; charset=utf-8').header('Cache-Control', 'no-cache').send(lines.join('\n'));
  });
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const pages = [
      paths.home,
      paths.terms,
      paths.privacy,
      ...(await listPublicSlugs(deps.db)).map((slug) => publicProfilePath(encodeURIComponent(slug))),
    ];
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...pages.map((p) => `  <url><loc>${escapeHtml(`${publicUrl}${p}`)}</loc></url>`),
      '</urlset>',
      '',
    ].join('\n');
    return reply.header('Content-Type', 'application/xml; charset=utf-8').header('Cache-Control', 'no-cache').send(xml);
  });

  const indexFile = path.join(deps.webDist, 'index.html');
  if (!fs.existsSync(indexFile)) return;
  // The build's template for this page: index.html with the talent page's chunks preloaded
  // (apps/web/vite.config.ts TEMPLATES), so the page hydrates without a second round of fetches.
  const templateFile = path.join(deps.webDist, 'templates', 'talent.html');
  const indexHtml = fs.readFileSync(fs.existsSync(templateFile) ? templateFile : indexFile, 'utf8');
  const renderer = await loadWebRenderer(deps.webDist);
  // Pages served from memory until something they were drawn from changes (page-cache.ts).
  const pages = createPageCache({ now: () => deps.clock.now() });
  await pages.start(deps.listen);
  app.addHook('onClose', () => pages.stop());

  const draw = async (slug: string): Promise<KeptPage> => {
    const drawnAt = pages.generation();
    const now = deps.clock.now();
    const pagePath = publicProfilePath(encodeURIComponent(slug));
    const found = await visibleProfile(deps.db, slug, undefined, now);
    const profile = found ? (({ userId: _owner, ...shown }) => shown)(found) : null;
    const head = profile ? profileHead(profile, publicUrl, pagePath) : notFoundHead(publicUrl, pagePath);
    const template = injectHead(indexHtml, head);
    const html = profile && renderer ? await renderer.renderDocument(template, pagePath, { publicProfile: profile }) : template;
    const nextReveal = found ? await nextReviewReveal(deps.db, found.userId, now) : null;
    const page: KeptPage = { status: profile ? 200 : 404, html, userId: found?.userId ?? null, validUntil: validUntil(now, nextReveal) };
    pages.keep(slug, page, drawnAt);
    return page;
  };

  app.get<{ Params: { slug: string } }>(`${publicProfilePath(':slug')}`, { schema: { hide: true } }, async (request, reply) => {
    const { slug } = request.params;
    const page = pages.get(slug) ?? (await draw(slug));
    return reply.status(page.status).header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(page.html);
  });
}
