import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Request, Response, WireError, WorkerInit } from './pglite-protocol.ts';

// The embedded database's thread (decision "PGlite in a worker thread"): PGlite runs here, so a
// slow statement occupies this thread and never the server's event loop. It opens the data
// directory, applies the migrations, says ready, then runs what the main thread sends
// (pglite-remote.ts) in arrival order. PGlite's own mutex does the ordering: a statement sent while
// a transaction is open waits until that transaction ends, exactly as in-thread.

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread');
const init = workerData as WorkerInit;

/** Only primitive fields cross the thread boundary (PGlite also attaches the query's options, with functions). */
function toWire(err: unknown): WireError {
  const e = err instanceof Error ? err : new Error(String(err));
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(e)) {
    if (key === 'params' || key === 'query') continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { name: e.name, message: e.message, stack: e.stack, fields };
}

const send = (message: Response, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

let pg: PGlite;
try {
  pg = await PGlite.create({
    dataDir: init.dataDir,
    extensions: { pg_trgm },
    ...(init.loadDataDir ? { loadDataDir: new Blob([init.loadDataDir]) } : {}),
  });
  await migrate(drizzle(pg), { migrationsFolder: init.migrationsFolder });
} catch (err) {
  send({ id: 0, ready: false, error: toWire(err) });
  process.exit(1);
}

/** Channels with a callback registered (PGlite's listen). */
const listening = new Set<string>();

/** Open transactions by the main thread's id: PGlite's handle, and how to end it. */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean, id: number) => void }>();

/** Where a statement runs: inside its transaction, or on its own (then after any open transaction). */
function target(tx: number | undefined): Pick<Transaction, 'query' | 'exec'> {
  if (tx === undefined) return pg;
  const open = transactions.get(tx);
  if (!open || open.tx.closed) throw new Error('Transaction is closed');
  return open.tx;
}

async function run(req: Request): Promise<unknown> {
  switch (req.op) {
    case 'query': {
      // Types whose text the caller parses itself (drizzle keeps dates and intervals as text).
      const parsers = Object.fromEntries(req.rawTypes.map((oid) => [oid, (value: string) => value]));
      return target(req.tx).query(req.sql, req.params, { rowMode: req.rowMode, parsers });
    }
    case 'exec':
      return target(req.tx).exec(req.sql);
    case 'script':
      // PGlite's transaction(): statements sent meanwhile wait until it ends, as for begin/end.
      return pg.transaction(async (tx) => {
        const guard = await tx.query<Record<string, unknown>>(req.guard.sql, req.guard.params, { rowMode: 'object' });
        const first = guard.rows[0];
        if (!first || Object.values(first)[0] !== true) return false;
        for (const statement of req.statements) await tx.query(statement.sql, statement.params);
        return true;
      });
    case 'listen':
      // One callback per channel; the LISTEN itself is run again each time, so a session reset in
      // between (DISCARD ALL, which the tests' database reuse runs) is undone by the next listener.
      if (listening.has(req.channel)) await pg.exec(`LISTEN "${req.channel}"`);
      else {
        await pg.listen(req.channel, (payload) => send({ id: -1, notify: req.channel, payload }));
        listening.add(req.channel);
      }
      return null;
    case 'dump': {
      const blob = await pg.dumpDataDir(req.compression);
      return await blob.arrayBuffer();
    }
    case 'close':
      await pg.close();
      return null;
    default:
      throw new Error(`unknown operation ${(req as { op: string }).op}`);
  }
}

/** PGlite's transaction(), held open until the main thread ends it; answers `begin` once BEGIN ran. */
function begin(req: Extract<Request, { op: 'begin' }>) {
  let endId = 0;
  let begun = false;
  pg.transaction(async (tx) => {
    const commit = await new Promise<boolean>((resolve) => {
      transactions.set(req.tx, {
        tx,
        end(commit, id) {
          endId = id;
          resolve(commit);
        },
      });
      begun = true;
      send({ id: req.id, ok: true, value: null });
    });
    if (!commit) await tx.rollback();
  })
    .then(() => send({ id: endId, ok: true, value: null }))
    .catch((err) => send({ id: begun ? endId : req.id, ok: false, error: toWire(err) }))
    .finally(() => transactions.delete(req.tx));
}

port.on('message', (req: Request) => {
  if (req.op === 'begin') return begin(req);
  if (req.op === 'end') {
    const open = transactions.get(req.tx);
    if (!open) return send({ id: req.id, ok: false, error: toWire(new Error('Transaction is closed')) });
    return open.end(req.commit, req.id);
  }
  Promise.resolve()
    .then(() => run(req))
    .then(
      (value) => {
        send({ id: req.id, ok: true, value }, value instanceof ArrayBuffer ? [value] : []);
        if (req.op === 'close') port.close();
      },
      (err) => send({ id: req.id, ok: false, error: toWire(err) }),
    );
});

send({ id: 0, ready: true });
