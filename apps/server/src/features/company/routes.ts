import {
  COMPANY_API_MESSAGES as MSG,
  deleteCompanyLogo,
  dismissCompanyWelcome,
  getCompanyBasics,
  getCompanyContact,
  getCompanyHome,
  saveCompanyBasics,
  saveCompanyContact,
  sendCompanyEmailCode,
  uploadCompanyLogo,
  verifyCompanyEmail,
} from '@talentloop/contract/api/company';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isOperator } from '@talentloop/contract';
import { currentUser } from '../../http/guards.ts';
import { type UploadedFile, readUpload } from '../../http/multipart.ts';
import { route } from '../../http/route.ts';
import type { FileStorage } from '../../infra/storage.ts';
import type { AuthDeps } from '../auth/deps.ts';
import { createCodeService, sessionRequester } from '../codes/service.ts';
import { completionOf, loadCompany, toBasics, toContact, verificationStatusOf } from './queries.ts';
import { createCompanyService } from './service.ts';

// The company side's first slice (issue 11): home, profile basics, contact and the company email's
// code. Every endpoint is ['client'] in the contract (route() refuses other roles with 403) and
// works on the caller's own company only: no company id is ever read from a request.

/** A company email code works only for the session that asked for it (its caps: features/codes). */
const requesterOf = (request: FastifyRequest, userId: string) => sessionRequester('company_email', request.auth?.sessionId ?? userId);

export async function companyRoutes(app: FastifyInstance, deps: AuthDeps & { storage: FileStorage }) {
  const { db, clock } = deps;
  const companies = createCompanyService(deps);
  const codes = createCodeService(deps);

  route(app, getCompanyHome, {}, async (request) => {
    const user = currentUser(request);
    const { row, socials } = await loadCompany(db, user.id);
    return {
      status: 'success' as const,
      companyName: row.name,
      // The welcome invites a new company to set up its profile; an operator's account is staff, and
      // the modal would cover the profile menu that holds the console's link.
      showWelcome: row.welcomeSeenAt === null && !isOperator(user.roles),
      completion: completionOf(row, socials),
      verificationStatus: verificationStatusOf(row),
    };
  });

  route(app, dismissCompanyWelcome, {}, async (request) => {
    await companies.dismissWelcome(currentUser(request).id);
    return { status: 'success' as const, responseMessage: MSG.welcomeSeen };
  });

  route(app, getCompanyBasics, {}, async (request) => {
    const { row, socials } = await loadCompany(db, currentUser(request).id);
    return { status: 'success' as const, version: row.basicsVersion, basics: toBasics(row), completion: completionOf(row, socials) };
  });

  route(app, saveCompanyBasics, {}, async (request) => {
    const { version, ...body } = request.body;
    const { row, completion } = await companies.saveBasics(currentUser(request).id, body, version);
    return { status: 'success' as const, responseMessage: MSG.basicsSaved, version: row.basicsVersion, basics: toBasics(row), completion };
  });

  route(app, uploadCompanyLogo, {}, async (request) => {
    const { files } = await readUpload(request, uploadCompanyLogo);
    const logo = files.logo[0] as UploadedFile;
    const { row, completion } = await companies.updateLogo(currentUser(request).id, logo.data);
    return { status: 'success' as const, responseMessage: MSG.logoUpdated, logoUrl: row.logoUrl as string, completion };
  });

  route(app, deleteCompanyLogo, {}, async (request) => {
    const { completion } = await companies.deleteLogo(currentUser(request).id);
    return { status: 'success' as const, responseMessage: MSG.logoDeleted, logoUrl: null, completion };
  });

  route(app, getCompanyContact, {}, async (request) => {
    const { row, socials } = await loadCompany(db, currentUser(request).id);
    return {
      status: 'success' as const,
      version: row.contactVersion,
      contact: toContact(row, socials),
      completion: completionOf(row, socials),
    };
  });

  route(app, saveCompanyContact, {}, async (request) => {
    const { version, ...body } = request.body;
    const { row, socials, completion } = await companies.saveContact(currentUser(request).id, body, version);
    return {
      status: 'success' as const,
      responseMessage: MSG.contactSaved,
      version: row.contactVersion,
      contact: toContact(row, socials),
      completion,
    };
  });

  route(app, sendCompanyEmailCode, {}, async (request) => {
    const user = currentUser(request);
    const { email } = request.body;
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

  route(app, verifyCompanyEmail, {}, async (request) => {
    const user = currentUser(request);
    const { email, otp } = request.body;
    const { completion } = await codes.consume(
      'company_email',
      { email, requester: requesterOf(request, user.id), ip: request.ip, accountId: user.id, code: otp, now: clock.now() },
      (tx) => companies.markEmailVerified(tx, user.id, email),
    );
    return { status: 'success' as const, responseMessage: MSG.emailVerified, verifiedEmail: email, completion };
  });
}
