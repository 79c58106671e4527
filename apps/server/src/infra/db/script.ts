import type { SQL } from 'drizzle-orm';
import type { Statement } from './pglite-protocol.ts';
import type { Db } from './client.ts';
import { rowsOf } from './rows.ts';

// Guarded transactions (decision 298). Background work (the sweep's batches) reads what it needs and
// builds its writes first, with no transaction open, then commits them in one short transaction that
// first re-checks what it read (`guard`: one row whose first column is true) and writes nothing when
// that changed. On embedded PGlite every statement of the server waits for an open transaction, and a
// transaction of several round trips holds the one connection while the main thread runs between its
// statements; sent whole to the database's worker thread, the transaction holds it only for its own
// statements, so a request arriving meanwhile waits for that much at most.

type Dialect = { sqlToQuery: (sql: SQL) => { sql: string; params: unknown[] } };
type ScriptClient = { script?: (guard: Statement, statements: Statement[]) => Promise<boolean> };

/**
 * Runs `statements` in one transaction if `guard` holds at its start (the first column of its first
 * row is true): whether it held (false: nothing written). A statement that fails rolls all of it back
 * and throws. Through PGlite's worker the transaction is one message; in-thread PGlite and a
 * PostgreSQL server run the same steps as an ordinary transaction.
 */
export async function runGuarded(db: Db, guard: SQL, statements: readonly SQL[]): Promise<boolean> {
  const client = (db as unknown as { $client: ScriptClient }).$client;
  if (typeof client.script === 'function') {
    const dialect = (db as unknown as { dialect: Dialect }).dialect;
    return client.script(
      dialect.sqlToQuery(guard),
      statements.map((s) => dialect.sqlToQuery(s)),
    );
  }
  return db.transaction(async (tx) => {
    const [first] = rowsOf<Record<string, unknown>>(await tx.execute(guard));
    if (!first || Object.values(first)[0] !== true) return false;
    for (const statement of statements) await tx.execute(statement);
    return true;
  });
}
