import { PORTFOLIO_FILE_MAX_BYTES, PORTFOLIO_MAX_ITEMS } from '@talentloop/contract';
import { Worker } from 'node:worker_threads';
import { describe, expect, test } from 'vitest';
import type { UploadLoopData, UploadOutcome } from './upload-loop.ts';
import {
  type Outcome,
  SKILLS_PATH,
  type ServerProcess,
  assertAlive,
  createAccount,
  get,
  reportCounts,
  startMailSink,
  startServer,
  tempDir,
  unexpected5xx,
  until,
  useFaultHarness,
} from './support.ts';

// Reads on the embedded database (PGlite in DATA_DIR) while several accounts upload in a loop
// (issue 18): PGlite runs one statement at a time, so bytes that went through it made every other
// request wait behind them. With the bytes under DATA_DIR/blobs the database sees only metadata,
// and a light signed-in read stays within 3x of its idle p99 (NOISE_ALLOWANCE_MS below).
//
// FAULT_BLOB_STORE=db runs the same scenario with the bytes in the database (the "before").

useFaultHarness();

const UPLOADERS = 3;
/** Under the per-account limit of 60 uploads an hour (features/files/upload-limit.ts). */
const UPLOADS_PER_ACCOUNT = 50;
/** Idle reads timed (after 20 to warm up). */
const READS = 150;
/** Reads while the uploads run go on this long (about 6 saves per account). */
const LOADED_MS = 6_000;
/**
 * Fewer reads than this in LOADED_MS: reads are stalled, whatever their p99. On a machine so busy
 * that even idle reads are slow, the floor is what reads 3x the idle mean would still make (the
 * same 3x as the p99 bound): a count tuned on a quiet box would fail there with nothing stalled.
 */
const MIN_LOADED_READS = 50;

function mean(times: number[]): number {
  return times.reduce((a, b) => a + b, 0) / Math.max(1, times.length);
}
/**
 * The bound is 3x the idle p99, but never under idle + this. Every upload is buffered in memory
 * (2 x 2 MB), and the server's full garbage collections that those buffers bring (tens of ms, a few
 * a second; --trace-gc) would alone exceed 3x of a quiet machine's few-ms idle p99; on a 2-core CI
 * machine the browser suite runs alongside, and one measured run there had an idle p99 of 79 ms and
 * a loaded one of 385 ms with the bytes outside the database. Bytes in the database stall the
 * server far past this: the uploads themselves stop making progress (FAULT_BLOB_STORE=db fails
 * "the uploads went on during the measurement"), and reads wait seconds behind each one.
 */
const NOISE_ALLOWANCE_MS = 500;
/**
 * Each account's pause between two saves. Back to back, three accounts send 30 MB/s, which alone
 * takes the server's CPU on a 2-core machine (about 100 ms of CPU per 4 MB save: receiving,
 * parsing and buffering it), and reads would then wait for the CPU, not the database. Paced,
 * the uploads use about a third of a core; bytes in the database still stall reads for seconds.
 */
const PAUSE_MS = 1_000;
/** Each save is the largest there is: PORTFOLIO_MAX_ITEMS documents at the size limit. */
const FILE_SIZE = PORTFOLIO_FILE_MAX_BYTES - 1024;

/** Sequential reads until `count` or `ms`, each timed from this process. */
async function timedReads(server: ServerProcess, token: string, count: number, ms = Number.POSITIVE_INFINITY) {
  const times: number[] = [];
  const statuses: number[] = [];
  const deadline = Date.now() + ms;
  while (times.length < count && Date.now() < deadline) {
    const started = performance.now();
    const answer = await get(server, SKILLS_PATH, { token });
    times.push(performance.now() - started);
    statuses.push(answer.status);
  }
  return { times, statuses };
}

function p99(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? Number.NaN;
}

describe('reads on PGlite while uploads run', () => {
  test('a signed-in read keeps its p99 within 3x of idle while several accounts upload in a loop', async () => {
    const started = Date.now();
    const mail = await startMailSink();
    const server = await startServer({ DATA_DIR: tempDir('uploads'), SMTP_URL: mail.url, BLOB_STORE: process.env.FAULT_BLOB_STORE ?? '' });
    const [reader, ...uploaders] = await Promise.all(Array.from({ length: UPLOADERS + 1 }, () => createAccount(server, mail)));
    if (!reader) throw new Error('no reader');

    // Idle: after a warm-up, the read alone.
    await timedReads(server, reader.accessToken, 20);
    const idle = await timedReads(server, reader.accessToken, READS);

    // Uploads: each account saves its portfolio (two documents at the 2 MB limit) in a loop, from
    // a worker thread (upload-loop.ts), so this thread's event loop only times the reads.
    const uploads: UploadOutcome[] = [];
    const worker = new Worker(new URL('./upload-loop.ts', import.meta.url), {
      workerData: {
        baseUrl: server.baseUrl,
        tokens: uploaders.map((a) => a.accessToken),
        perAccount: UPLOADS_PER_ACCOUNT,
        files: PORTFOLIO_MAX_ITEMS,
        fileSize: FILE_SIZE,
        pauseMs: PAUSE_MS,
      } satisfies UploadLoopData,
    });
    const workerDone = new Promise<void>((resolve, reject) => {
      worker.on('message', (message: UploadOutcome | 'done') => (message === 'done' ? resolve() : uploads.push(message)));
      worker.on('error', reject);
      worker.on('exit', () => resolve());
    });
    let loaded: Awaited<ReturnType<typeof timedReads>>;
    try {
      // Measured once every uploader is past its first save (uploads are in flight, not starting).
      await until(() => uploads.length >= UPLOADERS, 'the first uploads', 60_000);
      const during = uploads.length;
      loaded = await timedReads(server, reader.accessToken, Number.POSITIVE_INFINITY, LOADED_MS);
      // The uploads went on during the measurement.
      expect(uploads.length).toBeGreaterThan(during);
    } finally {
      worker.postMessage('stop');
      await workerDone;
      await worker.terminate();
    }
    assertAlive(server);
    const bytes = uploads.filter((o) => o.status === 200).length * PORTFOLIO_MAX_ITEMS * FILE_SIZE;

    const idleP99 = p99(idle.times);
    const loadedP99 = p99(loaded.times);
    const figures = `idle p99 ${idleP99.toFixed(1)} ms, under uploads p99 ${loadedP99.toFixed(1)} ms over ${loaded.times.length} reads; ${uploads.length} uploads (${(bytes / 1e6).toFixed(0)} MB)`;
    process.stdout.write(`reads on PGlite while uploads run (${process.env.FAULT_BLOB_STORE || 'default store'}): ${figures}\n`);

    expect([...idle.statuses, ...loaded.statuses].filter((s) => s !== 200)).toEqual([]);
    expect(uploads.filter((o) => o.status !== 200).map((o) => o.status ?? o.error)).toEqual([]);
    const outcomes: Outcome[] = uploads.map((o) => ({ at: 0, status: o.status, ms: o.ms, label: 'upload', error: o.error }));
    reportCounts({
      scenario: 'reads on PGlite while uploads run',
      faults: uploads.length,
      requests: idle.times.length + loaded.times.length + uploads.length,
      unexpected5xx: unexpected5xx(outcomes),
      dataLost: 0,
      ms: Date.now() - started,
      notes: figures,
    });
    // Bytes in the database: each read waits seconds behind an upload, and few are made at all.
    const minReads = Math.min(MIN_LOADED_READS, Math.floor(LOADED_MS / (3 * mean(idle.times))));
    expect(loaded.times.length, `${figures}; at least ${minReads} reads expected`).toBeGreaterThanOrEqual(minReads);
    expect(loadedP99, figures).toBeLessThanOrEqual(Math.max(3 * idleP99, idleP99 + NOISE_ALLOWANCE_MS));
  });
});
