// `npm run typecheck`: the TypeScript projects through project references (decision 48). The
// contract is built first (its declarations, into node_modules/.cache/tsc/contract); the server,
// web and e2e projects reference it, so they read those declarations instead of checking the
// contract's source three more times, and they are checked side by side (as many at once as the
// machine has cores), each one's output printed whole when it ends. `tsc -b` keeps build-info files,
// so a second run only rechecks what changed. Fails when any project fails.
// `npx tsc -b` at the root runs the same build one project after another.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONTRACT = 'packages/contract';
const named = process.argv.slice(2);
const dependents = named.length ? named.filter((p) => p !== CONTRACT) : ['apps/server', 'apps/web', 'e2e'];
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
const slots = Math.max(1, Math.min(dependents.length, os.availableParallelism()));

function build(project) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-b', project], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${code === 0 ? 'ok  ' : 'FAIL'} tsc -b ${project} (${seconds} s)\n${out}`);
      resolve(code === 0);
    });
  });
}

// The contract first: every other project's build would otherwise race to build it.
if (!(await build(CONTRACT))) process.exit(1);
const queue = [...dependents];
const results = await Promise.all(
  Array.from({ length: slots }, async () => {
    let ok = true;
    for (let p = queue.shift(); p; p = queue.shift()) ok = (await build(p)) && ok;
    return ok;
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
