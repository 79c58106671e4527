import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { type Options, hashSync, verifySync } from '@node-rs/argon2';
import type { PasswordJob, PasswordResult } from './password-pool.ts';

// One thread of the password pool (password-pool.ts): argon2id with the library's synchronous
// calls, one job at a time. The thread lowers its own scheduling priority first: on Linux
// setpriority(PRIO_PROCESS, 0) applies to the calling thread only, so the kernel prefers the event
// loop (and PGlite's thread) over hashing, while hashing still uses every idle core.

const options = (workerData as { options: Options }).options;

/** This thread's nice value, from /proc (Linux); the main thread's view of the process otherwise. */
function ownNice(): number {
  try {
    // Fields after the command name: state is field 3, nice field 19.
    const stat = fs.readFileSync('/proc/thread-self/stat', 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  } catch {
    return os.getPriority(0);
  }
}

try {
  os.setPriority(0, Math.min(19, os.getPriority(0) + 10));
} catch {
  // Not allowed here (a platform without per-thread priority): hash at normal priority.
}

parentPort?.on('message', (job: PasswordJob) => {
  let result: PasswordResult;
  try {
    if (job.op === 'hash') result = { id: job.id, value: hashSync(job.password, job.options ?? options) };
    else if (job.op === 'verify') {
      let ok = false;
      try {
        ok = verifySync(job.hash, job.password);
      } catch {
        // A stored value that is not an argon2 hash: no match.
      }
      result = { id: job.id, value: ok };
    } else result = { id: job.id, value: ownNice() };
  } catch (err) {
    result = { id: job.id, error: err instanceof Error ? err.message : String(err) };
  }
  parentPort?.postMessage(result);
});
