import {
  PARTNER_CONSOLE_MESSAGES as MSG,
  exportPartnerRequests,
  listPartnerRequests,
  updatePartnerRequest,
} from '@talentloop/contract/api/partners';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/guards.ts';
import { route } from '../../http/route.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import { createPartnerConsoleService } from './service.ts';

// The operators' partner requests (operator console, issue 21). ['operator'] only (the contract).

export async function partnerOperatorRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock }) {
  const service = createPartnerConsoleService(deps);

  route(app, listPartnerRequests, {}, async (request) => ({ status: 'success' as const, ...(await service.list(request.query)) }));

  route(app, updatePartnerRequest, {}, async (request) => {
    const { id, email } = currentUser(request);
    const updated = await service.update({ id, email }, request.params.requestId, request.body);
    return { status: 'success' as const, responseMessage: MSG.saved, request: updated };
  });

  // A download, not JSON: the text goes out as it is (a string with a non-JSON content type is not
  // serialized), never cached, and named by the export's filter and day.
  route(app, exportPartnerRequests, {}, async (request, reply) => {
    const { fileName, csv } = await service.exportCsv(request.query.status);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${fileName}"`)
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .send(csv);
  });
}
