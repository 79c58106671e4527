import { AppError } from '../../http/app-error.ts';
import type { UploadLimit } from '../../http/route.ts';
import type { Clock } from '../../infra/clock.ts';
import { hitCounter } from '../../infra/counters.ts';
import type { Db } from '../../infra/db/client.ts';

/** Uploads (multipart requests) one account may send per hour, whatever the endpoint. */
export const UPLOADS_PER_HOUR = 60;
export const UPLOAD_WINDOW_MS = 3_600_000;

export const uploadCounterKey = (userId: string) => `upload:${userId}`;

/**
 * Per-account upload limit, counted in the database (holds across instances). route() applies it
 * to every multipart request of a signed-in caller, before the body is read.
 */
export function createUploadLimit(db: Db, clock: Clock, perHour = UPLOADS_PER_HOUR): UploadLimit {
  return async (request, userId) => {
    const count = await hitCounter(db, uploadCounterKey(userId), UPLOAD_WINDOW_MS, clock.now());
    if (count > perHour) {
      request.log.warn({ userId, count, route: request.routeOptions.url }, 'upload limit reached');
      throw new AppError('TL_CORE_10106_E');
    }
  };
}
