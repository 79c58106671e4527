import { PAGE_VIEW_DAYS_DEFAULT, listPageViews } from '@talentloop/contract/api/analytics';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import { lastDays, readPageViewSeries } from './queries.ts';

// The operators' page views (operator console, issue 21): daily counts per path, read only.
// ['operator'] only (the contract).

export async function pageViewOperatorRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock }) {
  route(app, listPageViews, {}, async (request) => {
    const days = lastDays(deps.clock.now(), request.query.days ?? PAGE_VIEW_DAYS_DEFAULT);
    return { status: 'success' as const, days, ...(await readPageViewSeries(deps.db, days)) };
  });
}
