import { parentPort, workerData } from 'node:worker_threads';
import type { CsvMapping } from '@talentloop/contract/api/receipts';
import { StatementError, parseCamt053 } from './camt053.ts';
import { parseCsvStatement } from './csv.ts';

// A statement parsed off the event loop (decision 252): a camt.053 of 10,000 lines is seconds of
// synchronous XML work, which would stall every other request. One thread per import, started by
// parse.ts with the statement, answering once with the parsed statement or the StatementError's text.

const job = workerData as { format: 'camt053' | 'csv'; content: string; csv?: CsvMapping; accounts: string[]; today: string };

try {
  if (job.format === 'csv') {
    if (!job.csv) throw new StatementError('Say which CSV column holds the date, the amount, the currency and the reference.');
    parentPort?.postMessage({ parsed: parseCsvStatement(job.content, job.csv, job.accounts, job.today) });
  } else parentPort?.postMessage({ parsed: parseCamt053(job.content, job.accounts, job.today) });
} catch (err) {
  if (err instanceof StatementError) parentPort?.postMessage({ statementError: err.message });
  else parentPort?.postMessage({ error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
}
