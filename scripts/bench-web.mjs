#!/usr/bin/env node
// Web performance benchmark (not a timed test). Builds the web app for production, measures the
// landing page's first-load JavaScript (the entry chunk and everything it imports statically,
// gzip), serves the build from the real server with compression on, runs Lighthouse (mobile,
// simulated throttling) several times against / and prints the median performance score.
// Budgets (issue 4): first-load JS <= 100 KB gzip, Lighthouse mobile performance >= 98 (median).
//
//   node scripts/bench-web.mjs [--runs 5] [--no-build] [--url-path /]
//
// Needs Chromium (CHROME_PATH, else /usr/bin/chromium) and the `lighthouse` dev dependency.
// Exits 1 when a budget is missed.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const RUNS = Number(option('runs', '5'));
const URL_PATH = option('url-path', '/');
const BUILD = !args.includes('--no-build');
const JS_BUDGET_KB = 100;
const SCORE_BUDGET = 98;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// .bench/ is git-ignored, so Tailwind does not scan this build and other runs' dist stays untouched.
const benchDir = path.join(root, '.bench');
const outDir = path.join(benchDir, 'web-dist');

const kb = (bytes) => bytes / 1024;
const print = (line = '') => process.stdout.write(`${line}\n`);
const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(file)).length;

function build() {
  print('Building the web app (production)...');
  const res = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  });
  if (res.status !== 0) throw new Error('vite build failed');
}

/** The entry chunk plus every chunk it imports statically: what the browser must load before the first render. */
function firstLoadJs() {
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('no entry in the Vite manifest');
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  visit(entryKey);
  const chunks = [...seen]
    .map((key) => manifest[key].file)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, raw: fs.statSync(path.join(outDir, file)).size, gzip: gzipSize(path.join(outDir, file)) }))
    .sort((a, b) => b.gzip - a.gzip);
  // What is fetched later, on its own (lazy routes, the landing's lower sections, the partner modal).
  const lazy = Object.values(manifest)
    .filter((c) => c.file.endsWith('.js') && !chunks.some((x) => x.file === c.file))
    .map((c) => ({ file: c.file, gzip: gzipSize(path.join(outDir, c.file)) }));
  return { chunks, total: chunks.reduce((s, c) => s + c.gzip, 0), lazy };
}

async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startServer() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(benchDir, 'data-'));
  const child = spawn('node', ['apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: outDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited during start');
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('the server did not start within 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    origin,
    async stop() {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {}
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function lighthouseRuns(url) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const results = [];
  for (let i = 1, failures = 0; i <= RUNS; i++) {
    // A fresh browser per run: nothing cached between runs.
    const chrome = await chromeLauncher.launch({
      chromePath: CHROME_PATH,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    try {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      const lhr = result?.lhr;
      if (!lhr) throw new Error('lighthouse returned no result');
      if (lhr.runtimeError) {
        // Lighthouse sometimes loses the trace (NO_NAVSTART) on a busy machine: run that one again.
        if (++failures > 3) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
        print(`  run ${i}/${RUNS}: ${lhr.runtimeError.code}, running it again`);
        i--;
        continue;
      }
      const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const requests = lhr.audits['network-requests']?.details?.items ?? [];
      const scriptBytes = requests.filter((r) => r.resourceType === 'Script').reduce((s, r) => s + (r.transferSize ?? 0), 0);
      const run = {
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        si: audit('speed-index'),
        scriptKb: kb(scriptBytes),
      };
      results.push(run);
      print(
        `  run ${i}/${RUNS}: score ${run.score}  FCP ${Math.round(run.fcp)} ms  LCP ${Math.round(run.lcp)} ms  TBT ${Math.round(run.tbt)} ms  CLS ${run.cls.toFixed(3)}  SI ${Math.round(run.si)} ms  scripts ${run.scriptKb.toFixed(1)} KB transferred`,
      );
    } finally {
      await chrome.kill();
    }
  }
  return results;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

fs.mkdirSync(benchDir, { recursive: true });
if (BUILD) build();
else if (!fs.existsSync(path.join(outDir, '.vite/manifest.json'))) throw new Error(`no build in ${outDir}: run without --no-build`);

const js = firstLoadJs();
print('\nLanding first-load JS (entry + static imports, gzip):');
for (const c of js.chunks) print(`  ${kb(c.gzip).toFixed(1).padStart(7)} KB  ${c.file}`);
print(`  ${kb(js.total).toFixed(1).padStart(7)} KB  total (budget ${JS_BUDGET_KB} KB)`);
const landingLazy = js.lazy.filter((c) => /(below-fold|partner-modal)/.test(c.file));
for (const c of landingLazy) print(`  (loaded later) ${kb(c.gzip).toFixed(1)} KB  ${c.file}`);

const server = await startServer();
let scores = [];
try {
  print(`\nLighthouse ${RUNS}x, mobile, against ${server.origin}${URL_PATH} (compression on):`);
  scores = await lighthouseRuns(`${server.origin}${URL_PATH}`);
} finally {
  await server.stop();
}

const medianScore = median(scores.map((r) => r.score));
const jsOk = kb(js.total) <= JS_BUDGET_KB;
const scoreOk = medianScore >= SCORE_BUDGET;
print('\nSummary');
print(`  first-load JS   ${kb(js.total).toFixed(1)} KB gzip  ${jsOk ? 'OK' : `OVER the ${JS_BUDGET_KB} KB budget`}`);
print(
  `  Lighthouse      median performance ${medianScore} (LCP ${Math.round(median(scores.map((r) => r.lcp)))} ms, TBT ${Math.round(median(scores.map((r) => r.tbt)))} ms)  ${scoreOk ? 'OK' : `BELOW ${SCORE_BUDGET}`}`,
);
process.exit(jsOk && scoreOk ? 0 : 1);
