import { Writable } from 'node:stream';

// The app's log, captured per app so a test can read what it logged.

export type LogCapture = { stream: Writable; lines: string[]; text: () => string };

export function createLogCapture(): LogCapture {
  const lines: string[] = [];
  let pending = '';
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      pending += chunk.toString();
      for (let i = pending.indexOf('\n'); i >= 0; i = pending.indexOf('\n')) {
        lines.push(pending.slice(0, i));
        pending = pending.slice(i + 1);
      }
      callback();
    },
  });
  return { stream, lines, text: () => [...lines, pending].join('\n') };
}
