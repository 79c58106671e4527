import type { ServerResponse } from 'node:http';
import { ERRORS, errorBody } from '@talentloop/contract';
import type { FastifyInstance } from 'fastify';

// Graceful shutdown (server.ts on SIGTERM/SIGINT): the instance stops taking new work but keeps
// listening while the requests in flight finish, so a client or load balancer that still sends
// here gets a clear 503 with the error envelope and `Connection: close` (it retries elsewhere)
// instead of a refused connection. Once nothing is in flight, or after the grace period, the app
// closes. Requests that arrive on open connections while fastify closes get the same 503.

export type Drain = {
  /** True once draining started (new requests answered 503). */
  readonly draining: boolean;
  /** Requests received and not yet answered (the 503s of draining included, briefly). */
  readonly inFlight: number;
  /**
   * Starts draining; resolves true once no request is in flight, false when `graceMs` passed first.
   * Calling it again joins the same drain.
   */
  drain: (graceMs: number) => Promise<boolean>;
};

export function installDraining(app: FastifyInstance): Drain {
  let draining = false;
  let inFlight = 0;
  let idle: (() => void) | undefined;
  let pending: Promise<boolean> | undefined;

  // Counted on the raw server, so a request whose body is still arriving counts as in flight.
  app.server.on('request', (_req, res: ServerResponse) => {
    inFlight += 1;
    res.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) idle?.();
    });
  });

  // First of the onRequest hooks: nothing else (rate limits, sessions, the database) runs for it.
  app.addHook('onRequest', async (_request, reply) => {
    if (!draining) return;
    return reply
      .code(ERRORS.TL_CORE_00503_E.status)
      .header('connection', 'close')
      .header('retry-after', '1')
      .send(errorBody('TL_CORE_00503_E'));
  });
  // fastify's own 503 while closing has another body (app.ts turns it off): ours applies then too.
  app.addHook('preClose', (done) => {
    draining = true;
    done();
  });

  return {
    get draining() {
      return draining;
    },
    get inFlight() {
      return inFlight;
    },
    drain(graceMs) {
      draining = true;
      pending ??= new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), graceMs);
        timer.unref();
        idle = () => {
          clearTimeout(timer);
          resolve(true);
        };
        if (inFlight === 0) idle();
      });
      return pending;
    },
  };
}
