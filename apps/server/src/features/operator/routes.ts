import {
  VERIFICATION_API_MESSAGES as MSG,
  approveVerificationSubmission,
  getVerificationSubmission,
  listPendingVerifications,
  rejectVerificationSubmission,
} from '@talentloop/contract/api/company-verification';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser } from '../../http/guards.ts';
import { route } from '../../http/route.ts';
import type { VerificationDeps } from '../company-verification/routes.ts';
import { createVerificationService } from '../company-verification/service.ts';

// The operators' review of document submissions (issue 11; the console's documents queue, issue 21). ['operator'] only
// (the contract): a client or freelancer gets 403. An operator is made from the command line
// (`npm run operator -- grant <email>`, src/cli/operator.ts).

/** The operator acting, as the audit log keeps them. */
function actorOf(request: FastifyRequest) {
  const { id, email } = currentUser(request);
  return { id, email };
}

export async function operatorRoutes(app: FastifyInstance, deps: VerificationDeps) {
  const service = createVerificationService(deps);

  route(app, listPendingVerifications, {}, async () => ({ status: 'success' as const, submissions: await service.listPending() }));

  route(app, getVerificationSubmission, {}, async (request) => ({
    status: 'success' as const,
    ...(await service.review(request.params.submissionId)),
  }));

  route(app, approveVerificationSubmission, {}, async (request) => {
    const submission = await service.decide(actorOf(request), request.params.submissionId, { outcome: 'approved' });
    return { status: 'success' as const, responseMessage: MSG.approved, submission };
  });

  route(app, rejectVerificationSubmission, {}, async (request) => {
    const submission = await service.decide(actorOf(request), request.params.submissionId, {
      outcome: 'rejected',
      reason: request.body.reason,
    });
    return { status: 'success' as const, responseMessage: MSG.rejected, submission };
  });
}
