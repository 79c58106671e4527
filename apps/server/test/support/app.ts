import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, onTestFinished } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { holdPasswordPool } from '../../src/features/auth/passwords.ts';
import type { Database, Db } from '../../src/infra/db/client.ts';
import { type Accounts, accountsOf } from './accounts.ts';
import { type TestClock, createClock } from './clock.ts';
import { holdDatabase, openTestDatabase, releaseTestDatabase } from './database.ts';
import { type ApiResponse, type RequestOptions, request } from './http.ts';
import { type LogCapture, createLogCapture } from './logs.ts';
import { type Mailbox, startMailbox } from './smtp-sink.ts';

// The app under test: per test, the app listening on a free loopback port with its own
// controllable clock, on the file's database, sending mail to the file's SMTP sink, called with
// fetch like any client (`useApi` in a test file sets all of this up).

// The test process holds the password pool as a server process does for its whole life: each test's
// app closing would otherwise stop its threads and the next test start new ones (a thread and
// argon2's module per test). Idle threads are unref'd, so the hold never keeps the process alive.
holdPasswordPool();

/** argon2id's lowest cost (8 KiB per lane is its floor): the test apps' config.passwordHash. */
export const TEST_PASSWORD_HASH = { memoryCost: 64, timeCost: 1, parallelism: 1 } as const;

export type TestApp = Accounts & {
  baseUrl: string;
  config: Config;
  clock: TestClock;
  db: Db;
  logs: LogCapture;
  /** A request from this app's one browser (its code cookie kept and sent back): what `call` uses. */
  send: (method: string, path: string, opts?: RequestOptions) => Promise<ApiResponse>;
  get: (path: string, opts?: RequestOptions) => Promise<ApiResponse>;
  post: (path: string, json?: unknown, opts?: RequestOptions) => Promise<ApiResponse>;
  refresh: (refreshCookie: string) => Promise<ApiResponse>;
  close: () => Promise<void>;
};

export type AppOptions = {
  database: Database;
  /** Where mail goes; a mailbox, or an SMTP URL (e.g. a closed port). */
  mailbox?: Mailbox;
  smtpUrl?: string;
  clock?: TestClock;
  config?: Partial<Config>;
};

/** Builds the app and listens on a free loopback port. Closed by the caller (see `useApi`). */
export async function startTestApp(opts: AppOptions): Promise<TestApp> {
  const clock = opts.clock ?? createClock();
  const logs = createLogCapture();
  const config: Config = {
    ...loadConfig({ LOG_LEVEL: 'info', DATA_DIR: 'memory://' }),
    smtpUrl: opts.smtpUrl ?? opts.mailbox?.url,
    webDist: '/nonexistent-web-dist',
    rateLimitPerMinute: 10_000,
    // Every request that queues mail also kicks the outbox, so polling only serves retries. On
    // PGlite a poll every 100 ms costs 7-20% of a core per live app: the mail tests set 100.
    outboxPollMs: 1_000,
    mailRetryBaseMs: 100,
    // argon2id at its minimum cost for the accounts tests make (decision 288): at the server's cost
    // (19 MiB, 2 passes) every sign-up and login was ~14 ms of CPU, more under load. A login
    // verifies at the cost stored in the hash, so the flows are the same; test/register.test.ts
    // starts its app at the config's default and proves it is OWASP's.
    passwordHash: TEST_PASSWORD_HASH,
    ...opts.config,
  };
  const { app, close: closeApp } = await buildApp({ config, clock, database: opts.database, logStream: logs.stream });
  const release = holdDatabase(opts.database);
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= closeApp().finally(release);
    return closing;
  };
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  // The app's calls act as one browser for the code cookie (a code works only in the browser that
  // asked for it): kept from answers, sent back to /api unless a test names its own cookies.
  let codeCookie: string | undefined;
  const browser = async (method: string, path: string, o: RequestOptions = {}) => {
    const cookies = o.cookies ?? (codeCookie && path.startsWith('/api') ? { tl_code: codeCookie } : undefined);
    const res = await request(baseUrl, method, path, { ...o, cookies });
    const set = res.cookies.get('tl_code');
    if (set) codeCookie = set.value || undefined;
    return res;
  };
  const get = (path: string, o?: RequestOptions) => browser('GET', path, o);
  const post = (path: string, json?: unknown, o?: RequestOptions) => browser('POST', path, { json, ...o });

  const mailbox = () => {
    if (!opts.mailbox) throw new Error('this app has no mailbox');
    return opts.mailbox;
  };
  const accounts = accountsOf(post, mailbox);

  return {
    baseUrl,
    config,
    clock,
    db: opts.database.db,
    logs,
    send: browser,
    get,
    post,
    ...accounts,
    refresh: (refreshCookie) => get('/api/auth/refresh', { cookies: { tl_refresh: refreshCookie } }),
    close,
  };
}

/**
 * Per test file: one fresh database and one SMTP server, opened before the file's tests and
 * closed after them. `start()` builds an app for the current test and closes it when it ends.
 */
export function useApi() {
  let database: Database | undefined;
  let mailbox: Mailbox | undefined;
  beforeAll(async () => {
    [database, mailbox] = await Promise.all([openTestDatabase(), startMailbox()]);
  });
  afterAll(async () => {
    await mailbox?.close();
    if (database) await releaseTestDatabase(database);
  });
  const env = {
    get database(): Database {
      if (!database) throw new Error('database not open');
      return database;
    },
    get mailbox(): Mailbox {
      if (!mailbox) throw new Error('mailbox not started');
      return mailbox;
    },
    async start(options: Omit<AppOptions, 'database'> = {}): Promise<TestApp> {
      const app = await startTestApp({ database: env.database, mailbox: 'smtpUrl' in options ? undefined : env.mailbox, ...options });
      onTestFinished(() => app.close());
      return app;
    },
  };
  return env;
}
