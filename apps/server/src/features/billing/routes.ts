import {
  BILLING_MESSAGES as MSG,
  getCompanyBilling,
  getFreelancerBilling,
  saveCompanyBilling,
  saveFreelancerBilling,
  sendBillingEmailCode,
  verifyBillingEmail,
} from '@talentloop/contract/api/billing';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { currentUser } from '../../http/guards.ts';
import { route } from '../../http/route.ts';
import type { DbOrTx } from '../../infra/db/client.ts';
import type { AuthDeps } from '../auth/deps.ts';
import { createCodeService, sessionRequester } from '../codes/service.ts';
import { ensureCompany } from '../company/service.ts';
import {
  companyIdOfOwner,
  findCompanyBilling,
  findFreelancerBilling,
  markBillingEmailProven,
  provenAddressesOf,
  saveCompanyBillingRow,
  saveFreelancerBillingRow,
} from './queries.ts';
import { companyBillingReady, freelancerBillingReady, toCompanyRead, toFreelancerRead } from './service.ts';

// Billing details (issue 34, decision 202). Each endpoint works on the caller's own company or
// account: no id is read from a request. The billing email is proven by the company email's code
// path (features/codes, purpose 'company_email', its caps): the code is the only mail an unproven
// address gets; an address the account already proved counts at once.

const requesterOf = (request: FastifyRequest, userId: string) => sessionRequester('company_email', request.auth?.sessionId ?? userId);

export async function billingRoutes(app: FastifyInstance, deps: AuthDeps) {
  const { db, clock } = deps;
  const codes = createCodeService(deps);

  /** The caller's company (made on first use, as the company profile does). */
  async function companyOf(userId: string): Promise<string> {
    return (await companyIdOfOwner(db, userId)) ?? (await ensureCompany(db, userId)).id;
  }

  async function companyState(tx: DbOrTx, companyId: string) {
    const row = await findCompanyBilling(tx, companyId);
    return {
      status: 'success' as const,
      version: row?.version ?? 0,
      billing: row ? toCompanyRead(row) : null,
      readiness: await companyBillingReady(tx, companyId),
    };
  }

  async function freelancerState(tx: DbOrTx, userId: string) {
    const row = (await findFreelancerBilling(tx, userId))?.billing ?? null;
    return {
      status: 'success' as const,
      version: row?.version ?? 0,
      billing: row ? toFreelancerRead(row) : null,
      readiness: await freelancerBillingReady(tx, userId),
    };
  }

  route(app, getCompanyBilling, {}, async (request) => companyState(db, await companyOf(currentUser(request).id)));

  route(app, saveCompanyBilling, {}, async (request) => {
    const user = currentUser(request);
    const companyId = await companyOf(user.id);
    const { version, ...values } = request.body;
    const now = clock.now();
    return db.transaction(async (tx) => {
      const current = await findCompanyBilling(tx, companyId);
      // A proof stays with its address: kept while the email is unchanged; an address the account
      // already proved (its sign-in email, the verified contact email) is proven at once.
      const proven = (await provenAddressesOf(tx, user.id)).includes(values.billingEmail)
        ? values.billingEmail
        : current?.verifiedBillingEmail === values.billingEmail
          ? values.billingEmail
          : (current?.verifiedBillingEmail ?? null);
      const saved = await saveCompanyBillingRow(tx, companyId, version, { ...values, verifiedBillingEmail: proven }, now);
      if (saved === undefined) throw new AppError('TL_CORE_34205_E');
      return { ...(await companyState(tx, companyId)), responseMessage: MSG.saved };
    });
  });

  route(app, sendBillingEmailCode, {}, async (request) => {
    const user = currentUser(request);
    const companyId = await companyOf(user.id);
    const { email } = request.body;
    // Only the saved billing email gets a code: the form saves first, then asks.
    if ((await findCompanyBilling(db, companyId))?.billingEmail !== email) throw new AppError('TL_CORE_34206_E');
    await codes.issue('company_email', {
      email,
      firstName: user.firstName,
      requester: requesterOf(request, user.id),
      ip: request.ip,
      accountId: user.id,
      now: clock.now(),
    });
    return { status: 'success' as const, responseMessage: MSG.emailCodeSent };
  });

  route(app, verifyBillingEmail, {}, async (request) => {
    const user = currentUser(request);
    const companyId = await companyOf(user.id);
    const { email, otp } = request.body;
    const now = clock.now();
    const state = await codes.consume(
      'company_email',
      { email, requester: requesterOf(request, user.id), ip: request.ip, accountId: user.id, code: otp, now },
      async (tx) => {
        // The billing email changed since the code was sent: the code proves an address no longer asked for (kept unconsumed).
        if (!(await markBillingEmailProven(tx, companyId, email, now))) throw new AppError('TL_CORE_34206_E');
        return companyState(tx, companyId);
      },
    );
    return { ...state, responseMessage: MSG.emailVerified };
  });

  route(app, getFreelancerBilling, {}, async (request) => freelancerState(db, currentUser(request).id));

  route(app, saveFreelancerBilling, {}, async (request) => {
    const user = currentUser(request);
    const { version, ...values } = request.body;
    const now = clock.now();
    return db.transaction(async (tx) => {
      const saved = await saveFreelancerBillingRow(tx, user.id, version, values, now);
      if (saved === undefined) throw new AppError('TL_CORE_34205_E');
      return { ...(await freelancerState(tx, user.id)), responseMessage: MSG.saved };
    });
  });
}
