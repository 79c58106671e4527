import { Worker } from 'node:worker_threads';
import type { ImportStatementBody } from '@talentloop/contract/api/receipts';
import { type ParsedStatement, StatementError } from './camt053.ts';

// Parses a statement in a thread of its own (parse-worker.ts, decision 252) so the event loop keeps
// answering other requests meanwhile. Throws StatementError as the parsers do.

type Answer = { parsed: ParsedStatement } | { statementError: string } | { error: string };

export function parseStatement(body: ImportStatementBody, accounts: readonly string[], today: string): Promise<ParsedStatement> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./parse-worker.ts', import.meta.url), {
      workerData: { format: body.format, content: body.content, csv: body.csv, accounts: [...accounts], today },
    });
    let answered = false;
    worker.once('message', (answer: Answer) => {
      answered = true;
      if ('parsed' in answer) resolve(answer.parsed);
      else if ('statementError' in answer) reject(new StatementError(answer.statementError));
      else reject(new Error(`statement parsing failed: ${answer.error}`));
      void worker.terminate();
    });
    worker.once('error', (err) => {
      if (!answered) reject(err);
    });
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`the statement parser exited (${code})`));
    });
  });
}
