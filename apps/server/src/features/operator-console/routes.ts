import { getConsoleOverview, listAuditLog } from '@talentloop/contract/api/operator-console';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import { readAuditOperators, readAuditPage, readOverview } from './queries.ts';

// The operator console's overview and audit log (issue 21). ['operator'] only (the contract). The
// audit log has no endpoint that writes: entries are made by each action's own transaction
// (features/audit/audit.ts), and the table refuses UPDATE and DELETE.

export async function operatorConsoleRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock }) {
  route(app, getConsoleOverview, {}, async () => ({
    status: 'success' as const,
    overview: await readOverview(deps.db, deps.clock.now()),
  }));

  route(app, listAuditLog, {}, async (request) => {
    const [page, operators] = await Promise.all([readAuditPage(deps.db, request.query), readAuditOperators(deps.db)]);
    return { status: 'success' as const, ...page, operators };
  });
}
