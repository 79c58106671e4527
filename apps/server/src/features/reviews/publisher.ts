import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import { createReviewService } from './service.ts';
import { startPeriodicSweep } from '../../infra/periodic-sweep.ts';

// Review publication notices (issue 32). Whether a review shows is computed on read from the clock
// (queries.ts), so nothing has to run for it to appear. Only the "you were reviewed" mail of a review
// published by the blind days passing (no second review to trigger it) needs a tick: each claims a
// small batch once (service.publishDueReviews), safe with any number of instances.

export const PUBLISH_POLL_MS = 5 * 60_000;

type Deps = { db: Db; clock: Clock; config: Pick<Config, 'publicUrl'> };

/** Ticks every `pollMs` (not at start); `tick()` runs one now (tests). Stops on `stop()`, waiting for a tick in flight. */
export function startReviewPublisher(deps: Deps & { log: FastifyBaseLogger; pollMs?: number; onQueued?: () => void }) {
  const service = createReviewService(deps);
  return startPeriodicSweep({
    work: () => service.publishDueReviews(),
    pollMs: deps.pollMs ?? PUBLISH_POLL_MS,
    log: deps.log,
    failure: 'review publication notices failed',
    onQueued: deps.onQueued,
  });
}
