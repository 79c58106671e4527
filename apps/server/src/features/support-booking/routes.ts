import {
  SUPPORT_API_MESSAGES as MSG,
  bookSupportCall,
  cancelSupportCall,
  getSupportAvailability,
  getSupportBooking,
} from '@talentloop/contract/api/support-booking';
import { SUPPORT_HOURS } from '@talentloop/contract/rules/support-slots';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { currentUser } from '../../http/guards.ts';
import { route } from '../../http/route.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import type { OutboxWorker } from '../../infra/mail/outbox.ts';
import { supportCallOperatorRoutes } from './operator-routes.ts';
import { createSupportBookingService } from './service.ts';

// Support booking (issue 11). ['client'] only (the contract); the caller's own company only: a
// booking id from a request is matched with the caller's company, another company's is not found.

export async function supportBookingRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; config: Config; outbox: Pick<OutboxWorker, 'kick'> },
) {
  const service = createSupportBookingService(deps);

  route(app, getSupportAvailability, {}, async () => ({
    status: 'success' as const,
    timeZone: service.timeZone,
    capacity: service.capacity,
    slotMinutes: SUPPORT_HOURS.slotMinutes,
    days: await service.availability(),
  }));

  route(app, getSupportBooking, {}, async (request) => {
    return { status: 'success' as const, ...(await service.upcoming(currentUser(request))) };
  });

  route(app, bookSupportCall, {}, async (request) => {
    const booking = await service.book(currentUser(request), request.body);
    return { status: 'success' as const, responseMessage: MSG.booked, booking };
  });

  route(app, cancelSupportCall, {}, async (request) => {
    await service.cancel(currentUser(request).id, request.body.bookingId);
    return { status: 'success' as const, responseMessage: MSG.cancelled, booking: null };
  });

  // The operators' side of the same calls (operator console, issue 21).
  await supportCallOperatorRoutes(app, deps);
}
