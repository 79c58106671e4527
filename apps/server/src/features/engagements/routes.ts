import {
  ENGAGEMENT_MESSAGES as MSG,
  acceptEarlyEnd,
  acceptTerms,
  approveMilestone,
  approveTimesheet,
  declineEarlyEnd,
  declineTerms,
  fundMilestone,
  getCompanyEngagement,
  getCompanyTimesheet,
  getFreelancerEngagement,
  getWeek,
  giveNotice,
  listCompanyEngagements,
  listFreelancerEngagements,
  makeOffer,
  proposeEarlyEnd,
  proposeTerms,
  queryTimesheet,
  requestMilestoneChanges,
  saveWeek,
  submitMilestone,
  submitWeek,
} from '@talentloop/contract/api/engagements';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { currentUser } from '../../http/guards.ts';
import { route } from '../../http/route.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import type { OutboxWorker } from '../../infra/mail/outbox.ts';
import type { FileStorage } from '../../infra/storage.ts';
import { deliverableRoutes } from './deliverables.ts';
import { createMilestoneService } from './milestones.ts';
import { companyIdOf } from './queries.ts';
import { companySide, createEngagementService, freelancerSide } from './service.ts';
import { createTimesheetService } from './timesheets.ts';

// Engagements (issue 34): offers and terms, weekly timesheets, milestones, ending. Roles from the
// contract (a company editing hours or a freelancer approving their own week: 403); ids checked
// against the caller in the services (another party's: 404).

export async function engagementRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; config: Config; outbox: Pick<OutboxWorker, 'kick'>; storage: FileStorage },
) {
  const engagements = createEngagementService(deps);
  const sheets = createTimesheetService(deps);
  const ms = createMilestoneService(deps);
  const me = (request: FastifyRequest) => currentUser(request).id;
  const ok = 'success' as const;
  /** Runs a write and kicks the outbox (the write queued its mails in its transaction). */
  const kick = async <T>(work: Promise<T>): Promise<T> => {
    const out = await work;
    deps.outbox.kick();
    return out;
  };

  route(app, listCompanyEngagements, {}, async (request) => {
    const companyId = await companyIdOf(deps.db, me(request));
    return { status: ok, engagements: companyId ? await engagements.list({ kind: 'company', companyId }) : [] };
  });

  route(app, getCompanyEngagement, {}, async (request) => ({
    status: ok,
    engagement: await engagements.get(await companySide(deps.db, me(request), 'TL_CORE_18100_E'), request.params.engagementId),
  }));

  route(app, makeOffer, {}, async (request) => ({
    status: ok,
    responseMessage: MSG.offered,
    engagement: await kick(engagements.offer(me(request), request.params.hireId, request.body)),
  }));

  route(app, proposeTerms, {}, async (request) => ({
    status: ok,
    responseMessage: MSG.termsProposed,
    engagement: await kick(engagements.propose(me(request), request.params.engagementId, request.body.version, request.body.terms)),
  }));

  /** Ending with notice (issue 35): the caller's side from their role (a company owner, else the freelancer). */
  const side = async (request: FastifyRequest) =>
    currentUser(request).roles.includes('client') ? companySide(deps.db, me(request), 'TL_CORE_18100_E') : freelancerSide(me(request));

  route(app, giveNotice, {}, async (request) => ({
    status: ok,
    responseMessage: MSG.noticeGiven,
    engagement: await kick(
      engagements.giveNotice(await side(request), request.params.engagementId, request.body.version, request.body.endDate),
    ),
  }));

  route(app, proposeEarlyEnd, {}, async (request) => ({
    status: ok,
    responseMessage: MSG.earlyEndProposed,
    engagement: await kick(
      engagements.proposeEarlyEnd(await side(request), request.params.engagementId, request.body.version, request.body.endDate),
    ),
  }));

  route(app, acceptEarlyEnd, {}, async (request) => ({
    status: ok,
    responseMessage: MSG.earlyEndAccepted,
    engagement: await kick(engagements.answerEarlyEnd(await side(request), request.params.engagementId, request.body.version, true)),
  }));

  route(app, declineEarlyEnd, {}, async (request) => ({
    status: ok,
    responseMessage: MSG.earlyEndDeclined,
    engagement: await kick(engagements.answerEarlyEnd(await side(request), request.params.engagementId, request.body.version, false)),
  }));

  route(app, getCompanyTimesheet, {}, async (request) => ({
    status: ok,
    timesheet: await sheets.getForCompany(me(request), request.params.timesheetId),
  }));

  route(app, approveTimesheet, {}, async (request) => ({
    status: ok,
    responseMessage: MSG.approved,
    timesheet: await kick(sheets.approve(me(request), request.params.timesheetId, request.body.version)),
  }));

  route(app, queryTimesheet, {}, async (request) => ({
    status: ok,
    responseMessage: MSG.queried,
    timesheet: await kick(sheets.query(me(request), request.params.timesheetId, request.body)),
  }));

  route(app, fundMilestone, {}, async (request) => ({
    status: ok,
    responseMessage: MSG.funded,
    milestone: await kick(ms.fund(me(request), request.params.milestoneId, request.body.version)),
  }));

  route(app, approveMilestone, {}, async (request) => ({
    status: ok,
    responseMessage: MSG.milestoneApproved,
    milestone: await kick(ms.approve(me(request), request.params.milestoneId, request.body.version)),
  }));

  route(app, requestMilestoneChanges, {}, async (request) => ({
    status: ok,
    responseMessage: MSG.changesRequested,
    milestone: await kick(ms.requestChanges(me(request), request.params.milestoneId, request.body.version, request.body.reason)),
  }));

  route(app, listFreelancerEngagements, {}, async (request) => ({
    status: ok,
    engagements: await engagements.list(freelancerSide(me(request))),
  }));

  route(app, getFreelancerEngagement, {}, async (request) => ({
    status: ok,
    engagement: await engagements.get(freelancerSide(me(request)), request.params.engagementId),
  }));

  route(app, acceptTerms, {}, async (request) => ({
    status: ok,
    responseMessage: MSG.accepted,
    engagement: await kick(engagements.answer(me(request), request.params.engagementId, request.body.termsVersion, { accept: true })),
  }));

  route(app, declineTerms, {}, async (request) => ({
    status: ok,
    responseMessage: MSG.declined,
    engagement: await kick(
      engagements.answer(me(request), request.params.engagementId, request.body.termsVersion, {
        accept: false,
        reason: request.body.reason,
      }),
    ),
  }));

  route(app, getWeek, {}, async (request) => ({
    status: ok,
    timesheet: await sheets.getWeek(me(request), request.params.engagementId, request.params.weekStart),
  }));

  route(app, saveWeek, {}, async (request) => ({
    status: ok,
    responseMessage: MSG.saved,
    timesheet: await sheets.saveWeek(
      me(request),
      request.params.engagementId,
      request.params.weekStart,
      request.body.version,
      request.body.lines,
    ),
  }));

  route(app, submitWeek, {}, async (request) => ({
    status: ok,
    responseMessage: MSG.submitted,
    timesheet: await kick(sheets.submitWeek(me(request), request.params.engagementId, request.params.weekStart, request.body.version)),
  }));

  route(app, submitMilestone, {}, async (request) => ({
    status: ok,
    responseMessage: MSG.milestoneSubmitted,
    milestone: await kick(ms.submit(me(request), request.params.milestoneId, request.body)),
  }));

  deliverableRoutes(app, deps);
}
