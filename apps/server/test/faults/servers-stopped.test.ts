import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { freePort, pgBin, repoRoot, tempDir, trackChild, until, useFaultHarness } from './support.ts';

// A run that fails, or is stopped, stops every PostgreSQL server it started (issue 33: a failed run
// left the fault suite's server running, with its port and its files). pg_ctl starts the server in
// a session of its own, so only an explicit stop ends it: the scripts' traps and the fault suite's
// cleanup stop it when they run, and scripts/postgres-watchdog.sh when nothing of ours can (SIGKILL).

useFaultHarness();

/** The pids of the PostgreSQL servers listening on `port` (their command line: `postgres ... -p <port> ...`). */
function postgresOnPort(port: number): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let args: string[];
    try {
      args = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    const portAt = args.indexOf('-p');
    if (path.basename(args[0] ?? '') === 'postgres' && portAt > 0 && args[portAt + 1] === String(port)) pids.push(Number(entry));
  }
  return pids;
}

/** Whether something accepts connections on the loopback port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Waits for the server on `port` to be gone (no process, no listener); the guard is a last resort for a loaded machine. */
async function gone(port: number) {
  await until(
    async () => postgresOnPort(port).length === 0 && !(await listening(port)),
    `the PostgreSQL server on port ${port} to stop`,
    120_000,
  );
}

/** Runs scripts/with-postgres.sh with `command` (bash), in a process group of its own. */
function withPostgres(command: string, portFile: string): ChildProcess {
  return spawn('bash', [path.join(repoRoot, 'scripts/with-postgres.sh'), 'bash', '-c', command], {
    cwd: repoRoot,
    env: { ...process.env, PORT_FILE: portFile },
    detached: true,
    stdio: 'ignore',
  });
}

const exitOf = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });

/** The port with-postgres.sh gave the command, once the command has written it (the server is up then). */
async function portWritten(portFile: string): Promise<number> {
  return until(
    () => {
      const text = fs.existsSync(portFile) ? fs.readFileSync(portFile, 'utf8') : '';
      return /^\d+\n$/.test(text) ? Number(text) : undefined;
    },
    'with-postgres.sh to start its server and run the command',
    300_000,
  );
}

/** The command's start: writes the port of the server with-postgres.sh started for it. */
const writePort = `node -e "process.stdout.write(new URL(process.env.DATABASE_URL).port + '\\n')" > "$PORT_FILE.part" && mv "$PORT_FILE.part" "$PORT_FILE"`;
/**
 * A command that runs until stopped and writes the port once it is the process a signal will reach:
 * bash's exec makes node the command itself, so no moment exists between writing the port and the
 * long run in which a SIGINT reaches a shell about to start `tail` (that shell then waited for a
 * `tail` that never got the signal: a run beside two busy loops hung for 300 s).
 */
const writePortThenRun = `exec node -e "const fs = require('node:fs'); const f = process.env.PORT_FILE; fs.writeFileSync(f + '.part', new URL(process.env.DATABASE_URL).port + '\\n'); fs.renameSync(f + '.part', f); setInterval(() => {}, 1 << 30)"`;

describe.skipIf(!pgBin)('every PostgreSQL server a run starts is stopped when the run fails or is stopped', () => {
  test('with-postgres.sh: the command fails (exit 1): the script exits 1 and its server is stopped', async () => {
    const portFile = path.join(tempDir('stopped'), 'port');
    const child = withPostgres(`${writePort} && exit 1`, portFile);
    expect(await exitOf(child)).toEqual({ code: 1, signal: null });
    const port = await portWritten(portFile);
    // The script's own trap stopped it before the script ended: nothing to wait for.
    expect(postgresOnPort(port)).toEqual([]);
    expect(await listening(port)).toBe(false);
  });

  test.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('with-postgres.sh: its process group gets %s while the command runs: its server is stopped', async (signal, code) => {
    const portFile = path.join(tempDir('stopped'), 'port');
    const child = withPostgres(writePortThenRun, portFile);
    const port = await portWritten(portFile);
    expect(postgresOnPort(port).length).toBeGreaterThan(0);
    process.kill(-(child.pid as number), signal);
    expect(await exitOf(child)).toEqual({ code, signal: null });
    expect(postgresOnPort(port)).toEqual([]);
    expect(await listening(port)).toBe(false);
  });

  test('with-postgres.sh: its process group is killed (SIGKILL, no trap runs): the watchdog stops its server', async () => {
    const portFile = path.join(tempDir('stopped'), 'port');
    const child = withPostgres(writePortThenRun, portFile);
    const port = await portWritten(portFile);
    expect(postgresOnPort(port).length).toBeGreaterThan(0);
    process.kill(-(child.pid as number), 'SIGKILL');
    await exitOf(child);
    await gone(port);
  });

  test("the fault suite's cluster: its owner is killed (SIGKILL, no afterAll runs): the watchdog stops it", async () => {
    const owner = spawn(process.execPath, [path.join(repoRoot, 'apps/server/test/faults/support/postgres-owner.ts')], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    owner.stdout?.on('data', (chunk) => {
      out += chunk;
    });
    const port = await until(() => /"port":(\d+)/.exec(out)?.[1], 'the owner to start its cluster', 300_000).then(Number);
    expect(postgresOnPort(port).length).toBeGreaterThan(0);
    owner.kill('SIGKILL');
    await exitOf(owner);
    await gone(port);
  });
});

describe("the browser suite's servers (Playwright's webServer) are stopped when the runner is killed", () => {
  test('a runner killed with SIGKILL: tied-to-runner.mjs stops the server and its process group', async () => {
    const dir = tempDir('runner');
    const port = await freePort();
    // The server: answers HTTP on the port until stopped.
    const serverFile = path.join(dir, 'server.cjs');
    fs.writeFileSync(serverFile, "require('node:http').createServer((q, s) => s.end()).listen(Number(process.argv[2]), '127.0.0.1');\n");
    // A stand-in for the Playwright runner: starts the command as Playwright starts a webServer (a
    // shell in a process group of its own, E2E_RUNNER_PID its pid, as e2e/playwright.config.ts sets),
    // then waits.
    const command = `node ${path.join(repoRoot, 'e2e/support/tied-to-runner.mjs')} node ${serverFile} ${port} && true`;
    const runnerFile = path.join(dir, 'runner.cjs');
    fs.writeFileSync(
      runnerFile,
      [
        "const { spawn } = require('node:child_process');",
        `spawn('sh', ['-c', ${JSON.stringify(command)}], { detached: true, stdio: 'ignore', env: { ...process.env, E2E_RUNNER_PID: String(process.pid) } });`,
        'setInterval(() => {}, 1 << 30);',
        '',
      ].join('\n'),
    );
    const runner = spawn(process.execPath, [runnerFile], { stdio: 'ignore' });
    trackChild(runner);
    await until(() => listening(port), `the server on port ${port} to listen`, 120_000);
    runner.kill('SIGKILL');
    await exitOf(runner);
    await until(async () => !(await listening(port)), `the server on port ${port} to stop once its runner was killed`, 120_000);
  });
});
