import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { startPgliteWorker } from './pglite-remote.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Database = { db: Db; kind: 'pglite' | 'postgres'; close: () => Promise<void> };

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations');

/**
 * Opens the database: a PostgreSQL server when `databaseUrl` is set, otherwise embedded PGlite in
 * `dataDir` (or in memory for `memory://`). Applies pending migrations before returning.
 *
 * PGlite runs in a worker thread (pglite-worker.ts) so a slow statement never blocks the event
 * loop; drizzle's PGlite driver talks to it through pglite-remote.ts. `pgliteInThread` runs it on
 * the calling thread instead (PGLITE_IN_THREAD=1: the bench's "before"). `loadDataDir` starts an
 * in-memory database from a dump (PGlite's dumpDataDir), as the test harness does.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL server only: time to connect, and a statement's time limit. */
  connectTimeoutMs?: number;
  queryTimeoutMs?: number;
  pgliteInThread?: boolean;
  loadDataDir?: Blob;
}): Promise<Database> {
  if (opts.databaseUrl) {
    // A stopped or unreachable server must fail requests quickly (503), never hang them: bounded
    // waits for a connection (the pool's queue included) and for each query's answer.
    const connectionTimeoutMillis = opts.connectTimeoutMs ?? 5_000;
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      connectionTimeoutMillis,
      query_timeout: opts.queryTimeoutMs ?? 30_000,
      keepAlive: true,
    });
    // A connection lost with the server (restart, network) must not end the process: an idle one
    // is dropped by the pool and replaced on the next query; one checked out (a transaction between
    // statements) fails its next query, is not reused, and the request answers 503.
    pool.on('error', () => {});
    pool.on('connect', (connection) => connection.on('error', () => {}));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    // Several instances may start at once: one migrates, the others wait on the lock. Migrations
    // may run long, so they use their own connection without the per-query timeout.
    const client = new pg.Client({ connectionString: opts.databaseUrl, connectionTimeoutMillis });
    client.on('error', () => {});
    await client.connect();
    try {
      await client.query('SELECT pg_advisory_lock(727274)');
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock(727274)').catch(() => {});
      await client.end().catch(() => {});
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  let dir = opts.dataDir;
  if (dir !== 'memory://') {
    dir = path.join(opts.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
  }
  if (opts.pgliteInThread) {
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    const client = await PGlite.create(dir, { extensions: { pg_trgm }, ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    return { db, kind: 'pglite', close: () => client.close() };
  }
  const client = await startPgliteWorker({
    dataDir: dir,
    migrationsFolder,
    ...(opts.loadDataDir ? { loadDataDir: await opts.loadDataDir.arrayBuffer() } : {}),
  });
  // Drizzle's PGlite driver, unchanged, on the worker's client (it uses query, exec and transaction).
  const db = drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close() };
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`SELECT 1`);
}

/** Postgres error code of a failed query (drizzle wraps the driver's error in `cause`). */
export function pgErrorCode(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.cause?.code ?? e?.code;
}
