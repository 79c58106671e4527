import {
  assignReceipt,
  importStatement,
  listCompanyPayments,
  listFreelancerPayments,
  listReceipts,
  listReleasesDue,
  recordReceipt,
  STATEMENT_MAX_CHARS,
} from '@talentloop/contract/api/receipts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/guards.ts';
import { route } from '../../http/route.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import type { AuditActor } from '../audit/audit.ts';
import { findCompany } from '../company/service.ts';
import * as receipts from './service.ts';

// Receipts and releases (issue 35): the operator's import, hand-recorded receipt, assignment and
// 'Releases due' queue (['operator'] only, in the contract), and each party's dated answer per
// invoice. Every operator action is audited in its own transaction (service.ts).

/** The import's body: the statement's text at its maximum, JSON-escaped, with room to spare. */
export const STATEMENT_BODY_LIMIT = 2 * STATEMENT_MAX_CHARS;

export async function receiptRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock; bank: receipts.Bank; publicUrl: string }) {
  const { db, clock } = deps;
  const svc: receipts.Deps = { db, bank: deps.bank, publicUrl: deps.publicUrl };
  const actorOf = (request: Parameters<typeof currentUser>[0]): AuditActor => {
    const user = currentUser(request);
    return { id: user.id, email: user.email };
  };

  // A statement is large (10,000 entries of camt.053 are about 8 MB as JSON text): its own body limit.
  route(app, importStatement, { bodyLimit: STATEMENT_BODY_LIMIT }, async (request) => {
    const result = await receipts.importStatement(svc, actorOf(request), request.body, clock.now());
    const responseMessage = result.alreadyImported
      ? 'This statement was imported before; nothing changed.'
      : `Imported ${result.newLines} new credit line${result.newLines === 1 ? '' : 's'}: ${result.matched} matched, ${result.unmatched} to assign.`;
    return { status: 'success' as const, responseMessage, result };
  });

  route(app, recordReceipt, {}, async (request) => {
    const receipt = await receipts.recordReceipt(svc, actorOf(request), request.body, clock.now());
    return { status: 'success' as const, responseMessage: 'Receipt recorded.', receipt };
  });

  route(app, listReceipts, {}, async (request) => ({
    status: 'success' as const,
    receipts: await receipts.listReceipts(db, request.query.state),
  }));

  route(app, assignReceipt, {}, async (request) => {
    const receipt = await receipts.assignReceipt(
      svc,
      actorOf(request),
      request.params.receiptId,
      request.body.paymentReference,
      clock.now(),
    );
    return { status: 'success' as const, responseMessage: `Assigned to ${receipt.invoice?.number ?? 'the invoice'}.`, receipt };
  });

  route(app, listReleasesDue, {}, async () => ({ status: 'success' as const, releases: await receipts.listReleasesDue(db) }));

  route(app, listFreelancerPayments, {}, async (request) => ({
    status: 'success' as const,
    payments: await receipts.paymentTimelines(db, { freelancerId: currentUser(request).id }),
  }));

  route(app, listCompanyPayments, {}, async (request) => {
    const company = await findCompany(db, currentUser(request).id);
    return { status: 'success' as const, payments: company ? await receipts.paymentTimelines(db, { companyId: company.id }) : [] };
  });
}
