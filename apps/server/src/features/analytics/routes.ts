import { api } from '@talentloop/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { rateLimit } from '../../http/guards.ts';
import { route } from '../../http/route.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import { countedPath } from './known-paths.ts';
import { countPageView } from './queries.ts';

export type AnalyticsDeps = { db: Db; clock: Clock; config: Config };

/** Small enough for a page view, generous for any path we accept. */
const BODY_LIMIT = 1024;

/**
 * First-party page views. spec: auth-onboarding §2 (page views on each route change); DESIGN.md
 * "Beyond the spec". The web app sends them with navigator.sendBeacon, whose string body arrives as
 * text/plain; only this route reads text/plain as JSON (elsewhere it stays refused, so a cross-site
 * form can never post JSON to the other endpoints).
 */
export async function analyticsRoutes(app: FastifyInstance, deps: AnalyticsDeps) {
  const { db, clock, config } = deps;
  await app.register(async (scope) => {
    scope.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        const err = Object.assign(new Error('The request body is not valid JSON.'), { statusCode: 400 });
        done(err, undefined);
      }
    });
    // Views come with every navigation, so the per-IP budget is a few times that of a form.
    const limit = rateLimit(db, clock, 'page-view', config.rateLimitPerMinute * 4);
    route(scope, api.pageView, { onRequest: [limit], bodyLimit: BODY_LIMIT }, async (request) => {
      // The referrer is checked like the path but not kept: the table holds a daily count per route
      // only. Paths that are not web routes share one bucket, so the table cannot grow without bound.
      await countPageView(db, countedPath(request.body.path), clock.now());
      return { status: 'success' as const };
    });
  });
}
