import { parentPort, workerData } from 'node:worker_threads';

// A worker thread of uploads-pglite.test.ts: each account saves its portfolio (files of `fileSize`
// bytes) in a loop, `pauseMs` between its saves, until told to stop or `perAccount` saves are done. The uploads are made on
// this thread so the test's own event loop, which times the reads, is not busy encoding megabytes.

export type UploadLoopData = { baseUrl: string; tokens: string[]; perAccount: number; files: number; fileSize: number; pauseMs: number };
export type UploadOutcome = { account: number; status?: number; error?: string; ms: number };

const data = workerData as UploadLoopData;
let stopped = false;
parentPort?.on('message', (message) => {
  if (message === 'stop') stopped = true;
});

/** A PDF of `size` bytes, as the portfolio accepts it. */
function pdf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, 0x20), tail]);
}

const file = new Blob([new Uint8Array(pdf(data.fileSize))], { type: 'application/pdf' });

async function save(token: string, version: number): Promise<{ status: number; version?: number }> {
  const form = new FormData();
  const items = Array.from({ length: data.files }, (_, i) => ({
    portfolioTitle: `Case study ${i + 1}`,
    portfolioDesc: 'A report on a project.',
    portfolioSkills: ['React'],
    portfolioUrl: null,
    fileIndex: i + 1,
  }));
  form.set('profileData', JSON.stringify({ portfolioDetails: items, version }));
  for (let i = 0; i < data.files; i++) form.append('portfolioContent', file, 'case.pdf');
  const res = await fetch(`${data.baseUrl}/api/freelancer-settings/portfolio-details`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(60_000),
  });
  const body = (await res.json().catch(() => undefined)) as { version?: number } | undefined;
  return { status: res.status, version: body?.version };
}

await Promise.all(
  data.tokens.map(async (token, account) => {
    let version = 0;
    for (let n = 0; n < data.perAccount && !stopped; n++) {
      const started = performance.now();
      let outcome: UploadOutcome;
      try {
        const answer = await save(token, version);
        if (answer.status === 200 && typeof answer.version === 'number') version = answer.version;
        outcome = { account, status: answer.status, ms: performance.now() - started };
      } catch (err) {
        outcome = { account, error: (err as Error).message, ms: performance.now() - started };
      }
      parentPort?.postMessage(outcome);
      await new Promise((resolve) => setTimeout(resolve, data.pauseMs));
    }
  }),
);
parentPort?.postMessage('done');
