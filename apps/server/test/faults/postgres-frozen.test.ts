import { describe, expect, test } from 'vitest';
import { runDatabaseFault } from './database-fault.ts';
import { pgBin, useFaultHarness } from './support.ts';

// PostgreSQL frozen under load (SIGSTOP to the postmaster and every backend: connections stay open,
// nothing answers, as with a hung host): requests get a clear 503 within the pool's timeouts (no
// hang), and after SIGCONT the same server process serves again without a restart. A statement
// that timed out is never committed later: its connection is dropped, so the server rolls it back.

useFaultHarness();

describe.skipIf(!pgBin)('PostgreSQL frozen under load', () => {
  test('requests get 503 within the timeouts while it is frozen, and the same process recovers once it runs again', async () => {
    await runDatabaseFault({
      scenario: 'PostgreSQL frozen under load (SIGSTOP)',
      queryTimeoutMs: 3_000,
      answers: { before: 20, during503: 12, after: 20 },
      inject: (cluster) => cluster.freeze(),
      recover: (cluster) => cluster.thaw(),
      networkErrorsMessage: 'every request was answered: none hung until the client gave up',
      // No transaction was left open by a statement that timed out while frozen.
      finalChecks: async (cluster) => {
        const open = await cluster.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE state LIKE 'idle in transaction%' AND datname = current_database()",
        );
        expect(open[0]?.n).toBe(0);
      },
      notes: (ms, count503) => `frozen ${(ms / 1000).toFixed(1)} s: ${count503} x 503, recovered without a restart`,
    });
  });
});
