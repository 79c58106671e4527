import fs from 'node:fs';
import { untilConnected } from './startup-wait.ts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
// The tag alone, not drizzle's index: this module is loaded before the worker starts.
import { sql } from 'drizzle-orm/sql/sql';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Config } from '../../config.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { type Listen, listenerFor } from './listen.ts';
import { startPgliteWorker } from './pglite-remote.ts';

// The schema's type only: its module is imported with the driver, once the worker has started.
export type Db = PgDatabase<PgQueryResultHKT, typeof import('./schema.ts')>;
/** A transaction of Db: what `db.transaction(async (tx) => ...)` hands its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What runs statements: the database itself or a transaction of it (work that joins the caller's transaction when it has one). */
export type DbOrTx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /**
   * Embedded PGlite in its worker thread only: `listener` is called once if the thread stops
   * without close() (a crash). Nothing can be served after that; server.ts exits for a supervisor.
   */
  onLost?: (listener: (err: Error) => void) => void;
  /**
   * LISTEN on a channel: on a PostgreSQL server over a dedicated connection (listen.ts); on embedded
   * PGlite in its worker (PGlite's own listen). The returned function stops it. Absent for PGlite
   * run in the server's own thread.
   */
  listen?: Listen;
};

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations');

/**
 * Opens the database: a PostgreSQL server when `databaseUrl` is set, otherwise embedded PGlite in
 * `dataDir` (or in memory for `memory://`). Applies pending migrations before returning.
 *
 * PGlite runs in a worker thread (pglite-worker.ts) so a slow statement never blocks the event
 * loop; drizzle's PGlite driver talks to it through pglite-remote.ts. `pgliteInThread` runs it on
 * the calling thread instead (PGLITE_IN_THREAD=1: the bench's "before"). `loadDataDir` starts an
 * in-memory database from a dump (PGlite's dumpDataDir), as the test harness does.
 *
 * Start cost (decision "Fast starts"): the worker is started before anything heavy is imported
 * here, so PGlite opens its data directory on another core while this thread loads the drivers
 * (and, in server.ts, the rest of the app); the drivers are imported only for the kind in use.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  /**
   * PostgreSQL server only: where migrations run, as the tables' owner, when the server itself
   * connects (databaseUrl) as a role that owns nothing (decision 170). Unset: databaseUrl.
   */
  migrationUrl?: string;
  dataDir: string;
  /** PostgreSQL server only: time to connect, and a statement's time limit. */
  connectTimeoutMs?: number;
  queryTimeoutMs?: number;
  /** PostgreSQL server only: how long a start waits for the server to answer at all. */
  startupWaitMs?: number;
  pgliteInThread?: boolean;
  loadDataDir?: Blob;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }, schema] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
      import('./schema.ts'),
    ]);
    const connectionTimeoutMillis = opts.connectTimeoutMs ?? 5_000;
    const pool = createPgPool(pg, { connectionString: opts.databaseUrl, connectionTimeoutMillis, queryTimeoutMs: opts.queryTimeoutMs });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    // Several instances may start at once: one migrates, the others wait on the lock. Migrations
    // may run long, so they use their own connection without the per-query timeout.
    // A database still starting (or too busy to answer in time) is waited for (startup-wait.ts).
    const client = await untilConnected(
      async () => {
        const c = new pg.Client({ connectionString: opts.migrationUrl ?? opts.databaseUrl, connectionTimeoutMillis });
        c.on('error', () => {});
        try {
          await c.connect();
          return c;
        } catch (err) {
          await c.end().catch(() => {});
          throw err;
        }
      },
      {
        waitMs: opts.startupWaitMs ?? 60_000,
        onWait: (err) =>
          process.stderr.write(`waiting for the PostgreSQL server (${err.message}); up to ${(opts.startupWaitMs ?? 60_000) / 1000} s\n`),
      },
    );
    try {
      await client.query('SELECT pg_advisory_lock(727274)');
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock(727274)').catch(() => {});
      await client.end().catch(() => {});
    }
    const listen = listenerFor(pg, opts.databaseUrl, connectionTimeoutMillis);
    return { db, kind: 'postgres', close: () => pool.end(), listen };
  }
  if (opts.dataDir === 'memory://') return openPglite(opts, opts.dataDir);
  // One owner per data directory (data-dir-lock.ts): a second process is refused with a clear
  // message before it touches the files; the lock goes with close() (or with the process).
  const lock = lockDataDir(opts.dataDir);
  try {
    const dir = path.join(opts.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    const database = await openPglite(opts, dir);
    return {
      ...database,
      close: async () => {
        try {
          await database.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (err) {
    lock.release();
    throw err;
  }
}

async function openPglite(opts: Parameters<typeof openDatabase>[0], dir: string): Promise<Database> {
  if (opts.pgliteInThread) {
    const [{ PGlite }, { drizzle: drizzlePglite }, schema] = await Promise.all([
      import('@electric-sql/pglite'),
      import('drizzle-orm/pglite'),
      import('./schema.ts'),
    ]);
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    const client = await PGlite.create(dir, { extensions: { pg_trgm }, ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    return { db, kind: 'pglite', close: () => client.close() };
  }
  const starting = startPgliteWorker({
    dataDir: dir,
    migrationsFolder,
    ...(opts.loadDataDir ? { loadDataDir: await opts.loadDataDir.arrayBuffer() } : {}),
  });
  // A failed start is reported by the await below; until then it must not count as unhandled.
  starting.catch(() => {});
  const [{ drizzle: drizzlePglite }, schema] = await Promise.all([import('drizzle-orm/pglite'), import('./schema.ts')]);
  const client = await starting;
  // Drizzle's PGlite driver, unchanged, on the worker's client (it uses query, exec and transaction).
  const db = drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
    onLost: (listener) => client.onLost(listener),
    // One process owns the embedded database, so no notification is lost to a reconnect.
    listen: (channel, onPayload) => client.listen(channel, onPayload),
  };
}

/**
 * The PostgreSQL server's connection pool. A stopped, frozen or unreachable server must fail
 * requests quickly (503), never hang them: bounded waits for a connection (the pool's queue
 * included) and for each query's answer.
 */
export function createPgPool(
  pg: typeof import('pg').default,
  opts: { connectionString: string; connectionTimeoutMillis: number; queryTimeoutMs?: number; max?: number },
): import('pg').Pool {
  const pool = new pg.Pool({
    connectionString: opts.connectionString,
    max: opts.max ?? 10,
    connectionTimeoutMillis: opts.connectionTimeoutMillis,
    query_timeout: opts.queryTimeoutMs ?? 30_000,
    keepAlive: true,
  });
  // A connection lost with the server (restart, network) must not end the process: an idle one
  // is dropped by the pool and replaced on the next query; one checked out (a transaction between
  // statements) fails its next query, is not reused, and the request answers 503.
  pool.on('error', () => {});
  pool.on('connect', (connection) => {
    connection.on('error', () => {});
    dropConnectionOnTimeout(connection);
  });
  return pool;
}

type PgClient = {
  query: (...args: unknown[]) => unknown;
  release?: (err?: Error) => void;
  connection?: { stream?: { destroy: () => void } };
};

/**
 * A statement that timed out on a frozen or hung server (node-postgres' query_timeout) is still
 * on its way: once the server runs again it would execute, and its transaction would stay open on
 * a connection the pool hands to the next request (which would then run inside it). So the
 * connection is dropped at once: the server rolls its transaction back when it sees the socket
 * closed, and the pool, finding it unusable, replaces it. Drizzle's transaction() does not release
 * its connection when BEGIN itself fails; that one is released here, or the pool would lose it for
 * good (decision "A frozen database: 503 within the timeouts").
 */
function dropConnectionOnTimeout(connection: unknown): void {
  const client = connection as PgClient;
  const query = client.query;
  client.query = function (this: unknown, ...args: unknown[]) {
    const result = query.apply(this, args);
    if (!(result instanceof Promise)) return result;
    return result.catch((err: unknown) => {
      if ((err as Error)?.message === 'Query read timeout') {
        client.connection?.stream?.destroy();
        const first = args[0];
        const text = typeof first === 'string' ? first : (first as { text?: unknown })?.text;
        if (typeof text === 'string' && /^\s*begin\b/i.test(text)) {
          try {
            client.release?.(err as Error);
          } catch {}
        }
      }
      throw err;
    });
  };
}

/** The database settings of the configuration, as openDatabase takes them. */
export function databaseOptions(config: Config) {
  return {
    databaseUrl: config.databaseUrl,
    migrationUrl: config.databaseMigrationUrl,
    dataDir: config.dataDir,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    queryTimeoutMs: config.databaseQueryTimeoutMs,
    startupWaitMs: config.databaseStartupWaitMs,
    pgliteInThread: config.pgliteInThread,
  };
}

/**
 * The embedded database's worker thread died (a crash, not close()): every query fails from then
 * on and nothing in this process brings it back. Logs one fatal line and exits non-zero, so a
 * supervisor restarts the server (decision "A dead database thread ends the process"). A
 * PostgreSQL server that goes away is different: the pool reconnects by itself.
 */
export function exitWhenDatabaseLost(
  database: Database,
  log: { fatal: (obj: object, msg: string) => void },
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  database.onLost?.((err) => {
    log.fatal({ err }, 'the embedded database thread stopped: exiting so that a supervisor restarts the server');
    exit(1);
  });
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`SELECT 1`);
}

/** Postgres error code of a failed query (drizzle wraps the driver's error in `cause`). */
export function pgErrorCode(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.cause?.code ?? e?.code;
}
