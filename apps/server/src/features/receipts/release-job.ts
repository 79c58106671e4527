import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import { startPeriodicSweep } from '../../infra/periodic-sweep.ts';
import { releaseDue } from './service.ts';

// The release job (issue 35, decision 212): every minute, releases each received and approved
// invoice that is not held and not yet released (a hold closed, a release that failed). Safe with any
// number of instances: each batch claims its invoices FOR UPDATE SKIP LOCKED and the
// invoice_releases primary key admits one release per invoice.

export const RELEASE_POLL_MS = 60_000;

export function startReleaseJob(deps: { db: Db; clock: Clock; log: FastifyBaseLogger; pollMs?: number }) {
  return startPeriodicSweep({
    work: async () => {
      await releaseDue(deps.db, deps.clock.now());
      return 0;
    },
    pollMs: deps.pollMs ?? RELEASE_POLL_MS,
    log: deps.log,
    failure: 'release job failed',
  });
}
