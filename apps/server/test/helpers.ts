import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { type JWK, SignJWT, exportJWK, generateKeyPair } from 'jose';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, onTestFinished } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { Database, Db } from '../src/infra/db/client.ts';
import { openDatabase } from '../src/infra/db/client.ts';
import * as schema from '../src/infra/db/schema.ts';
import { outbox, users } from '../src/infra/db/schema.ts';

// Test harness for the API suite: a real database per test file (embedded PGlite in memory, loaded
// from a migrated template; or a fresh database on the PostgreSQL server named by DATABASE_URL), a
// real SMTP server on loopback that receives the mail, and, per test, the app listening on a free
// loopback port with its own controllable clock, called with fetch like any client.

export const PASSWORD = 'Str0ng!Passw0rd';
export const NEW_PASSWORD = 'N3w!Passw0rd-2';
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** A fresh address for each test, so tests never share data. */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${crypto.randomUUID()}@talentloop.test`;
}

/** Polls until `check` returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function until<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// ---------------------------------------------------------------------------------------------
// Clock

/** Real time plus an offset the test moves forward (mail retries still tick on their own). */
export type TestClock = { now: () => Date; advance: (ms: number) => void };

export function createClock(): TestClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms) {
      offset += ms;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Database: one fresh database per test file.

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

const referenceDataFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/reference-data');

async function hashFolder(hash: crypto.Hash, folder: string) {
  for (const file of (await fs.readdir(folder, { recursive: true }).catch(() => [])).sort()) {
    const full = path.join(folder, file);
    if ((await fs.stat(full)).isFile()) hash.update(file).update(await fs.readFile(full));
  }
}

/**
 * An in-memory PGlite data directory as the app leaves it after its first start (migrations
 * applied, reference lists loaded, no secrets), made once and kept in the temp directory under a
 * name derived from the migrations, the reference data and the PGlite build. Creating a PGlite
 * database and loading the lists costs seconds of CPU; loading this copy costs a fraction.
 */
async function pgliteTemplate(): Promise<Blob> {
  const hash = crypto.createHash('sha256').update('template v2');
  // The PGlite build: its package.json, found from its entry point (package.json is not exported).
  let dir = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  while (!(await fs.stat(path.join(dir, 'package.json')).catch(() => null)) && dir !== path.dirname(dir)) dir = path.dirname(dir);
  hash.update(await fs.readFile(path.join(dir, 'package.json')).catch(() => Buffer.from('unknown')));
  await hashFolder(hash, migrationsFolder);
  await hashFolder(hash, referenceDataFolder);
  const templateFile = path.join(os.tmpdir(), `talentloop-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  try {
    return new Blob([await fs.readFile(templateFile)]);
  } catch {}
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    const { close } = await buildApp({
      config: { ...loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: 'memory://' }), webDist: '/nonexistent-web-dist' },
      database,
    });
    await close();
    await database.db.delete(schema.appSecrets);
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    const partial = `${templateFile}.${process.pid}.${crypto.randomUUID()}`;
    await fs.writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await fs.rename(partial, templateFile);
    // Templates of older schemas are of no further use.
    for (const name of await fs.readdir(os.tmpdir())) {
      const old = path.join(os.tmpdir(), name);
      if (/^talentloop-pglite-template-[0-9a-f]{16}\.tar$/.test(name) && old !== templateFile) await fs.rm(old, { force: true });
    }
    return dump;
  } finally {
    await database.close();
  }
}

/** The same as the server's openDatabase for PGlite, but starting from the migrated template. */
async function openPgliteCopy(): Promise<Database> {
  // The same arrangement as the server: PGlite in a worker thread, started from the migrated template.
  return openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteTemplate() });
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or, when DATABASE_URL names
 * a PostgreSQL server, a new database on it (dropped on close).
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openPgliteCopy();

  const name = `t_${crypto.randomUUID().replaceAll('-', '')}`;
  const admin = async <T>(use: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return await use(client);
    } finally {
      await client.end();
    }
  };
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
  return {
    ...database,
    async close() {
      await database.close();
      await admin(async (c) => {
        // The pool's end() returns before its connections have closed; a forced drop would kill
        // them mid-close (an unhandled FATAL 57P01). Wait until they are gone, then drop.
        const connected = async () =>
          (await c.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name])).rows[0]?.n ?? 0;
        await until(async () => (await connected()) === 0, `the connections to ${name} to close`).catch(() => {});
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Mail: an SMTP server on loopback; codes are read from the received messages as a user would.

export type Purpose = 'registration' | 'password_reset';
export type ReceivedMail = { to: string[]; raw: string; decoded: string };

export type Mailbox = {
  port: number;
  /** SMTP_URL for the app. */
  url: string;
  received: ReceivedMail[];
  /** Every message received for one address. */
  mailTo: (email: string) => ReceivedMail[];
  /** The oldest code for (email, purpose) not yet taken by an earlier call; waits for it. */
  waitForCode: (email: string, purpose?: Purpose, timeoutMs?: number) => Promise<string>;
  close: () => Promise<void>;
};

const CODE_PATTERNS: Record<Purpose, RegExp> = {
  registration: /Use this code to verify your email: (\d{5})/,
  password_reset: /Use this code to reset your password: (\d{5})/,
};

/** Undoes quoted-printable soft line breaks and escapes (harmless on the plain parts). */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

export async function startMailbox(port = 0): Promise<Mailbox> {
  const received: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 1_000,
    disableReverseLookup: true,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((a) => a.address.toLowerCase());
        received.push({ to, raw, decoded: decodeQuotedPrintable(raw) });
        callback();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;
  const mailTo = (email: string) => received.filter((m) => m.to.includes(email.toLowerCase()));
  return {
    port: actualPort,
    url: smtpUrl(actualPort),
    received,
    mailTo,
    waitForCode(email, purpose = 'registration', timeoutMs = 20_000) {
      return until(
        () => {
          for (const mail of mailTo(email)) {
            if (taken.has(mail)) continue;
            const match = CODE_PATTERNS[purpose].exec(mail.decoded);
            if (match?.[1]) {
              taken.add(mail);
              return match[1];
            }
          }
          return undefined;
        },
        `a ${purpose} code for ${email}`,
        timeoutMs,
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function smtpUrl(port: number): string {
  return `smtp://127.0.0.1:${port}/?tls=off`;
}

/** A loopback port nothing listens on (for "SMTP is down"). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

// ---------------------------------------------------------------------------------------------
// Logs

export type LogCapture = { stream: Writable; lines: string[]; text: () => string };

export function createLogCapture(): LogCapture {
  const lines: string[] = [];
  let pending = '';
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      pending += chunk.toString();
      for (let i = pending.indexOf('\n'); i >= 0; i = pending.indexOf('\n')) {
        lines.push(pending.slice(0, i));
        pending = pending.slice(i + 1);
      }
      callback();
    },
  });
  return { stream, lines, text: () => [...lines, pending].join('\n') };
}

// ---------------------------------------------------------------------------------------------
// HTTP

// Response bodies are JSON of many shapes; tests read fields and assert on them.
// biome-ignore lint/suspicious/noExplicitAny: test code reads arbitrary JSON fields
export type Json = any;

export type ApiResponse = {
  status: number;
  body: Json;
  headers: Headers;
  /** Cookies the response set, by name: value and the whole Set-Cookie line. */
  cookies: Map<string, { value: string; raw: string }>;
};

export type RequestOptions = {
  json?: unknown;
  /** A raw body (sent as is, with the given headers). */
  body?: string;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
};

function parseSetCookies(headers: Headers): ApiResponse['cookies'] {
  const cookies = new Map<string, { value: string; raw: string }>();
  for (const raw of headers.getSetCookie()) {
    const [pair = ''] = raw.split(';');
    const eq = pair.indexOf('=');
    cookies.set(pair.slice(0, eq).trim(), { value: decodeURIComponent(pair.slice(eq + 1).trim()), raw });
  }
  return cookies;
}

export async function request(baseUrl: string, method: string, path: string, opts: RequestOptions = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...opts.headers };
  let body: string | undefined = opts.body;
  if (opts.json !== undefined) {
    body = JSON.stringify(opts.json);
    headers['content-type'] ??= 'application/json';
  }
  if (opts.cookies) {
    headers.cookie = Object.entries(opts.cookies)
      .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
      .join('; ');
  }
  const res = await fetch(`${baseUrl}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: Json = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {}
  return { status: res.status, body: parsed, headers: res.headers, cookies: parseSetCookies(res.headers) };
}

// ---------------------------------------------------------------------------------------------
// The app under test

export type Session = { accessToken: string; refreshCookie: string; body: Json };

export type TestApp = {
  baseUrl: string;
  config: Config;
  clock: TestClock;
  db: Db;
  logs: LogCapture;
  get: (path: string, opts?: RequestOptions) => Promise<ApiResponse>;
  post: (path: string, json?: unknown, opts?: RequestOptions) => Promise<ApiResponse>;
  /** Registers a freelancer (unverified); returns the email and password used. */
  signUp: (email?: string, fields?: Record<string, unknown>) => Promise<{ email: string; password: string }>;
  /** Reads the registration code from the mailbox and verifies it. */
  verify: (email: string) => Promise<Session>;
  /** Logs in with email and password. */
  signIn: (email: string, password?: string) => Promise<Session>;
  /** A verified account, signed in by its verification (one session). */
  createUser: (email?: string) => Promise<{ email: string; password: string } & Session>;
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

function sessionOf(res: ApiResponse, what: string): Session {
  const refreshCookie = res.cookies.get('tl_refresh')?.value;
  if (res.status !== 200 || typeof res.body?.accessToken !== 'string' || !refreshCookie) {
    throw new Error(`${what} failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return { accessToken: res.body.accessToken, refreshCookie, body: res.body };
}

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
    ...opts.config,
  };
  const { app, close } = await buildApp({ config, clock, database: opts.database, logStream: logs.stream });
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
  const signUp: TestApp['signUp'] = async (email = uniqueEmail(), fields = {}) => {
    const body = { firstName: 'Ada', lastName: 'Lovelace', emailId: email, password: PASSWORD, userType: 'freelancer', ...fields };
    const res = await post('/api/user/register', body);
    if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
    return { email, password: String(body.password) };
  };
  const verify: TestApp['verify'] = async (email) => {
    const otp = await mailbox().waitForCode(email, 'registration');
    return sessionOf(await post('/api/otp/verify', { email, otp, purpose: 'registration' }), 'verification');
  };
  const signIn: TestApp['signIn'] = async (email, password = PASSWORD) =>
    sessionOf(await post('/api/auth/login', { email, password }), 'login');
  const createUser: TestApp['createUser'] = async (email) => {
    const account = await signUp(email);
    return { ...account, ...(await verify(account.email)) };
  };

  return {
    baseUrl,
    config,
    clock,
    db: opts.database.db,
    logs,
    get,
    post,
    signUp,
    verify,
    signIn,
    createUser,
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
    await database?.close();
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

// ---------------------------------------------------------------------------------------------
// Google: a local JWKS on loopback and ID tokens signed like Google's.

export type GoogleStub = {
  clientId: string;
  jwksUrl: string;
  /** An ID token; claims override the defaults (a verified email, valid for an hour from `now`). */
  idToken: (claims?: Record<string, unknown>, opts?: { now?: Date; expiresInS?: number; otherKey?: boolean }) => Promise<string>;
  close: () => Promise<void>;
};

export async function startGoogle(): Promise<GoogleStub> {
  const kid = 'test-key-1';
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const other = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const clientId = `test-client-${crypto.randomUUID()}.apps.googleusercontent.com`;
  return {
    clientId,
    jwksUrl: `http://127.0.0.1:${port}/certs`,
    async idToken(claims = {}, opts = {}) {
      const iat = Math.floor((opts.now ?? new Date()).getTime() / 1000);
      const payload = {
        iss: 'https://accounts.google.com',
        aud: clientId,
        sub: `google-${crypto.randomUUID()}`,
        email: uniqueEmail('google'),
        email_verified: true,
        given_name: 'Grace',
        family_name: 'Hopper',
        iat,
        exp: iat + (opts.expiresInS ?? 3600),
        ...claims,
      };
      return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(opts.otherKey ? other.privateKey : privateKey);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// Assertions and queries

/** A failure answered with the wire envelope: `{status: 'failure', responseCode, responseMessage}`. */
export function expectFailure(res: ApiResponse, status: number, responseCode: string, label?: string): void {
  expect({ label, status: res.status, body: res.body }).toEqual({
    label,
    status,
    body: { status: 'failure', responseCode, responseMessage: expect.stringMatching(/\S/) },
  });
}

export async function findUser(db: Db, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return row;
}

export async function countUsers(db: Db, email: string): Promise<number> {
  return (await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase()))).length;
}

export async function outboxFor(db: Db, email: string) {
  return db.select().from(outbox).where(eq(outbox.to, email.trim().toLowerCase()));
}

/** A 5-digit code other than `code`. */
export function otherCode(code: string, step = 1): string {
  return String((Number(code) + step) % 100_000).padStart(5, '0');
}
