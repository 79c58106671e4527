import { downloadMoneyReportCsv, getMoneyReport } from '@talentloop/contract/api/money-reports';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import type { Db } from '../../infra/db/client.ts';
import { moneyReport, moneyReportCsv } from './service.ts';

// The money report (issue 35 'Reports'): operators only (the contract's access list).

const ATTACHMENT_CSP = "default-src 'none'; sandbox";

export async function moneyReportRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;
  route(app, getMoneyReport, {}, async (request) => ({
    status: 'success' as const,
    from: request.query.from,
    to: request.query.to,
    rows: await moneyReport(db, request.query),
  }));

  route(app, downloadMoneyReportCsv, {}, async (request, reply) => {
    const csv = moneyReportCsv(request.query, await moneyReport(db, request.query));
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', `attachment; filename="money-report-${request.query.from}-${request.query.to}.csv"`)
      .header('Cache-Control', 'private, no-store')
      .header('Content-Security-Policy', ATTACHMENT_CSP)
      .send(csv);
  });
}
