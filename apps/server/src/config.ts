import path from 'node:path';
import { isTimeZone } from '@talentloop/contract/rules/support-slots';
import { z } from 'zod';
import { PASSWORD_HASH_OPTIONS, type PasswordHashOptions } from './features/auth/passwords.ts';

// Environment, read once and validated at start. README has the table.
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional());
const optionalText = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().max(120).optional());

const EnvSchema = z.object({
  /** Read in any case; anything but these three is a start error, never a silent development mode. */
  NODE_ENV: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : String(v).toLowerCase()),
    z
      .enum(['development', 'test', 'production'], {
        error: (issue) => `must be development, test or production (any case), not '${String(issue.input).slice(0, 40)}'`,
      })
      .default('development'),
  ),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  /** With DATABASE_URL: migrate as the tables' owner here, serve as DATABASE_URL's role that owns nothing (decision 170). */
  DATABASE_MIGRATION_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Talentloop <no-reply@talentloop.local>'),
  OPS_EMAIL: z.preprocess((v) => (v === '' ? undefined : v), z.string().email().optional()),
  PUBLIC_URL: optionalUrl,
  GOOGLE_CLIENT_ID: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  JWT_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32).optional()),
  CLIENT_ACCOUNTS: z.enum(['on', 'off']).default('on'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  REQUEST_LIMIT_PER_MINUTE: z.coerce.number().int().positive().optional(),
  MAX_CONNECTIONS: z.coerce.number().int().positive().optional(),
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().positive().optional(),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
  CONNECTION_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().positive().default(72_000),
  PAGE_VIEW_RETENTION_DAYS: z.coerce.number().int().positive().default(400),
  COMMUNITY_FORM_URL: z.string().url().default('https://forms.gle/talentloop-community'),
  PEER_NETWORK_URL: z.string().url().default('https://chat.whatsapp.com/talentloop-peers'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** IANA zone support calls are offered in (spec: 'GMT+1'); checked against the runtime's zone data. */
  SUPPORT_TIMEZONE: z.string().default('Europe/Berlin').refine(isTimeZone, 'must be an IANA time zone such as Europe/Berlin'),
  SUPPORT_SLOT_CAPACITY: z.coerce.number().int().min(1).max(100).default(3),
  /** Browser-suite seeding (/api/test-seed/*): on only with this secret, on a local PUBLIC_URL, never in production. */
  TEST_SEED_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(24).optional()),
  /** Bench-only control routes (/api/bench/*); off unless the bench starts the server; never in production. */
  BENCH_CONTROLS: z.enum(['on', 'off']).default('off'),
  /** Embedded PGlite on the event loop instead of its worker thread: only the bench's "before". */
  PGLITE_IN_THREAD: z.enum(['0', '1']).default('0'),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().positive().default(8_000),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().positive().default(2_000),
  OUTBOX_POLL_MS: z.coerce.number().int().positive().default(1_000),
  /** Receipts (issue 35): how often each instance runs the release job (receipts/release-job.ts). */
  RELEASE_POLL_MS: z.coerce.number().int().positive().default(60_000),
  MISSED_MESSAGES_POLL_MS: z.coerce.number().int().positive().default(60_000),
  /** Messages (issue 36): how often each instance polls the newest message event (decision 227). */
  MESSAGES_POLL_MS: z.coerce.number().int().positive().default(1_000),
  /** How often the profile views companies made are written (talent-search/views.ts). */
  PROFILE_VIEWS_FLUSH_MS: z.coerce.number().int().positive().default(2_000),
  /** The talent search's engine (talent-search/talent-index.ts): the pool in each instance's memory, or the statements. */
  TALENT_INDEX: z.enum(['pool', 'sql']).default('pool'),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** PostgreSQL server only: how long a start waits for the server to answer (infra/db/startup-wait.ts). */
  DATABASE_STARTUP_WAIT_MS: z.coerce.number().int().nonnegative().default(60_000),
  /** Where uploaded bytes live (infra/blob-store.ts); unset: fs with embedded PGlite, db with DATABASE_URL. */
  BLOB_STORE: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['fs', 'db', 's3']).optional()),
  S3_BUCKET: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  /** The platform's bank account printed on invoices for the transfer (issue 34, decision 203); unset: the invoice says so. */
  BANK_ACCOUNT_NAME: optionalText,
  BANK_NAME: optionalText,
  BANK_IBAN: optionalText,
  BANK_ACCOUNT_NUMBER: optionalText,
  BANK_IFSC: optionalText,
  BANK_SWIFT: optionalText,
});

/**
 * Seeding makes verified accounts without mail, and the bench's controls skip validation: neither
 * where real users are. NODE_ENV=production refuses both whatever HOST and PUBLIC_URL say.
 */
const SafeEnvSchema = EnvSchema.superRefine((e, ctx) => {
  if (e.BLOB_STORE === 's3' && !e.S3_BUCKET) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required with BLOB_STORE=s3' });
  if (e.BLOB_STORE === 'fs' && e.DATA_DIR === 'memory://')
    ctx.addIssue({ code: 'custom', path: ['BLOB_STORE'], message: 'fs needs a DATA_DIR on disk, not memory://' });
  if (e.NODE_ENV === 'production' && e.BENCH_CONTROLS === 'on')
    ctx.addIssue({ code: 'custom', path: ['BENCH_CONTROLS'], message: 'refused with NODE_ENV=production' });
  if (!e.TEST_SEED_SECRET) return;
  if (e.PUBLIC_URL && !isLoopbackUrl(e.PUBLIC_URL))
    ctx.addIssue({ code: 'custom', path: ['TEST_SEED_SECRET'], message: 'only with a local PUBLIC_URL (localhost, 127.0.0.1 or ::1)' });
  if (e.NODE_ENV === 'production')
    ctx.addIssue({ code: 'custom', path: ['TEST_SEED_SECRET'], message: 'refused with NODE_ENV=production' });
});

function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * The environment mapped to the shape the server uses. `Config` is inferred from it, so a field
 * is written once: its variable above, its name and derivation here.
 */
const ConfigSchema = SafeEnvSchema.transform((e) => ({
  production: e.NODE_ENV === 'production',
  port: e.PORT,
  host: e.HOST,
  /** `memory://` (tests): an in-memory database and nothing written to disk. */
  dataDir: e.DATA_DIR === 'memory://' ? e.DATA_DIR : path.resolve(e.DATA_DIR),
  databaseUrl: e.DATABASE_URL,
  databaseMigrationUrl: e.DATABASE_MIGRATION_URL,
  smtpUrl: e.SMTP_URL,
  mailFrom: e.MAIL_FROM,
  opsEmail: e.OPS_EMAIL,
  publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
  googleClientId: e.GOOGLE_CLIENT_ID,
  googleJwksUrl: e.GOOGLE_JWKS_URL,
  jwtSecret: e.JWT_SECRET,
  clientAccounts: e.CLIENT_ACCOUNTS === 'on',
  talentIndex: e.TALENT_INDEX,
  trustProxy: e.TRUST_PROXY === 'true',
  /**
   * argon2id's cost for new password hashes (a login verifies at the cost stored in the hash). No
   * variable sets it: the server always hashes at OWASP's cost; only the API tests' apps pass a
   * lower one (test/support/app.ts, decision 288).
   */
  passwordHash: PASSWORD_HASH_OPTIONS as PasswordHashOptions,
  rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
  /**
   * Requests per address per minute on every path, counted in memory per instance. Unset: 600,
   * or 10 x rateLimitPerMinute when that is higher (the general limit never undercuts a route's).
   */
  requestLimitPerMinute: e.REQUEST_LIMIT_PER_MINUTE,
  /**
   * Open connections in total; over it new sockets are closed at once, and near it idle and slow
   * ones are closed to keep room (http/connections.ts). Unset: see http/limits.ts.
   */
  maxConnections: e.MAX_CONNECTIONS,
  /** Open connections per peer address. Unset: 128, or maxConnections behind a trusted proxy. */
  maxConnectionsPerIp: e.MAX_CONNECTIONS_PER_IP,
  /** Time to receive a request's headers, and the whole request (headers and body). */
  headersTimeoutMs: Math.min(e.HEADERS_TIMEOUT_MS, e.REQUEST_TIMEOUT_MS),
  requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
  /** A socket with no traffic either way for this long is closed. */
  connectionTimeoutMs: e.CONNECTION_TIMEOUT_MS,
  /** How long an idle keep-alive connection stays open (above a load balancer's idle timeout). */
  keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
  /** How often the server looks for requests past their header or request timeout. */
  timeoutCheckMs: 1_000,
  /** On shutdown, requests in flight get this long to finish; then their connections are closed. */
  shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
  /** Daily page-view counts older than this are pruned. */
  pageViewRetentionDays: e.PAGE_VIEW_RETENTION_DAYS,
  /** How often old counters, page views and orphaned file bytes are pruned. */
  pruneIntervalMs: 3_600_000,
  communityFormUrl: e.COMMUNITY_FORM_URL,
  peerNetworkUrl: e.PEER_NETWORK_URL,
  logLevel: e.LOG_LEVEL,
  webDist: e.WEB_DIST,
  /** Support calls: the zone they are offered in, and how many companies one call takes. */
  supportTimeZone: e.SUPPORT_TIMEZONE,
  supportSlotCapacity: e.SUPPORT_SLOT_CAPACITY,
  /** The browser suite's seeding secret (features/test-seed); undefined: the routes do not exist. */
  testSeedSecret: e.TEST_SEED_SECRET,
  /** Serve the bench's control routes (scripts/bench.sh); never in a real deployment. */
  benchControls: e.BENCH_CONTROLS === 'on',
  /** Run embedded PGlite on the event loop (the bench's before/after); normally in a worker thread. */
  pgliteInThread: e.PGLITE_IN_THREAD === '1',
  /** Base delay of mail retries; doubled per attempt. */
  mailRetryBaseMs: e.MAIL_RETRY_BASE_MS,
  outboxPollMs: e.OUTBOX_POLL_MS,
  releasePollMs: e.RELEASE_POLL_MS,
  missedMessagesPollMs: e.MISSED_MESSAGES_POLL_MS,
  messagesPollMs: e.MESSAGES_POLL_MS,
  profileViewsFlushMs: e.PROFILE_VIEWS_FLUSH_MS,
  /**
   * PostgreSQL server only: how long to wait for a connection, and for one query's answer, before
   * the request fails with 503 (a stopped or unreachable server must not hang requests).
   */
  databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
  databaseStartupWaitMs: e.DATABASE_STARTUP_WAIT_MS,
  databaseQueryTimeoutMs: e.DATABASE_QUERY_TIMEOUT_MS,
  /**
   * Where uploaded bytes live. Unset: 'fs' (under DATA_DIR/blobs) with embedded PGlite on disk, whose
   * one connection must not carry megabytes; 'db' with DATABASE_URL or DATA_DIR=memory://.
   */
  blobStore: e.BLOB_STORE,
  /** BLOB_STORE=s3: the bucket, and an S3-compatible endpoint (unset: AWS). Credentials: the SDK's env chain. */
  s3: {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
  },
  /** Delivery tries before a mail is dead-lettered. */
  mailMaxAttempts: 10,
  /** The platform's bank-transfer details printed on invoices (features/invoices/pdf.ts). */
  bank: {
    accountName: e.BANK_ACCOUNT_NAME,
    bankName: e.BANK_NAME,
    iban: e.BANK_IBAN,
    accountNumber: e.BANK_ACCOUNT_NUMBER,
    ifsc: e.BANK_IFSC,
    swift: e.BANK_SWIFT,
  },
}));

export type Config = z.output<typeof ConfigSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  return parsed.data;
}
