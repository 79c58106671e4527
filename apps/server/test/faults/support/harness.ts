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
