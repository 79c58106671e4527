import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

// The running server's local control channel (issue 21): a Unix domain socket in the data
// directory, readable and writable by this machine's user only (mode 0600), through which the
// operator command line reaches a server that holds the embedded database (one owner per data
// directory: db/data-dir-lock.ts), and `npm run seed:demo` (issue 33) reaches it the same way. One
// JSON line in; zero or more progress lines (`{"progress": "..."}`) and one JSON answer line out,
// then the connection ends. Only the commands the handler knows are served; nothing else travels on
// it.

export const CONTROL_SOCKET = 'control.sock';
const MAX_REQUEST_BYTES = 4096;

/** `grant`/`revoke` carry an email; `seed-demo` carries the command line's arguments. */
export type ControlRequest = { command: string; email: string; args?: string[] };
/** `out`/`err`: lines the command line prints as they are (seed-demo's report). */
export type ControlReply = { ok: true; result: string; out?: string[]; err?: string[] } | { ok: false; error: string };

export function controlSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), CONTROL_SOCKET);
}

function parseRequest(line: string): ControlRequest | null {
  try {
    const value = JSON.parse(line) as { command?: unknown; email?: unknown; args?: unknown };
    if (typeof value.command !== 'string') return null;
    if (value.email !== undefined && typeof value.email !== 'string') return null;
    if (value.args !== undefined && !(Array.isArray(value.args) && value.args.every((a) => typeof a === 'string'))) return null;
    return {
      command: value.command,
      email: (value.email as string | undefined) ?? '',
      ...(value.args ? { args: value.args as string[] } : {}),
    };
  } catch {
    return null;
  }
}

/**
 * Listens on `<dataDir>/control.sock` (the caller holds the data directory's lock, so a socket file
 * left there is a dead server's and is replaced). `close` stops listening and removes the file.
 */
export async function startControlChannel(opts: {
  dataDir: string;
  /** `progress` sends a line the command line prints at once (a long command's progress). */
  handle: (request: ControlRequest, progress: (line: string) => void) => Promise<ControlReply>;
  log: { warn: (obj: object, msg: string) => void };
}): Promise<{ path: string; close: () => Promise<void> }> {
  const socketPath = controlSocketPath(opts.dataDir);
  try {
    fs.unlinkSync(socketPath);
  } catch {}
  const server = net.createServer((socket) => {
    let buffer = '';
    socket.setEncoding('utf8');
    socket.setTimeout(10_000, () => socket.destroy());
    socket.on('error', () => {});
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      if (buffer.length > MAX_REQUEST_BYTES) return socket.destroy();
      const end = buffer.indexOf('\n');
      if (end < 0) return;
      socket.removeAllListeners('data');
      const request = parseRequest(buffer.slice(0, end));
      // The request is in: the idle limit was for it. A command may run long (seeding thousands of
      // profiles); it ends when the command does, or when the command line goes away.
      socket.setTimeout(0);
      const progress = (line: string) => {
        if (!socket.destroyed) socket.write(`${JSON.stringify({ progress: line })}\n`);
      };
      const answer = request
        ? opts.handle(request, progress).catch((err: unknown) => {
            opts.log.warn({ err }, 'control channel command failed');
            return { ok: false, error: 'The server could not apply the command: see its log.' } as ControlReply;
          })
        : Promise.resolve<ControlReply>({ ok: false, error: 'Not a command.' });
      void answer.then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    });
  });
  // The socket is created with this mask (owner only) and set to 0600 again once it exists.
  const previousMask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } finally {
    process.umask(previousMask);
  }
  fs.chmodSync(socketPath, 0o600);
  return {
    path: socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        try {
          fs.unlinkSync(socketPath);
        } catch {}
      }),
  };
}

/**
 * Sends one command to the server listening in `dataDir`. Null when no server listens there (no
 * socket file, or a dead server's); throws on a broken answer or when nothing arrives for
 * `timeoutMs`. Progress lines go to `onProgress` as they arrive.
 */
export function sendControlCommand(
  dataDir: string,
  request: ControlRequest,
  timeoutMs = 15_000,
  onProgress: (line: string) => void = () => {},
): Promise<ControlReply | null> {
  const socketPath = controlSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    let answer = '';
    let connected = false;
    const socket = net.createConnection(socketPath, () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.setEncoding('utf8');
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error('The server did not answer in time.')));
    socket.on('data', (chunk: string) => {
      answer += chunk;
      // Whole progress lines are handed on; the answer is the last line.
      for (let end = answer.indexOf('\n'); end >= 0; end = answer.indexOf('\n')) {
        const line = answer.slice(0, end);
        let value: { progress?: unknown } | null = null;
        try {
          value = JSON.parse(line) as { progress?: unknown };
        } catch {}
        if (!value || typeof value.progress !== 'string') break;
        onProgress(value.progress);
        answer = answer.slice(end + 1);
      }
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (!connected && (err.code === 'ENOENT' || err.code === 'ECONNREFUSED')) resolve(null);
      else reject(err);
    });
    socket.on('end', () => {
      try {
        resolve(JSON.parse(answer.trim()) as ControlReply);
      } catch {
        reject(new Error('The server sent an answer that is not one.'));
      }
    });
  });
}
