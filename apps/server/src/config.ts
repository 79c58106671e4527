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
  COMMUNITY_FORM_URL: z.string().url().default('https://forms.gle/talentloop-community'),
  PEER_NETWORK_URL: z.string().url().default('https://chat.whatsapp.com/talentloop-peers'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
});

export type Config = {
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  opsEmail?: string;
  publicUrl: string;
  googleClientId?: string;
  googleJwksUrl: string;
  jwtSecret?: string;
  clientAccounts: boolean;
  trustProxy: boolean;
  rateLimitPerMinute: number;
  communityFormUrl: string;
  peerNetworkUrl: string;
  logLevel: string;
  webDist?: string;
  /** Base delay of mail retries; doubled per attempt. */
  mailRetryBaseMs: number;
  outboxPollMs: number;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  return {
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
    communityFormUrl: e.COMMUNITY_FORM_URL,
    peerNetworkUrl: e.PEER_NETWORK_URL,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    mailRetryBaseMs: 2_000,
    outboxPollMs: 1_000,
  };
}
