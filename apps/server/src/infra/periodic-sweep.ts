import type { FastifyBaseLogger } from 'fastify';

/**
 * A sweep that runs `work` every `pollMs` (not at start), one run at a time: a tick due while one
 * runs is skipped. `work` answers how many mails it queued; any at all calls `onQueued` (the outbox
 * sends at once). A failure is logged with `failure` and the next tick tries again. `tick()` runs one
 * now (tests); `stop()` ends the ticks and waits for the run in flight.
 */
export function startPeriodicSweep(opts: {
  work: () => Promise<number>;
  pollMs: number;
  log: FastifyBaseLogger;
  failure: string;
  onQueued?: (() => void) | undefined;
}) {
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = async () => {
    if (stopped) return;
    try {
      const n = await opts.work();
      if (n > 0) opts.onQueued?.();
    } catch (err) {
      if (!stopped) opts.log.error({ err }, opts.failure);
    }
  };
  const timer = setInterval(() => {
    running ??= tick().finally(() => {
      running = undefined;
    });
  }, opts.pollMs);
  timer.unref();
  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
