import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';

// What every scenario shares: the repository root, waiting for a state, free ports and temporary
// directories, and the cleanup: every child process and cluster is tracked and killed in afterAll,
// and again on this process's exit, so a failing or interrupted run leaves nothing behind.

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

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

/**
 * A loopback port free right now, for a process this suite starts (a server, PostgreSQL, an SMTP
 * stand-in). Taken from below the kernel's ephemeral range: a port from that range (what binding to
 * port 0 gives) can be handed to any other process on the machine in the seconds between choosing
 * it and the child binding it (in `npm test` the API suites start servers on port 0 beside this
 * suite, and one of them once answered a fault server's health check on its port: the fault server
 * had exited with EADDRINUSE, and the test then met ECONNREFUSED when that API server closed).
 * Below the range, only a process that names the port itself can take it.
 */
export async function freePort(): Promise<number> {
  const [low] = ephemeralRange();
  const first = 20_000;
  for (let attempt = 0; attempt < 50 && low - first > 1_000; attempt++) {
    const port = first + Math.floor(Math.random() * (low - first));
    if (await canBind(port)) return port;
  }
  // No room below the range (an unusual kernel setting): the kernel's choice.
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function ephemeralRange(): [number, number] {
  try {
    const [low, high] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low && high) return [low, high];
  } catch {}
  return [32_768, 60_999];
}

function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export function tempDir(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `talentloop-faults-${label}-`));
  onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

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

/** Kills `child` (SIGKILL) in the cleanup unless it has exited by then. */
export function trackChild(child: ChildProcess): void {
  children.add(child);
  child.once('exit', () => children.delete(child));
}

/** Runs `undo` in the cleanup (in reverse order of registration). */
export function onCleanup(undo: () => void): void {
  cleanups.push(undo);
}
