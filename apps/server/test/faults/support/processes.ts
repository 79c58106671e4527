import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { inject } from 'vitest';
import { freePort, repoRoot, trackChild, until } from './harness.ts';
import { get } from './http.ts';

// Server processes: the server started with its environment, waited for until it answers, killed
// at will. `FAULT_SERVER_ENTRY` names the production bundle `npm test` builds beforehand
// (`scripts/build-server.mjs`: one file to load instead of the sources' module graph, and the code
// `npm start` runs); without it, `apps/server/src/server.ts`.

const serverEntry = path.resolve(repoRoot, process.env.FAULT_SERVER_ENTRY ?? 'apps/server/src/server.ts');

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
    // A last-resort guard, not a wait (decision 182): at load 20 a fresh cluster's first connection
    // took over the default 5 s and the server gave up starting. Scenarios about a database that does
    // not answer set their own figure.
    DATABASE_CONNECT_TIMEOUT_MS: '60000',
    ...env,
  };
}

/**
 * Starts the server (see serverEntry) with `env` on a free port and waits until /api/health
 * answers 200. A port taken between choosing and binding is retried with another.
 */
export async function startServer(env: Record<string, string>, opts: { readyTimeoutMs?: number } = {}): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const child = spawn(process.execPath, [serverEntry], { cwd: repoRoot, env: serverEnv(port, env), stdio: ['ignore', 'pipe', 'pipe'] });
    trackChild(child);
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
        // A last-resort guard (decision 182): the wait ends on the state (200, or the process exited).
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
