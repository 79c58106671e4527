import {
  INTERVIEW_MESSAGES as MSG,
  acceptInterview,
  cancelCompanyInterview,
  cancelFreelancerInterview,
  declineInterview,
  getCompanyInterview,
  getCompanyTimeZone,
  getFreelancerTimeZone,
  listCompanyInterviews,
  listFreelancerInterviews,
  proposeInterview,
  recordInterviewOutcome,
  requestOtherTimes,
  rescheduleInterview,
  saveCompanyTimeZone,
  saveFreelancerTimeZone,
} from '@talentloop/contract/api/interviews';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { currentUser } from '../../http/guards.ts';
import { route } from '../../http/route.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import type { OutboxWorker } from '../../infra/mail/outbox.ts';
import { createInterviewService } from './service.ts';

// Interviews (issue 22): companies (clients) propose, reschedule, cancel and record the outcome;
// freelancers accept, decline, ask for other times and cancel. Roles are the contract's `access`;
// the interview is checked against the caller in the service (anyone else's, or not a UUID: 404).

export async function interviewRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; config: Config; outbox: Pick<OutboxWorker, 'kick'> },
) {
  const service = createInterviewService(deps);
  const me = (request: FastifyRequest) => currentUser(request).id;
  /** Every change may queue mail: the outbox is woken at once. */
  const done = (message: string) => (interview: Awaited<ReturnType<typeof service.getForCompany>>) => {
    deps.outbox.kick();
    return { status: 'success' as const, responseMessage: message, interview };
  };

  // ---- company
  route(app, proposeInterview, {}, async (request) => done(MSG.proposed)(await service.propose(me(request), request.body)));
  route(app, listCompanyInterviews, {}, async (request) => ({
    status: 'success' as const,
    interviews: await service.listForCompany(me(request), request.query.candidateId),
  }));
  route(app, getCompanyInterview, {}, async (request) => ({
    status: 'success' as const,
    interview: await service.getForCompany(me(request), request.params.interviewId),
  }));
  route(app, rescheduleInterview, {}, async (request) =>
    done(MSG.rescheduled)(await service.reschedule(me(request), request.params.interviewId, request.body)),
  );
  route(app, cancelCompanyInterview, {}, async (request) =>
    done(MSG.cancelled)(await service.cancelByCompany(me(request), request.params.interviewId, request.body)),
  );
  route(app, recordInterviewOutcome, {}, async (request) =>
    done(request.body.outcome === 'held' ? MSG.held : MSG.noShow)(
      await service.recordOutcome(me(request), request.params.interviewId, request.body),
    ),
  );

  // ---- freelancer
  route(app, listFreelancerInterviews, {}, async (request) => ({
    status: 'success' as const,
    interviews: await service.listForFreelancer(me(request)),
  }));
  route(app, acceptInterview, {}, async (request) =>
    done(MSG.accepted)(await service.accept(me(request), request.params.interviewId, request.body)),
  );
  route(app, declineInterview, {}, async (request) =>
    done(MSG.declined)(await service.decline(me(request), request.params.interviewId, request.body)),
  );
  route(app, requestOtherTimes, {}, async (request) =>
    done(MSG.newTimesRequested)(await service.requestOtherTimes(me(request), request.params.interviewId, request.body)),
  );
  route(app, cancelFreelancerInterview, {}, async (request) =>
    done(MSG.cancelled)(await service.cancelByFreelancer(me(request), request.params.interviewId, request.body)),
  );

  // ---- time zones
  route(app, getCompanyTimeZone, {}, async (request) => ({
    status: 'success' as const,
    timeZone: await service.companyTimeZone(me(request)),
  }));
  route(app, saveCompanyTimeZone, {}, async (request) => ({
    status: 'success' as const,
    responseMessage: MSG.timeZoneSaved,
    timeZone: await service.saveCompanyTimeZone(me(request), request.body.timeZone),
  }));
  route(app, getFreelancerTimeZone, {}, async (request) => ({
    status: 'success' as const,
    timeZone: await service.freelancerTimeZone(me(request)),
  }));
  route(app, saveFreelancerTimeZone, {}, async (request) => ({
    status: 'success' as const,
    responseMessage: MSG.timeZoneSaved,
    timeZone: await service.saveFreelancerTimeZone(me(request), request.body.timeZone),
  }));
}
