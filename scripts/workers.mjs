// How many test files run at once: from the machine, not a constant (issue 33, decisions 183, 268).
// `node scripts/workers.mjs` prints the count (and, with --explain, why on stderr); `--load` prints
// the machine's load measured now (what scripts/test-all.sh hands every suite as TEST_LOAD). The
// Vitest and Playwright configs import `testWorkers()`. TEST_WORKERS, when set to a whole number of
// at least 1, overrides the rule for every suite.
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

/**
 * The rule: `perCore` files per available core, less one per whole unit of load above the cores
 * (load: processes running or waiting for a core), never fewer than 1 nor more than `perCore`
 * per core. A suite whose files mostly wait (the API suites: each file's requests go back and forth
 * between the test, the app and the database thread) takes 2 per core: on a quiet 2-core machine
 * one file alone left a core idle half the time, and beside other work more files in flight get
 * the suite its share of the cores. A suite whose files mostly compute (the browser suite, the
 * unit tests) takes 1 per core.
 */
export function workerCount({ cores, load, perCore = 1 }) {
  const c = Math.max(1, Math.floor(Number.isFinite(cores) ? cores : 1));
  const most = c * Math.max(1, Math.floor(perCore));
  const excess = Number.isFinite(load) ? Math.max(0, load - c) : 0;
  return Math.max(1, Math.min(most, most - Math.floor(excess)));
}

/**
 * The machine's load now: the processes running or ready to run, as /proc/loadavg counts them at
 * this moment (its fourth field), less this process, averaged over `samples` readings 100 ms
 * apart. Unlike the 1-minute load average, it does not still count work that just ended (the
 * `npm install` before `npm test` left a 1-minute average of 3.3 on a quiet machine, and every
 * suite then ran one file at a time). Without /proc, the 1-minute average.
 */
export function measureLoad(samples = 10) {
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  let sum = 0;
  for (let i = 0; i < samples; i++) {
    let text;
    try {
      text = fs.readFileSync('/proc/loadavg', 'utf8');
    } catch {
      return os.loadavg()[0];
    }
    const running = Number(text.split(' ')[3]?.split('/')[0]);
    if (!Number.isFinite(running)) return os.loadavg()[0];
    sum += Math.max(0, running - 1);
    if (i < samples - 1) Atomics.wait(sleeper, 0, 0, 100);
  }
  return sum / samples;
}

/**
 * The count for this machine for a suite with `perCore` files per core: TEST_WORKERS when set (a
 * whole number, at least 1), else the rule on the cores and TEST_LOAD (the load scripts/test-all.sh
 * measured once before its jobs started) or, without it, the 1-minute load average.
 */
export function testWorkers(env = process.env, { perCore = 1 } = {}) {
  const forced = env.TEST_WORKERS;
  if (forced !== undefined && forced !== '') {
    if (!/^[1-9][0-9]*$/.test(forced)) throw new Error(`TEST_WORKERS must be a whole number of at least 1 (got "${forced}")`);
    return Number(forced);
  }
  return workerCount({ cores: os.availableParallelism(), load: givenLoad(env) ?? os.loadavg()[0], perCore });
}

function givenLoad(env) {
  const given = env.TEST_LOAD;
  if (given === undefined || given === '') return undefined;
  const load = Number(given);
  if (!Number.isFinite(load) || load < 0) throw new Error(`TEST_LOAD must be a number of at least 0 (got "${given}")`);
  return load;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--load')) {
    const load = measureLoad();
    if (process.argv.includes('--explain')) {
      process.stderr.write(
        `machine load now: ${load.toFixed(2)} on ${os.availableParallelism()} cores (1-minute average ${os.loadavg()[0].toFixed(2)})\n`,
      );
    }
    process.stdout.write(`${load.toFixed(2)}\n`);
  } else {
    const count = testWorkers();
    if (process.argv.includes('--explain')) {
      const why = process.env.TEST_WORKERS
        ? 'TEST_WORKERS'
        : `${os.availableParallelism()} cores, load ${givenLoad(process.env) ?? os.loadavg()[0]}`;
      process.stderr.write(`test files at once: ${count} (${why})\n`);
    }
    process.stdout.write(`${count}\n`);
  }
}
