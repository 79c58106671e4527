// How many test files run at once: from the machine, not a constant (issue 33, decision 183).
// `node scripts/workers.mjs` prints the count (and, with --explain, why on stderr); the Vitest and
// Playwright configs import `testWorkers()`. TEST_WORKERS, when set to a whole number of at least 1,
// overrides the rule (scripts/test-all.sh computes the count once, before its own jobs load the
// machine, and passes it to every suite through it).
import os from 'node:os';
import { fileURLToPath } from 'node:url';

/**
 * The rule: one file per available core, less one per whole unit of load above the cores (load is
 * the 1-minute load average: processes running or waiting for a core), never fewer than 1 nor more
 * than the cores. A quiet 2-core machine runs 2 files at once; the same machine with another suite
 * or two busy loops beside it (load 3 and more) runs 1, so a file's setup is not starved by its
 * siblings.
 */
export function workerCount({ cores, load }) {
  const c = Math.max(1, Math.floor(Number.isFinite(cores) ? cores : 1));
  const excess = Number.isFinite(load) ? Math.max(0, load - c) : 0;
  return Math.max(1, Math.min(c, c - Math.floor(excess)));
}

/** The count for this machine now, or TEST_WORKERS when it is set (a whole number, at least 1). */
export function testWorkers(env = process.env) {
  const forced = env.TEST_WORKERS;
  if (forced !== undefined && forced !== '') {
    if (!/^[1-9][0-9]*$/.test(forced)) throw new Error(`TEST_WORKERS must be a whole number of at least 1 (got "${forced}")`);
    return Number(forced);
  }
  return workerCount({ cores: os.availableParallelism(), load: os.loadavg()[0] });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const count = testWorkers();
  if (process.argv.includes('--explain')) {
    const why = process.env.TEST_WORKERS ? 'TEST_WORKERS' : `${os.availableParallelism()} cores, load ${os.loadavg()[0].toFixed(2)}`;
    process.stderr.write(`test files at once: ${count} (${why})\n`);
  }
  process.stdout.write(`${count}\n`);
}
