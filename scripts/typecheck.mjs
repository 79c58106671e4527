// `npm run typecheck`: the four TypeScript projects checked side by side (issue 9), as many at
// once as the machine has cores, each one's output printed whole when it ends. Fails when any fails.
// Each project keeps its own tsconfig (editors use them unchanged) and an incremental build-info
// file under node_modules/.cache/tsc, so a second run only rechecks what changed.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const projects = process.argv.slice(2).length ? process.argv.slice(2) : ['packages/contract', 'apps/server', 'apps/web', 'e2e'];
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
const slots = Math.max(1, Math.min(projects.length, os.availableParallelism()));

function check(project) {
  const started = Date.now();
  const name = project.replaceAll('/', '-');
  const args = [
    tsc,
    '-p',
    project,
    '--incremental',
    '--tsBuildInfoFile',
    path.join(root, 'node_modules/.cache/tsc', `${name}.tsbuildinfo`),
  ];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${code === 0 ? 'ok  ' : 'FAIL'} tsc -p ${project} (${seconds} s)\n${out}`);
      resolve(code === 0);
    });
  });
}

const queue = [...projects];
const results = await Promise.all(
  Array.from({ length: slots }, async () => {
    let ok = true;
    for (let p = queue.shift(); p; p = queue.shift()) ok = (await check(p)) && ok;
    return ok;
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
