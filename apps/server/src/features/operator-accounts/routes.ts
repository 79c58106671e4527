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
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { currentUser } from '../../http/guards.ts';
import { route } from '../../http/route.ts';
import { type OperatorAccountsDeps, createOperatorAccountsService } from './service.ts';

// The console's accounts (issue 21): operators only (the contract's access, denied by default).
// Every id in a path is checked: anything that is not a UUID is an unknown account (404).

const Id = z.uuid();

function idParam(request: FastifyRequest, name: 'userId' | 'signupId'): string {
  const parsed = Id.safeParse((request.params as Record<string, unknown>)[name]);
  if (!parsed.success) throw new AppError(name === 'userId' ? 'TL_CORE_14101_E' : 'TL_CORE_14108_E');
  return parsed.data;
}

function actorOf(request: FastifyRequest) {
  const user = currentUser(request);
  return { id: user.id, email: user.email };
}

export async function operatorAccountsRoutes(app: FastifyInstance, deps: OperatorAccountsDeps & { auth: preHandlerHookHandler }) {
  const auth = { preHandler: [deps.auth] };
  const service = createOperatorAccountsService(deps);

  route(app, searchAccounts, auth, async (request) => ({ status: 'success' as const, ...(await service.search(request.query)) }));

  route(app, getAccount, auth, async (request) => ({
    status: 'success' as const,
    account: await service.detail(idParam(request, 'userId'), currentUser(request).id),
  }));

  route(app, suspendAccount, auth, async (request) => ({
    status: 'success' as const,
    responseMessage: MSG.suspended,
    account: await service.suspend(actorOf(request), idParam(request, 'userId'), request.body.reason),
  }));

  route(app, reactivateAccount, auth, async (request) => ({
    status: 'success' as const,
    responseMessage: MSG.reactivated,
    account: await service.reactivate(actorOf(request), idParam(request, 'userId'), request.body.reason),
  }));

  route(app, resendAccountCode, auth, async (request) => {
    await service.resendForAccount(actorOf(request), idParam(request, 'userId'));
    return { status: 'success' as const, responseMessage: MSG.codeSent };
  });

  route(app, resendSignupCode, auth, async (request) => {
    await service.resendForSignup(actorOf(request), idParam(request, 'signupId'));
    return { status: 'success' as const, responseMessage: MSG.codeSent };
  });

  route(app, setOperatorRole, auth, async (request) => {
    const grant = request.body.grant;
    return {
      status: 'success' as const,
      responseMessage: grant ? MSG.granted : MSG.revoked,
      account: await service.setOperator(actorOf(request), idParam(request, 'userId'), grant),
    };
  });
}
