// A server that starts while its PostgreSQL server is still starting, restarting or too busy to
// answer within the connect timeout waits for it (up to DATABASE_STARTUP_WAIT_MS) instead of
// exiting at the first refused or timed-out connection: an orchestrator starting both at once, or
// a loaded machine, must not need a second try. Anything else (a wrong password, an unknown
// database) fails at once: waiting would not change it.

/** Errors that say "not reachable yet", as opposed to "refused for good". */
const TRANSIENT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // PostgreSQL: the database system is starting up / shutting down; too many connections.
  '57P03',
  '57P01',
  '53300',
]);

export function isTransientConnectError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && TRANSIENT_CODES.has(code)) return true;
  // node-postgres's connectionTimeoutMillis and a socket closed during the handshake carry no code.
  return /timeout expired|Connection terminated unexpectedly|connection timeout/i.test(err.message);
}

/**
 * Runs `attempt` until it succeeds, retrying transient connection errors with a growing pause
 * (250 ms doubling to 2 s) until `waitMs` have passed since the first try; then the last error is
 * thrown. `onWait` is called once, at the first retry (a log line).
 */
export async function untilConnected<T>(
  attempt: () => Promise<T>,
  {
    waitMs,
    onWait,
    now = Date.now,
    sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms)),
  }: {
    waitMs: number;
    onWait?: (err: Error) => void;
    now?: () => number;
    sleep?: (ms: number) => Promise<void>;
  },
): Promise<T> {
  const deadline = now() + waitMs;
  let pause = 250;
  let told = false;
  for (;;) {
    try {
      return await attempt();
    } catch (err) {
      if (!isTransientConnectError(err) || now() + pause > deadline) throw err;
      if (!told) {
        told = true;
        onWait?.(err as Error);
      }
      await sleep(pause);
      pause = Math.min(pause * 2, 2_000);
    }
  }
}
