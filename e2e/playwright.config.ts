import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { testWorkers } from '../scripts/workers.mjs';
import { chromiumLaunchOptions } from './support/chromium.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.E2E_PORT ?? 3210);
// Ports can be moved (E2E_PORT, MAIL_SINK_*) so several runs can share a machine.
const SMTP_PORT = Number(process.env.MAIL_SINK_SMTP_PORT ?? 2525);
const HTTP_PORT = Number(process.env.MAIL_SINK_HTTP_PORT ?? 2526);
// The seeding secret (apps/server/src/features/test-seed): made once by the runner, inherited by its
// workers (support/signed-in.ts sends it), and accepted by the server for this run only.
process.env.E2E_SEED_SECRET ??= `e2e-${crypto.randomUUID()}`;
const dataDir = path.join(root, `e2e/.output/data-${PORT}`);
// A web build made beforehand (CI builds it beside the static checks) is served as it is; otherwise
// the suite builds its own.
const prebuilt = process.env.E2E_WEB_DIST ? path.resolve(process.env.E2E_WEB_DIST) : undefined;
const webDir = prebuilt ?? path.join(root, `e2e/.output/web-${PORT}`);
const buildWeb = prebuilt ? '' : `npx vite build apps/web --logLevel warn --outDir ${webDir} --emptyOutDir && `;
// The server runs as `npm start` runs it: the production bundle (scripts/build-server.mjs), made
// beforehand when E2E_SERVER_DIST names its folder (CI), otherwise built here into a folder of its own.
const prebuiltServer = process.env.E2E_SERVER_DIST ? path.resolve(process.env.E2E_SERVER_DIST) : undefined;
const serverDir = prebuiltServer ?? path.join(root, `apps/server/dist/e2e-${PORT}`);
const buildServer = prebuiltServer ? '' : `node scripts/build-server.mjs --outdir ${serverDir} && `;

export default defineConfig({
  testDir: './tests',
  outputDir: `./.output/results-${PORT}`,
  fullyParallel: true,
  // As many workers as the machine has cores, fewer when it is loaded (scripts/workers.mjs,
  // decision 183; TEST_WORKERS or --workers overrides): a third worker made the suite no faster on
  // 2 cores (8.7 against 8.2 minutes), and on a loaded machine a second only starves the first.
  workers: testWorkers(),
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Ceilings, not waits: a test waits for states (an element, a mail, a response), and passes as soon
  // as each is there; these only bound how long a broken one takes to fail (decision 182).
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Locally, recorded for every test and kept for failures: the action log with each call's
    // locator, timing and error, the console and the network. Not the screencast nor the DOM
    // snapshots: serializing the DOM at every action cost a seventh of the suite's CPU (272 against
    // 232 CPU-seconds on three spec files), and on 2 cores the suites are bound by CPU. In CI, none:
    // recording still cost an eighth of the browser suite's CPU (292 against 255 CPU-seconds on two
    // spec files), and a CI run's files are not kept; a failure prints where the page was and what
    // it showed instead (support/fixtures.ts).
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    launchOptions: chromiumLaunchOptions,
    // One browser context per worker, reset between tests (cookies, cache, storage of visited
    // origins, extra pages, routes, init scripts, the clock, viewport and emulation), instead of a
    // new one per test: a new context's first page costs a new renderer process and the app's
    // scripts compiled afresh (about 3.5 CPU-seconds against 1 for the same page in a kept one).
    // Every test makes its own accounts, so nothing a test reads was left by another; a test with a
    // context option of its own (interviews.spec.ts: timezoneId) gets a fresh context. Decision 146.
    // E2E_FRESH_CONTEXTS=1 gives every test a new context again (to rule the reuse out).
    reuseContext: process.env.E2E_FRESH_CONTEXTS !== '1',
    // The suite's user prefers reduced motion: nothing on a page moves or repaints while a test
    // waits (skeleton pulses, spinners, the landing strip), and no click lands on a moving target.
    // What moves without the preference is proven by the tests that ask for 'no-preference'
    // (reduced-motion.spec.ts, the landing strip). Decision 146.
    reducedMotion: 'reduce',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      // tied-to-runner.mjs: stopped when this runner ends, even by SIGKILL (decision 182).
      command: 'node e2e/support/tied-to-runner.mjs npx tsx e2e/support/mail-sink.ts',
      cwd: root,
      url: `http://127.0.0.1:${HTTP_PORT}/`,
      // Waited for by state (its page answers); the figure is a last-resort guard, not Playwright's
      // default of 60 s, which a loaded machine starting tsx beside the builds could pass (decision 182).
      timeout: 600_000,
      env: { MAIL_SINK_SMTP_PORT: String(SMTP_PORT), MAIL_SINK_HTTP_PORT: String(HTTP_PORT), E2E_RUNNER_PID: String(process.pid) },
      reuseExistingServer: false,
    },
    {
      // The builds run with NODE_ENV=production; the server itself with NODE_ENV=test: the same
      // production bundle, but seeding is refused under NODE_ENV=production whatever else is set, and
      // the server reads NODE_ENV for nothing else (config.ts).
      // tied-to-runner.mjs: stopped when this runner ends, even by SIGKILL (decision 182).
      command: `rm -rf ${dataDir} && ${buildWeb}${buildServer}NODE_ENV=test node e2e/support/tied-to-runner.mjs node ${path.join(serverDir, 'main.js')}`,
      cwd: root,
      url: `http://127.0.0.1:${PORT}/api/health`,
      // Waited for by state (/api/health answers 200); the figure is a last-resort guard (decision 182):
      // without E2E_WEB_DIST and E2E_SERVER_DIST this command builds the web and the server first, and
      // in `npm test` the server makes its new database while the API suites run beside it.
      timeout: 600_000,
      env: {
        NODE_ENV: 'production',
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST: webDir,
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}/?tls=off`,
        RATE_LIMIT_PER_MINUTE: '10000',
        // Every request of both browsers comes from 127.0.0.1: far above what the suite sends.
        REQUEST_LIMIT_PER_MINUTE: '100000',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
        // Company accounts on: the company tests use them; no test relies on them being off (issue 11).
        CLIENT_ACCOUNTS: 'on',
        // The client-money account (issue 35): the receipts journey's statement is of it, and the
        // payout batch's SEPA file names it.
        BANK_ACCOUNT_NAME: 'Talentloop Client Money',
        BANK_IBAN: 'DE89370400440532013000',
        BANK_SWIFT: 'SOGEDEFFXXX',
        // State a test only needs is seeded through a path the server refuses outside a local run.
        TEST_SEED_SECRET: process.env.E2E_SEED_SECRET,
        // The missed-message mail's sweep every second, not every minute: the messages journey waits
        // for its mail (the sweep's own timing is proven in the API suite).
        MISSED_MESSAGES_POLL_MS: '1000',
        E2E_RUNNER_PID: String(process.pid),
      },
      reuseExistingServer: false,
    },
  ],
});
