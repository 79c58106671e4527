import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { testWorkers } from './scripts/workers.mjs';

/**
 * The API files that also run against a PostgreSQL server (`npm run test:api:pg`, decision 140):
 * those whose outcome can depend on the database behind the app. Every API file runs on embedded
 * PGlite (the same PostgreSQL engine); running all of them twice doubled the suite's CPU for checks
 * that do not involve the database server. A file belongs here when it proves one of:
 * - outcomes under real parallel connections (PGlite has one connection, so its statements never
 *   overlap): races, conditional writes, row and advisory locks, SKIP LOCKED, counters;
 * - the server's own behaviour: migrations and the migrated schema, the planner, pg_trgm and the
 *   text search, connection limits, timeouts, a lost or draining database;
 * - raw SQL whose result types come from the driver (aggregates, dates, the read models).
 */
const POSTGRES_FILES = [
  // The schema and its history.
  'test/migrations.test.ts',
  'test/schema-drift.test.ts',
  'test/reference-sync.test.ts',
  // The audit log's protection and the application's own role (decision 170).
  'test/audit-append-only.test.ts',
  // Connections, timeouts, availability.
  'test/connection-pressure.test.ts',
  'test/db-timeouts.test.ts',
  'test/unavailable-and-draining.test.ts',
  // Work shared between workers and instances; counters.
  'test/outbox-delivery.test.ts',
  // Payout batches: no payable amount in two open batches, a line paid once (issue 35).
  'test/payouts/payouts.test.ts',
  'test/mail-outbox.test.ts',
  'test/mail-caps.test.ts',
  'test/storage-cleanup.test.ts',
  'test/storage-staging.test.ts',
  // Races: N requests at once, one outcome.
  'test/sessions.test.ts',
  'test/otp.test.ts',
  'test/auth-owner-lockout.test.ts',
  'test/auth-pending-takeover.test.ts',
  'test/auth-access-tokens.test.ts',
  'test/onboarding/races.test.ts',
  'test/profile/editor-sections.test.ts',
  'test/profile/portfolio-save.test.ts',
  // Messages delivered across instances (LISTEN/NOTIFY, issue 36).
  'test/messages/instances.test.ts',
  'test/messages/messages.test.ts',
  'test/messages/page-plan.test.ts',
  // Talent pages kept in memory, dropped on every instance by the database's notification (decision 310).
  'test/profile/talent-page-instances.test.ts',
  'test/company/support-booking.test.ts',
  'test/company/operator-review.test.ts',
  'test/interviews/races-and-reminders.test.ts',
  'test/talent/loop-vetting.test.ts',
  'test/talent/loop-shortlists.test.ts',
  'test/operator/accounts.test.ts',
  'test/operator/documents-queue.test.ts',
  'test/operator/partners.test.ts',
  // Search, read models and SQL aggregates.
  'test/talent/search.test.ts',
  'test/talent/search-plans.test.ts',
  'test/talent/search-sync.test.ts',
  'test/talent/search-index.test.ts',
  'test/talent/search-level.test.ts',
  'test/talent/read-model.test.ts',
  'test/operator/console.test.ts',
  'test/operator/vetting-queue.test.ts',
  'test/operator/page-views.test.ts',
  'test/reviews/reviews.test.ts',
  'test/profile/account-export.test.ts',
  // The ledger and invoices (issue 34): append-only and balanced at the database, gapless numbers under parallel issues.
  'test/ledger/ledger.test.ts',
  'test/invoices/invoices.test.ts',
  // The sweep's batch as one statement (decision 282): two batches for the same issuers at once.
  'test/invoices/issue-batch.test.ts',
  // Engagements (issue 34): 20 approvals at once and two sweeps at once (row locks, SKIP LOCKED).
  'test/engagements/timesheets.test.ts',
  'test/engagements/milestones.test.ts',
  // Receipts (issue 35): 20 parallel imports of one statement, two release runs at once.
  'test/receipts/receipts.test.ts',
  // Disputes (issue 35): two decisions of one dispute at once, one wins (row locks).
  'test/disputes/disputes.test.ts',
  // The automatic approval set-based: two sweeps at once over a batch (decision 240).
  'test/engagements/sweep-batch.test.ts',
].map((file) => `apps/server/${file}`);
// Every test process (and the threads it starts) loads scripts/esm-fast-resolve.mjs first: it spares
// Node's loader re-reading date-fns' and drizzle-orm's package.json for each of their files.
const execArgv = ['--import', fileURLToPath(new URL('./scripts/esm-fast-resolve.mjs', import.meta.url))];

for (const file of POSTGRES_FILES) {
  // A renamed or removed file would silently leave the PostgreSQL run.
  if (!fs.existsSync(new URL(file, import.meta.url))) throw new Error(`vitest.config.ts: ${file} (POSTGRES_FILES) does not exist`);
}

export default defineConfig({
  test: {
    // Files at once: one per core, fewer when the machine is loaded (scripts/workers.mjs, decisions
    // 183, 268; the API projects below take two per core); TEST_WORKERS or --maxWorkers overrides.
    maxWorkers: testWorkers(),
    projects: [
      {
        test: {
          name: 'unit',
          execArgv,
          // boundaries.test.ts proves the lint scripts on a copy of the sources: no database, no app.
          include: [
            'packages/contract/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'scripts/**/*.test.mjs',
            'apps/server/test/boundaries.test.ts',
          ],
          environment: 'node',
          setupFiles: ['apps/web/src/test/happy-dom-search.ts'],
          // One module graph for every file (the happy-dom files swap their own environment in):
          // re-importing React, zod and the contract per file was two thirds of the run's CPU
          // (73 against 24 CPU-seconds). Component tests unmount after each test, and the suite
          // passes with its files shuffled (--sequence.shuffle.files).
          isolate: false,
          // A ceiling, not a wait: in `npm test` these run beside the typecheck, lint and two builds
          // on 2 cores, where a component test that takes 0.7 s alone can take several.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          // Their files mostly wait (test, app and database thread hand each request on): two per core.
          maxWorkers: testWorkers(process.env, { perCore: 2 }),
          execArgv,
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          // The fault suite runs real server processes: its own project (npm run test:faults).
          exclude: [...configDefaults.exclude, 'apps/server/test/faults/**', 'apps/server/test/boundaries.test.ts'],
          environment: 'node',
          // Each file opens its own database and servers (test/helpers.ts useApi) and keeps no
          // module state, so files can share one module graph: re-importing the server and PGlite
          // for every file doubled the suite's CPU time.
          isolate: false,
          // The database template every file copies, made once before the files start (no ceiling).
          globalSetup: ['apps/server/test/support/global-setup.ts'],
          // A ceiling, not a wait (decision 182): a test that walks a whole loop (a company, a
          // vetted freelancer, a shortlist, an interview, a conversation) through real HTTP takes
          // 3 s on a quiet machine and took 38 s in a clean-clone run on a loaded 2-core one.
          testTimeout: 180_000,
          // A ceiling, not a wait: a file's setup (its database copied from the template, its app
          // and SMTP sink) takes a second on a quiet machine and can take a minute on a loaded one.
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          // The same harness as 'api', pointed at a PostgreSQL server by scripts/with-postgres.sh.
          name: 'api-pg',
          // Their files mostly wait (test, app and database thread hand each request on): two per core.
          maxWorkers: testWorkers(process.env, { perCore: 2 }),
          execArgv,
          include: POSTGRES_FILES,
          environment: 'node',
          isolate: false,
          // The database template every file copies, made once before the files start (no ceiling).
          globalSetup: ['apps/server/test/support/global-setup.ts'],
          // A ceiling, not a wait (decision 182): a test that walks a whole loop (a company, a
          // vetted freelancer, a shortlist, an interview, a conversation) through real HTTP takes
          // 3 s on a quiet machine and took 38 s in a clean-clone run on a loaded 2-core one.
          testTimeout: 180_000,
          // A ceiling, not a wait: a file's setup (its database copied from the template, its app
          // and SMTP sink) takes a second on a quiet machine and can take a minute on a loaded one.
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'faults',
          execArgv,
          include: ['apps/server/test/faults/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/faults/global-setup.ts'],
          // One scenario at a time: each starts servers and a PostgreSQL cluster of its own.
          fileParallelism: false,
          // Last-resort guards for a loaded machine, not waits (decision 182): every scenario waits
          // for states (a server answering, a cluster accepting connections, a mail), each with its
          // own message naming what it waited for (support/harness.ts `until`); a server's first
          // start can take a minute there.
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
