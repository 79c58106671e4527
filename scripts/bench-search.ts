// Benchmark: GET /api/search/skill?query=ja with 50 concurrent connections on the embedded database.
// Target (issue 5): p99 under 50 ms on a 2-core machine. Prints figures; not a test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Mail } from '../apps/server/src/infra/mail/mailer.ts';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const SECONDS = Number(process.env.SECONDS ?? 10);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tl-bench-'));

const mails: Mail[] = [];
const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '100000' }), outboxPollMs: 50 };
const { app, close } = await buildApp({
  config,
  mailer: {
    send: async (m) => {
      mails.push(m);
      return { ok: true };
    },
    close() {},
  },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
const base = `http://127.0.0.1:${port}/api`;
const post = (p: string, body: unknown) =>
  fetch(base + p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

await post('/user/register', { firstName: 'Bench', lastName: 'User', emailId: 'bench@example.com', password: 'Str0ng!pass' });
while (!mails.length) await new Promise((r) => setTimeout(r, 20));
const code = /verify your email: (\d{5})/.exec(mails[0]?.text ?? '')?.[1];
const { accessToken } = (await (await post('/otp/verify', { email: 'bench@example.com', otp: code })).json()) as { accessToken: string };

// The load runs in a worker thread (the other core), so it does not share the server's event loop.
const loadCode = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { port, token, connections, seconds, path } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const once = () => new Promise((resolve, reject) => {
  const started = process.hrtime.bigint();
  http.get({ host: '127.0.0.1', port, path, agent, headers: { authorization: 'Bearer ' + token } }, (res) => {
    res.resume();
    res.on('end', () => res.statusCode === 200 ? resolve(Number(process.hrtime.bigint() - started) / 1e6) : reject(new Error('status ' + res.statusCode)));
  }).on('error', reject);
});
(async () => {
  for (let i = 0; i < 200; i++) await once();
  const latencies = [];
  const deadline = Date.now() + seconds * 1000;
  await Promise.all(Array.from({ length: connections }, async () => { while (Date.now() < deadline) latencies.push(await once()); }));
  agent.destroy();
  parentPort.postMessage(latencies);
})();
`;
const latencies: number[] = await new Promise((resolve, reject) => {
  const worker = new Worker(loadCode, {
    eval: true,
    workerData: { port, token: accessToken, connections: CONNECTIONS, seconds: SECONDS, path: '/api/search/skill?query=ja' },
  });
  worker.once('message', resolve);
  worker.once('error', reject);
});
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]?.toFixed(1);
process.stdout.write(`search/skill?query=ja, ${CONNECTIONS} connections, ${SECONDS} s, embedded PGlite\n`);
process.stdout.write(
  `requests ${latencies.length}, ${(latencies.length / SECONDS).toFixed(0)} req/s, p50 ${pct(50)} ms, p99 ${pct(99)} ms, max ${latencies.at(-1)?.toFixed(1)} ms\n`,
);
await close();
fs.rmSync(dataDir, { recursive: true, force: true });
