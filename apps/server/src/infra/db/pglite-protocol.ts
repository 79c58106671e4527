// The messages between the main thread (pglite-remote.ts) and the PGlite worker (pglite-worker.ts).
// Types only: both sides import them, nothing here runs.

/** What the worker is started with (workerData). */
export type WorkerInit = {
  /** A PGlite data directory, or 'memory://'. */
  dataDir: string;
  /** Drizzle migrations to apply before the worker reports ready. */
  migrationsFolder: string;
  /** A data directory dump (PGlite's dumpDataDir) to start from, for an in-memory copy. */
  loadDataDir?: ArrayBuffer;
};

export type RowMode = 'object' | 'array';

/** A statement with its parameters. */
export type Statement = { sql: string; params: unknown[] };

export type Request =
  /** One statement with parameters (PGlite's query), on its own or inside transaction `tx`. */
  | { id: number; op: 'query'; sql: string; params: unknown[]; rowMode: RowMode; rawTypes: number[]; tx?: number }
  /** Statements without parameters (PGlite's exec), on their own or inside transaction `tx`. */
  | { id: number; op: 'exec'; sql: string; tx?: number }
  /** Opens transaction `tx` (PGlite's transaction(): every other statement waits until it ends). */
  | { id: number; op: 'begin'; tx: number }
  /** Ends transaction `tx`: COMMIT, or ROLLBACK. Answers with PGlite's outcome. */
  | { id: number; op: 'end'; tx: number; commit: boolean }
  /**
   * A whole transaction in one message (decision 298): BEGIN, `guard` (one row whose first column is
   * true, or nothing is written), each statement in order, COMMIT; run here without waiting for the
   * main thread, so the database is held for its statements only. Answers whether the guard held.
   */
  | { id: number; op: 'script'; guard: Statement; statements: Statement[] }
  /** LISTEN on `channel` (PGlite's listen): each notification is then sent as a `notify` message. */
  | { id: number; op: 'listen'; channel: string }
  /** The data directory as a tar (PGlite's dumpDataDir). */
  | { id: number; op: 'dump'; compression: 'none' | 'gzip' | 'auto' }
  /** Closes PGlite; the worker then exits. */
  | { id: number; op: 'close' };

/** A database error with the fields node-postgres and PGlite give it (code is the SQLSTATE). */
export type WireError = { name: string; message: string; stack?: string; fields: Record<string, unknown> };

export type Response =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: WireError }
  /** A notification on a channel the main thread listens on (delivered at the sender's commit). */
  | { id: -1; notify: string; payload: string }
  /** Sent once, after PGlite opened the data directory and the migrations ran. */
  | { id: 0; ready: true }
  /** Sent once if opening or migrating failed; the worker then exits. */
  | { id: 0; ready: false; error: WireError };
