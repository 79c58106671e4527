import { describe, test } from 'vitest';
import { runDatabaseFault } from './database-fault.ts';
import { pgBin, useFaultHarness } from './support.ts';

// PostgreSQL server stopped under load: requests get a clear 503 with the error envelope quickly
// (bounded pool waits, no hang), /api/health reports unhealthy, and when PostgreSQL is back the
// same server process serves again without a restart. No save acknowledged before the crash is lost.

useFaultHarness();

describe.skipIf(!pgBin)('PostgreSQL server stopped under load', () => {
  test('requests get 503 quickly while it is down, health says so, and the same process recovers when it is back', async () => {
    await runDatabaseFault({
      scenario: 'PostgreSQL stopped under load',
      queryTimeoutMs: 5_000,
      answers: { before: 40, during503: 20, after: 40 },
      inject: (cluster) => cluster.stop('immediate'),
      recover: (cluster) => cluster.start(),
      networkErrorsMessage: 'the server kept its connections open',
      notes: (_ms, count503) => `${count503} x 503`,
    });
  });
});
