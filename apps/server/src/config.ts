import path from 'node:path';
import { z } from 'zod';

// Environment, read once and validated at start. README has the table.
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional());

const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Talentloop <no-reply@talentloop.local>'),
  OPS_EMAIL: z.preprocess((v) => (v === '' ? undefined : v), z.string().email().optional()),
  PUBLIC_URL: optionalUrl,
  GOOGLE_CLIENT_ID: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  JWT_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32).optional()),
  CLIENT_ACCOUNTS: z.enum(['on', 'off']).default('off'),
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
  /** Bench-only control routes (/api/bench/*); off unless the bench starts the server. */
  BENCH_CONTROLS: z.enum(['on', 'off']).default('off'),
});

/**
 * The environment mapped to the shape the server uses. `Config` is inferred from it, so a field
 * is written once: its variable above, its name and derivation here.
 */
const ConfigSchema = EnvSchema.transform((e) => ({
  production: e.NODE_ENV === 'production',
  port: e.PORT,
  host: e.HOST,
  dataDir: path.resolve(e.DATA_DIR),
  databaseUrl: e.DATABASE_URL,
  smtpUrl: e.SMTP_URL,
  mailFrom: e.MAIL_FROM,
  opsEmail: e.OPS_EMAIL,
  publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
  googleClientId: e.GOOGLE_CLIENT_ID,
  googleJwksUrl: e.GOOGLE_JWKS_URL,
  jwtSecret: e.JWT_SECRET,
  clientAccounts: e.CLIENT_ACCOUNTS === 'on',
  trustProxy: e.TRUST_PROXY === 'true',
  rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
  /**
   * Requests per address per minute on every path, counted in memory per instance. Unset: 600,
   * or 10 x rateLimitPerMinute when that is higher (the general limit never undercuts a route's).
   */
  requestLimitPerMinute: e.REQUEST_LIMIT_PER_MINUTE,
  /** Open connections in total; over it new sockets are closed at once. Unset: see http/limits.ts. */
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
  shutdownGraceMs: 8_000,
  /** Daily page-view counts older than this are pruned. */
  pageViewRetentionDays: e.PAGE_VIEW_RETENTION_DAYS,
  /** How often old counters, page views and orphaned file bytes are pruned. */
  pruneIntervalMs: 3_600_000,
  communityFormUrl: e.COMMUNITY_FORM_URL,
  peerNetworkUrl: e.PEER_NETWORK_URL,
  logLevel: e.LOG_LEVEL,
  webDist: e.WEB_DIST,
  /** Serve the bench's control routes (scripts/bench.sh); never in a real deployment. */
  benchControls: e.BENCH_CONTROLS === 'on',
  /** Base delay of mail retries; doubled per attempt. */
  mailRetryBaseMs: 2_000,
  outboxPollMs: 1_000,
  /** Delivery tries before a mail is dead-lettered. */
  mailMaxAttempts: 10,
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
