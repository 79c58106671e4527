import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import type { Request, Response, RowMode, Statement, WireError, WorkerInit } from './pglite-protocol.ts';

// The main thread's side of the PGlite worker (pglite-worker.ts): an object shaped like the part of
// PGlite that drizzle-orm/pglite uses (query, exec, transaction) plus dumpDataDir and close, whose
// every call is a message to the worker. Drizzle's own PGlite driver runs on top of it unchanged, so
// SQL, parameters, results and errors are those of PGlite in-thread; only the thread differs.

/** Statement or lifecycle failures of the worker itself (not SQL errors): SQLSTATE 08006, connection failure. */
export const WORKER_LOST = '08006';

type Pending = { resolve: (value: unknown) => void; reject: (err: Error) => void };

function fromWire(wire: WireError): Error {
  const err = new Error(wire.message) as Error & Record<string, unknown>;
  Object.assign(err, wire.fields);
  Object.defineProperty(err, 'name', { value: wire.name, enumerable: false, configurable: true, writable: true });
  if (wire.stack) err.stack = wire.stack;
  return err;
}

function lostError(reason: string): Error {
  return Object.assign(new Error(`the embedded database worker stopped: ${reason}`), { code: WORKER_LOST });
}

export type RemotePglite = {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
  /** A guarded transaction sent whole to the worker (decision 298, runGuarded in script.ts): whether the guard held. */
  script(guard: Statement, statements: Statement[]): Promise<boolean>;
  dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<Blob>;
  /** LISTEN on `channel`: `onPayload` gets each notification (sent at the writer's commit); the answer stops it. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** Stops the thread at once without closing PGlite, as a crash would (the fault tests use it). */
  terminate(): Promise<void>;
  /** Set once the worker stopped without close() (crashed or terminated): why. */
  readonly lost: Error | undefined;
  /** Called once if the worker stops without close(). */
  onLost(listener: (err: Error) => void): void;
};

/**
 * Starts the worker on `init.dataDir`, waits until it has opened the data directory and applied the
 * migrations, and returns its client. A failed start rejects with the worker's error.
 */
export async function startPgliteWorker(init: WorkerInit): Promise<RemotePglite> {
  // The production bundle (scripts/build-server.mjs) names its own bundled worker; from source it
  // is the .ts beside this file.
  const bundled = (globalThis as { talentloopPgliteWorkerUrl?: URL }).talentloopPgliteWorkerUrl;
  const worker = new Worker(bundled ?? new URL('./pglite-worker.ts', import.meta.url), {
    workerData: init,
    transferList: init.loadDataDir ? [init.loadDataDir] : [],
    // Its stdout/stderr go to the process's own.
    stdout: false,
    stderr: false,
  });
  const pending = new Map<number, Pending>();
  const lostListeners: Array<(err: Error) => void> = [];
  let nextId = 1;
  let nextTx = 1;
  let lost: Error | undefined;
  let closing: Promise<void> | undefined;

  // The worker keeps the process alive only while an answer is awaited (like a socket with a request
  // in flight); an idle database must not hold a finished script or test run open.
  const settle = () => {
    if (pending.size === 0 && !closing) worker.unref();
  };

  const ready = new Promise<void>((resolve, reject) => {
    const onStartFailure = (err: Error) => reject(err);
    worker.once('error', onStartFailure);
    worker.once('exit', (code) => onStartFailure(lostError(`exit code ${code} during start`)));
    worker.on('message', function first(msg: Response) {
      if (msg.id !== 0) return;
      worker.off('message', first);
      if ('ready' in msg && msg.ready) resolve();
      else if ('error' in msg) reject(fromWire(msg.error));
    });
  });

  // Listeners by channel; the worker LISTENs once per channel.
  const channels = new Map<string, Set<(payload: string) => void>>();
  worker.on('message', (msg: Response) => {
    if (msg.id === 0) return;
    if ('notify' in msg) {
      for (const listener of channels.get(msg.notify) ?? []) listener(msg.payload);
      return;
    }
    const call = pending.get(msg.id);
    if (!call) return;
    pending.delete(msg.id);
    settle();
    if ('ok' in msg && msg.ok) call.resolve(msg.value);
    else if ('error' in msg) call.reject(fromWire(msg.error));
  });

  const fail = (err: Error) => {
    for (const call of pending.values()) call.reject(err);
    pending.clear();
    if (lost || closing) return;
    lost = err;
    for (const listener of lostListeners) listener(err);
  };
  worker.on('error', (err) => fail(lostError(err.message)));
  worker.on('exit', (code) => fail(lostError(`exit code ${code}`)));

  await ready;
  settle();

  type Body = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;
  const call = <T>(body: Body, transfer: ArrayBuffer[] = []): Promise<T> => {
    if (lost) return Promise.reject(lost);
    if (closing && body.op !== 'close') return Promise.reject(lostError('closed'));
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.ref();
      try {
        worker.postMessage({ ...body, id } as Request, transfer);
      } catch (err) {
        // A parameter that cannot be copied to the thread (a function, a symbol): this call fails alone.
        pending.delete(id);
        settle();
        reject(err as Error);
      }
    });
  };

  /** A query's parsers are functions: the worker leaves those types as text and they run here. */
  async function query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}, tx?: number): Promise<Results<T>> {
    const parsers = options.parsers ?? {};
    const rawTypes = Object.keys(parsers).map(Number);
    const rowMode: RowMode = options.rowMode ?? 'object';
    const result = await call<Results<T>>({ op: 'query', sql, params, rowMode, rawTypes, ...(tx === undefined ? {} : { tx }) });
    if (rawTypes.length) {
      result.fields.forEach((field, i) => {
        const parse = parsers[field.dataTypeID];
        if (!parse) return;
        const key = rowMode === 'array' ? i : field.name;
        for (const row of result.rows as Record<string | number, unknown>[]) {
          const value = row[key];
          if (typeof value === 'string') row[key] = parse(value);
        }
      });
    }
    return result;
  }

  const exec = (sql: string, tx?: number) => call<Results[]>({ op: 'exec', sql, ...(tx === undefined ? {} : { tx }) });

  return {
    query: (sql, params, options) => query(sql, params, options),
    exec: (sql) => exec(sql),
    async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
      const id = nextTx++;
      await call({ op: 'begin', tx: id });
      let closed = false;
      const check = () => {
        if (closed) throw new Error('Transaction is closed');
      };
      const tx: Transaction = {
        query: async (sql, params, options) => {
          check();
          return query(sql, params, options, id);
        },
        exec: async (sql) => {
          check();
          return exec(sql, id);
        },
        sql: async () => {
          throw new Error('tx.sql is not available through the PGlite worker; use tx.query');
        },
        listen: async () => {
          throw new Error('LISTEN is not available through the PGlite worker');
        },
        rollback: async () => {
          check();
          closed = true;
          await call({ op: 'end', tx: id, commit: false });
        },
        get closed() {
          return closed;
        },
      };
      let result: T;
      try {
        result = await callback(tx);
      } catch (err) {
        if (!closed) {
          closed = true;
          await call({ op: 'end', tx: id, commit: false }).catch(() => {});
        }
        throw err;
      }
      if (!closed) {
        closed = true;
        await call({ op: 'end', tx: id, commit: true });
      }
      return result;
    },
    script: (guard, statements) => call<boolean>({ op: 'script', guard, statements }),
    async listen(channel, onPayload) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
      const listeners = channels.get(channel) ?? new Set();
      channels.set(channel, listeners);
      // Sent for every listener: the worker runs LISTEN again (a reset session forgets it).
      await call({ op: 'listen', channel });
      listeners.add(onPayload);
      return async () => {
        listeners.delete(onPayload);
      };
    },
    async dumpDataDir(compression = 'auto') {
      const bytes = await call<ArrayBuffer>({ op: 'dump', compression });
      return new Blob([bytes]);
    },
    close() {
      if (closing) return closing;
      if (lost) return Promise.resolve();
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      const done = call({ op: 'close' });
      // Held until the thread has exited, so close() settles even in a process with nothing else to do.
      worker.ref();
      closing = done.then(
        () => exited,
        // PGlite failed to close: the thread goes anyway.
        async () => {
          await worker.terminate();
        },
      );
      return closing;
    },
    async terminate() {
      await worker.terminate();
    },
    get lost() {
      return lost;
    },
    onLost(listener) {
      lostListeners.push(listener);
    },
  };
}
