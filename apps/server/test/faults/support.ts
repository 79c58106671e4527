import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, expect, inject } from 'vitest';
import { type Mailbox as SmtpSink, startMailbox as startSmtpSink } from '../smtp-sink.ts';

// The fault suite's harness: real server processes (`node apps/server/src/server.ts`), a real
// PostgreSQL server in a throwaway cluster, real HTTP from this process (load generated outside
// the server's event loop). Every child process and cluster is tracked and killed in afterAll,
// and again on this process's exit, so a failing or interrupted run leaves nothing behind.

const execFileAsync = promisify(execFile);
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const serverEntry = path.join(repoRoot, 'apps/server/src/server.ts');

export const PASSWORD = 'Str0ng!Passw0rd';

/** Polls `check` until it returns something other than undefined/false; fails after `timeoutMs`. */
export async function until<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  what: string,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A loopback port free right now (bound to port 0, then released). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export function tempDir(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `talentloop-faults-${label}-`));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export const uniqueEmail = (label = 'fault') => `${label}-${crypto.randomUUID()}@talentloop.test`;

// ---------------------------------------------------------------------------------------------
// Cleanup: everything started here is undone in afterAll, and on exit if afterAll never ran.

const children = new Set<ChildProcess>();
const cleanups: (() => void)[] = [];
let cleanupRegistered = false;

function killEverything() {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  children.clear();
  for (const undo of cleanups.splice(0).reverse()) {
    try {
      undo();
    } catch {}
  }
}

/** Call once per test file (at module level): kills every process and cluster after the file. */
export function useFaultHarness() {
  if (!cleanupRegistered) {
    cleanupRegistered = true;
    process.once('exit', killEverything);
  }
  afterAll(killEverything);
}

// ---------------------------------------------------------------------------------------------
// Counts: each scenario reports what it did; the global teardown prints the table.

export type FaultCounts = {
  scenario: string;
  faults: number;
  requests: number;
  /** 5xx answers other than the intended 503 TL_CORE_00503_E. */
  unexpected5xx: number;
  /** Acknowledged writes or accounts missing after the fault, or partial saves seen. */
  dataLost: number;
  ms: number;
  notes?: string;
};

export function reportCounts(counts: FaultCounts) {
  const dir = inject('faultResultsDir');
  fs.writeFileSync(path.join(dir, `${Date.now()}-${crypto.randomUUID()}.json`), JSON.stringify(counts));
  expect({ scenario: counts.scenario, unexpected5xx: counts.unexpected5xx, dataLost: counts.dataLost }).toEqual({
    scenario: counts.scenario,
    unexpected5xx: 0,
    dataLost: 0,
  });
}

declare module 'vitest' {
  export interface ProvidedContext {
    faultResultsDir: string;
    faultCompileCache: string;
  }
}

// ---------------------------------------------------------------------------------------------
// Server processes

export type ServerProcess = {
  baseUrl: string;
  port: number;
  child: ChildProcess;
  /** stdout and stderr lines so far (the log, JSON lines). */
  lines: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  exitedAt?: number;
  /** When output last arrived. */
  lastOutputAt: () => number;
  /** The log, for a failure message. */
  tail: (n?: number) => string;
};

/** The environment every server gets; `env` adds to or overrides it. */
function serverEnv(port: number, env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: process.env.TMPDIR,
    LANG: process.env.LANG,
    NODE_ENV: 'test',
    NODE_COMPILE_CACHE: inject('faultCompileCache'),
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent-web-dist',
    RATE_LIMIT_PER_MINUTE: '100000',
    REQUEST_LIMIT_PER_MINUTE: '1000000',
    ...env,
  };
}

/**
 * Starts `node apps/server/src/server.ts` with `env` on a free port and waits until /api/health
 * answers 200. A port taken between choosing and binding is retried with another.
 */
export async function startServer(env: Record<string, string>, opts: { readyTimeoutMs?: number } = {}): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const child = spawn(process.execPath, [serverEntry], { cwd: repoRoot, env: serverEnv(port, env), stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    const lines: string[] = [];
    let lastOutputAt = 0;
    const collect = (stream: NodeJS.ReadableStream | null) => {
      let pending = '';
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        lastOutputAt = Date.now();
        pending += chunk;
        for (let i = pending.indexOf('\n'); i >= 0; i = pending.indexOf('\n')) {
          lines.push(pending.slice(0, i));
          pending = pending.slice(i + 1);
        }
      });
    };
    collect(child.stdout);
    collect(child.stderr);
    const server: ServerProcess = {
      baseUrl: `http://127.0.0.1:${port}`,
      port,
      child,
      lines,
      exited: new Promise((resolve) => {
        child.once('exit', (code, signal) => {
          server.exitedAt = Date.now();
          children.delete(child);
          resolve({ code, signal });
        });
      }),
      tail: (n = 40) => lines.slice(-n).join('\n'),
      lastOutputAt: () => lastOutputAt,
    };
    let exited = false;
    void server.exited.then(() => {
      exited = true;
    });
    try {
      await until(
        async () => {
          if (exited) return true;
          const res = await get(server, '/api/health').catch(() => undefined);
          return res?.status === 200;
        },
        `the server on port ${port} to answer`,
        opts.readyTimeoutMs ?? 180_000,
      );
    } catch (err) {
      child.kill('SIGKILL');
      throw new Error(`${(err as Error).message}\n${server.tail()}`);
    }
    if (!exited) return server;
    if (attempt < 3 && server.lines.some((l) => l.includes('EADDRINUSE'))) continue;
    throw new Error(`the server exited while starting:\n${server.tail()}`);
  }
}

/** Fails with the server's log when its process has ended (a crash must not pass as a refused request). */
export function assertAlive(server: ServerProcess) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) {
    throw new Error(`the server process ended (${server.child.exitCode ?? server.child.signalCode}):\n${server.tail()}`);
  }
}

/** SIGKILL, and waits for the exit. */
export async function killServer(server: ServerProcess) {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await server.exited;
}

// ---------------------------------------------------------------------------------------------
// HTTP from this process

// Response bodies are JSON of many shapes; the scenarios read fields and assert on them.
// biome-ignore lint/suspicious/noExplicitAny: test code reads arbitrary JSON fields
export type Json = any;

export type Answer = { status: number; body: Json; headers: Headers; ms: number; setCookies: string[] };

export async function call(
  server: { baseUrl: string },
  method: string,
  pathname: string,
  opts: { json?: unknown; token?: string; cookies?: string; ip?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (opts.json !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.cookies) headers.cookie = opts.cookies;
  if (opts.ip) headers['x-forwarded-for'] = opts.ip;
  const started = Date.now();
  const res = await fetch(`${server.baseUrl}${pathname}`, {
    method,
    headers,
    body: opts.json === undefined ? undefined : JSON.stringify(opts.json),
    signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {}
  return { status: res.status, body, headers: res.headers, ms: Date.now() - started, setCookies: res.headers.getSetCookie() };
}

export const get = (server: { baseUrl: string }, pathname: string, opts?: Parameters<typeof call>[3]) =>
  call(server, 'GET', pathname, opts);

/** One request on a fresh connection (no keep-alive pool): what a new client sees. */
export function freshRequest(
  server: { port: number },
  pathname: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: server.port, path: pathname, agent: false, timeout: 10_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end();
  });
}

/** The failure envelope of the intended 503. */
export function isIntended503(answer: { status: number; body: unknown }): boolean {
  const body = answer.body as { status?: string; responseCode?: string; responseMessage?: string } | undefined;
  return answer.status === 503 && body?.status === 'failure' && body.responseCode === 'TL_CORE_00503_E' && !!body.responseMessage;
}

/** Cookie pairs from Set-Cookie lines, merged into a jar string. */
export function mergeCookies(jar: string, setCookies: string[]): string {
  const pairs = new Map<string, string>();
  for (const pair of jar.split('; ').filter(Boolean)) pairs.set(pair.slice(0, pair.indexOf('=')), pair);
  for (const line of setCookies) {
    const [pair = ''] = line.split(';');
    const name = pair.slice(0, pair.indexOf('='));
    if (pair.slice(name.length + 1) === '') pairs.delete(name);
    else pairs.set(name, pair);
  }
  return [...pairs.values()].join('; ');
}

export function cookieValue(setCookies: string[], name: string): string | undefined {
  for (const line of setCookies) {
    const [pair = ''] = line.split(';');
    if (pair.startsWith(`${name}=`)) return decodeURIComponent(pair.slice(name.length + 1));
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Load: workers that call until stopped, every outcome recorded.

export type Outcome = { at: number; status?: number; intended503?: boolean; error?: string; ms: number; label: string };

export function startLoad(workers: number, task: (worker: number, round: number) => Promise<{ answer: Answer; label: string }>) {
  const outcomes: Outcome[] = [];
  let stopped = false;
  const loops = Array.from({ length: workers }, async (_, worker) => {
    for (let round = 0; !stopped; round++) {
      const started = Date.now();
      try {
        const { answer, label } = await task(worker, round);
        outcomes.push({ at: started, status: answer.status, intended503: isIntended503(answer), ms: answer.ms, label });
      } catch (err) {
        const cause = (err as { cause?: { code?: string; message?: string } }).cause;
        outcomes.push({
          at: started,
          error: cause?.code ?? cause?.message ?? (err as Error).message,
          ms: Date.now() - started,
          label: 'error',
        });
        // A refused connection answers at once: do not spin.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  });
  return {
    outcomes,
    count: (predicate: (o: Outcome) => boolean) => outcomes.filter(predicate).length,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** 5xx answers other than the intended 503 with its envelope. */
export const unexpected5xx = (outcomes: Outcome[]) => outcomes.filter((o) => (o.status ?? 0) >= 500 && !o.intended503).length;

// ---------------------------------------------------------------------------------------------
// Accounts, made through the API with the code read from the real mail sink.

export type Mailbox = { waitForCode: (email: string, purpose?: 'registration' | 'password_reset', timeoutMs?: number) => Promise<string> };

export type Account = { email: string; accessToken: string; refreshCookie: string; cookies: string };

export async function signUp(server: { baseUrl: string }, email: string, ip?: string): Promise<{ answer: Answer; cookies: string }> {
  const answer = await call(server, 'POST', '/api/user/register', {
    json: { firstName: 'Ada', lastName: 'Lovelace', emailId: email, password: PASSWORD, userType: 'freelancer' },
    ip,
  });
  return { answer, cookies: mergeCookies('', answer.setCookies) };
}

export async function verifyCode(server: { baseUrl: string }, email: string, otp: string, cookies: string, ip?: string) {
  const answer = await call(server, 'POST', '/api/otp/verify', { json: { email, otp, purpose: 'registration' }, cookies, ip });
  return { answer, cookies: mergeCookies(cookies, answer.setCookies) };
}

/** A verified freelancer, signed in by the verification. */
export async function createAccount(server: { baseUrl: string }, mailbox: Mailbox, ip?: string): Promise<Account> {
  const email = uniqueEmail();
  const signed = await signUp(server, email, ip);
  if (signed.answer.status !== 200) throw new Error(`sign-up failed: ${signed.answer.status} ${JSON.stringify(signed.answer.body)}`);
  const otp = await mailbox.waitForCode(email, 'registration', 30_000);
  const verified = await verifyCode(server, email, otp, signed.cookies, ip);
  const refreshCookie = cookieValue(verified.answer.setCookies, 'tl_refresh');
  if (verified.answer.status !== 200 || !refreshCookie) {
    throw new Error(`verification failed: ${verified.answer.status} ${JSON.stringify(verified.answer.body)}`);
  }
  return { email, accessToken: verified.answer.body.accessToken, refreshCookie, cookies: verified.cookies };
}

// ---------------------------------------------------------------------------------------------
// Skill saves: a multi-row section whose every save is tagged, so a partial save is visible.

export const SKILLS_PATH = '/api/freelancer-settings/skills-details';
export const SKILLS_PER_SAVE = 3;

export const skillsOf = (marker: string) =>
  Array.from({ length: SKILLS_PER_SAVE }, (_, i) => ({ skillName: `Skill ${marker} ${i + 1}`, experienceLevel: i }));

/** The marker of a saved skill list when it is one whole save; undefined for a mix or a partial list. */
export function wholeSaveMarker(skills: { skillName: string }[]): string | undefined {
  const markers = new Set(skills.map((s) => /^Skill (\d+) \d+$/.exec(s.skillName)?.[1]));
  const [marker] = markers;
  return skills.length === SKILLS_PER_SAVE && markers.size === 1 && marker ? marker : undefined;
}

/** Per user: the saves sent in order, and which were answered 200. */
export type SaveLog = { marker: string; acked: boolean }[];

/**
 * Whether what is stored is allowed: one whole save, the last acknowledged one or one sent after
 * it (a save cut off by the fault may or may not have committed). No save acknowledged and none
 * stored is fine too.
 */
export function storedSaveIsConsistent(log: SaveLog, stored: { skillName: string }[]): boolean {
  const lastAcked = log.map((s) => s.acked).lastIndexOf(true);
  if (stored.length === 0) return lastAcked < 0;
  const marker = wholeSaveMarker(stored);
  if (!marker) return false;
  const index = log.findIndex((s) => s.marker === marker);
  return index >= 0 && index >= lastAcked;
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL: a throwaway cluster (as scripts/with-postgres.sh makes), stoppable and restartable.

function findPgBin(): string | undefined {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (fs.existsSync(path.join(bin, 'initdb')) && fs.existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  return undefined;
}

export const pgBin = findPgBin();
const asRoot = process.getuid?.() === 0;

async function asPg(command: string, args: string[]) {
  const bin = path.join(pgBin ?? '', command);
  return asRoot ? execFileAsync('runuser', ['-u', 'postgres', '--', bin, ...args]) : execFileAsync(bin, args);
}

export type PgCluster = {
  url: string;
  port: number;
  stop: (mode: 'immediate' | 'fast') => Promise<void>;
  start: () => Promise<void>;
  /** A direct connection for checks (what is stored), outside the server under test. */
  query: <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;
  /**
   * Freezes the whole server (SIGSTOP to the postmaster and every backend): connections stay open
   * and new ones are accepted by the kernel, but nothing answers, as with a hung host or a full
   * disk. `thaw` sends SIGCONT. The cleanup thaws before it stops the cluster.
   */
  freeze: () => void;
  thaw: () => void;
};

/** The postmaster's pid: the first line of postmaster.pid. */
const postmasterPid = (data: string) => Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);

/** Every process `parent` started (from /proc). */
function childrenOf(parent: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // Field 4 of /proc/<pid>/stat is the parent pid (after the command name in parentheses).
        return Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]) === parent;
      } catch {
        return false;
      }
    })
    .map(Number);
}

export async function startPostgres(): Promise<PgCluster> {
  if (!pgBin) throw new Error('PostgreSQL binaries not found');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'talentloop-faults-pg-'));
  const data = path.join(dir, 'data');
  if (asRoot) {
    spawnSync('chown', ['postgres:postgres', dir]);
    fs.chmodSync(dir, 0o700);
  }
  const stopSync = () => {
    const bin = path.join(pgBin, 'pg_ctl');
    const args = ['-D', data, '-m', 'immediate', '-w', 'stop'];
    if (asRoot) spawnSync('runuser', ['-u', 'postgres', '--', bin, ...args], { stdio: 'ignore' });
    else spawnSync(bin, args, { stdio: 'ignore' });
  };
  const frozen: number[] = [];
  const thaw = () => {
    for (const pid of frozen.splice(0)) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {}
    }
  };
  cleanups.push(() => {
    // A stopped process would not act on pg_ctl's signal: continue it first.
    thaw();
    stopSync();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  await asPg('initdb', ['-D', data, '-U', 'app', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '-N']);
  let port = 0;
  // Commits are acknowledged only once written (synchronous_commit on), so a crash loses nothing
  // acknowledged; fsync is off (a process crash, not a power cut, is what the suite injects).
  const start = async () => {
    await asPg('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100 -c fsync=off -c full_page_writes=off`,
      'start',
    ]);
  };
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    try {
      await start();
      break;
    } catch (err) {
      if (attempt >= 3)
        throw new Error(`PostgreSQL did not start: ${(err as Error).message}\n${fs.readFileSync(path.join(dir, 'server.log'), 'utf8')}`);
    }
  }
  const url = `postgres://app@127.0.0.1:${port}/postgres`;
  const { default: pg } = await import('pg');
  return {
    url,
    port,
    start,
    async stop(mode) {
      await asPg('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
    },
    freeze() {
      // The postmaster first, so it forks no new backend, then everything it started.
      const postmaster = postmasterPid(data);
      process.kill(postmaster, 'SIGSTOP');
      frozen.push(postmaster);
      for (const pid of childrenOf(postmaster)) {
        process.kill(pid, 'SIGSTOP');
        frozen.push(pid);
      }
    },
    thaw,
    async query(text, params) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query(text, params)).rows;
      } finally {
        await client.end();
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Mail: a real SMTP sink on loopback (smtp-server), started and stopped at will on a fixed port.

export type MailSink = SmtpSink;

/** An SMTP sink on `port` (0: a free one): test/smtp-sink.ts, closed with the file's cleanups. */
export async function startMailSink(port = 0): Promise<MailSink> {
  const sink = await startSmtpSink(port);
  cleanups.push(() => {
    void sink.close();
  });
  return sink;
}
