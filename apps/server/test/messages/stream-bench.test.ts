import os from 'node:os';
import { describe, expect, test } from 'vitest';
import { useApi } from '../helpers.ts';
import { withMailbox } from '../company/documents-support.ts';
import { type StreamReader, conversationSetting, messageIdsOf, openStream, say } from './support.ts';

// The messages' bench rows (issue 36): figures, not a check; skipped unless BENCH_MESSAGES=1.
//   BENCH_MESSAGES=1 npx vitest run --project api apps/server/test/messages/stream-bench.test.ts
//   BENCH_MESSAGES=1 bash scripts/with-postgres.sh npx vitest run --project api-pg apps/server/test/messages/stream-bench.test.ts
// (add the file to POSTGRES_FILES for the second, or run it with --project api and DATABASE_URL set.)
// BENCH_STREAMS (1000) streams are held open by BENCH_STREAMS / 5 signed-in accounts (5 each, the
// cap), then a company sends BENCH_SENDS (200) messages one after another; each is timed from the
// send to its arrival on the freelancer's stream (send-to-receive). With BENCH_INSTANCES=2 (on
// PostgreSQL) the idle streams and the receiving stream are on a second instance. Memory per
// stream is the process's heap growth over the open streams divided by their number (client and
// server share this process, so it is an upper bound for the server's share).

const env = useApi();
const ON = process.env.BENCH_MESSAGES === '1';
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const SENDS = Number(process.env.BENCH_SENDS ?? 200);
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1);

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;

describe('messages bench', () => {
  test.skipIf(!ON)(
    'send-to-receive with many open streams',
    async () => {
      const limits = { maxConnections: 8_000, maxConnectionsPerIp: 4_000 };
      const app = withMailbox(await env.start({ config: { clientAccounts: true, ...limits } }), env.mailbox);
      const receiver = INSTANCES > 1 ? await env.start({ config: { clientAccounts: true, messagesPollMs: 3_600_000, ...limits } }) : app;
      const { company, freelancer, conversation } = await conversationSetting(app);
      const idle: StreamReader[] = [];
      global.gc?.();
      const heapBefore = process.memoryUsage().heapUsed;
      for (let i = 0; i < STREAMS / 5; i++) {
        const user = await app.createUser();
        for (let s = 0; s < 5; s++) idle.push(await openStream(receiver, user.accessToken));
      }
      global.gc?.();
      const heapAfter = process.memoryUsage().heapUsed;
      expect(idle.every((s) => s.status === 200)).toBe(true);
      const live = await openStream(receiver, freelancer.token);
      await live.until((e) => e.some((x) => x.data.kind === 'ready'), 'ready');
      const times: number[] = [];
      // Where the time goes: the send's answer (its transaction) and the arrival after it (the wake
      // and the stream's read; 0 when the message arrived before the answer).
      const sends: number[] = [];
      const after: number[] = [];
      for (let i = 0; i < SENDS; i++) {
        app.clock.advance(2_100); // within the per-account sending limit (30 a minute)
        const started = performance.now();
        const sent = await say(app, company.token, conversation.id, `bench ${i}`);
        const answered = performance.now();
        await live.arrival((e) => messageIdsOf(e).includes(sent.id));
        const arrived = performance.now();
        times.push(arrived - started);
        sends.push(answered - started);
        after.push(arrived - answered);
      }
      for (const list of [times, sends, after]) list.sort((a, b) => a - b);
      const ms = (v: number) => Math.round(v * 10) / 10;
      const row = {
        database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
        instances: INSTANCES,
        openStreams: idle.length + 1,
        sends: SENDS,
        p50ms: Math.round(quantile(times, 0.5) * 10) / 10,
        p99ms: Math.round(quantile(times, 0.99) * 10) / 10,
        maxMs: Math.round((times.at(-1) ?? 0) * 10) / 10,
        heapKiBPerStream: Math.round((heapAfter - heapBefore) / idle.length / 102.4) / 10,
        sendP50ms: ms(quantile(sends, 0.5)),
        sendP99ms: ms(quantile(sends, 0.99)),
        afterAnswerP50ms: ms(quantile(after, 0.5)),
        afterAnswerP99ms: ms(quantile(after, 0.99)),
        loadavg: os.loadavg().map((l) => Math.round(l * 100) / 100),
      };
      process.stdout.write(`BENCH messages ${JSON.stringify(row)}\n`);
      for (const s of [...idle, live]) s.close();
      expect(messageIdsOf(live.events)).toHaveLength(SENDS);
    },
    1_800_000,
  );
});
