import {
  ACCOUNT_MESSAGES as MSG,
  getAccount,
  reactivateAccount,
  resendAccountCode,
  resendSignupCode,
  searchAccounts,
  setOperatorRole,
  suspendAccount,
} from '@talentloop/contract/api/operator-accounts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser } from '../../http/guards.ts';
import { route } from '../../http/route.ts';
import { type OperatorAccountsDeps, createOperatorAccountsService } from './service.ts';

// The console's accounts (issue 21): operators only (the contract's access, denied by default).
// Every id in a path is checked by the contract (uuidParam): anything that is not a UUID is an unknown account (404).

function actorOf(request: FastifyRequest) {
  const user = currentUser(request);
  return { id: user.id, email: user.email };
}

export async function operatorAccountsRoutes(app: FastifyInstance, deps: OperatorAccountsDeps) {
  const service = createOperatorAccountsService(deps);

  route(app, searchAccounts, {}, async (request) => ({ status: 'success' as const, ...(await service.search(request.query)) }));

  route(app, getAccount, {}, async (request) => ({
    status: 'success' as const,
    account: await service.detail(request.params.userId, currentUser(request).id),
  }));

  route(app, suspendAccount, {}, async (request) => ({
    status: 'success' as const,
    responseMessage: MSG.suspended,
    account: await service.suspend(actorOf(request), request.params.userId, request.body.reason),
  }));

  route(app, reactivateAccount, {}, async (request) => ({
    status: 'success' as const,
    responseMessage: MSG.reactivated,
    account: await service.reactivate(actorOf(request), request.params.userId, request.body.reason),
  }));

  route(app, resendAccountCode, {}, async (request) => {
    await service.resendForAccount(actorOf(request), request.params.userId);
    return { status: 'success' as const, responseMessage: MSG.codeSent };
  });

  route(app, resendSignupCode, {}, async (request) => {
    await service.resendForSignup(actorOf(request), request.params.signupId);
    return { status: 'success' as const, responseMessage: MSG.codeSent };
  });

  route(app, setOperatorRole, {}, async (request) => {
    const grant = request.body.grant;
    return {
      status: 'success' as const,
      responseMessage: grant ? MSG.granted : MSG.revoked,
      account: await service.setOperator(actorOf(request), request.params.userId, grant),
    };
  });
}
