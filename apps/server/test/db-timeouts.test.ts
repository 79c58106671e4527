import net from 'node:net';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, expect, onTestFinished, test } from 'vitest';
import { createPgPool } from '../src/infra/db/client.ts';
import { until } from './helpers.ts';

// A frozen or hung PostgreSQL server (decision "A frozen database: 503 within the timeouts"): a
// statement that timed out must not run later on a connection the pool hands to the next request,
// and a BEGIN that timed out must not cost the pool its connection for good. The server here is a
// stand-in that completes the start-up handshake and then never answers, as a SIGSTOPped one does
// (the fault suite freezes a real one: faults/postgres-frozen.test.ts).

/** A PostgreSQL stand-in: accepts, says "ready", then hangs. Counts connections opened and closed. */
async function startHungServer() {
  const counts = { opened: 0, closed: 0 };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    counts.opened += 1;
    sockets.add(socket);
    let greeted = false;
    socket.on('data', () => {
      if (greeted) return; // every query: no answer, ever
      greeted = true;
      // AuthenticationOk, then ReadyForQuery (idle).
      const auth = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0]);
      const ready = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]);
      socket.write(Buffer.concat([auth, ready]));
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      counts.closed += 1;
      sockets.delete(socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `postgres://app@127.0.0.1:${port}/app`,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Every message along an error's cause chain (drizzle wraps the driver's error). */
function messages(err: unknown): string[] {
  const out: string[] = [];
  for (let e = err as { message?: string; cause?: unknown } | undefined; e && out.length < 6; e = e.cause as typeof e)
    out.push(String(e.message));
  return out;
}

describe('a hung database server', () => {
  test('a statement that timed out drops its connection, and a BEGIN that timed out gives the connection back to the pool', async () => {
    const hung = await startHungServer();
    onTestFinished(() => hung.close());
    // One connection: a connection the pool lost for good would starve the next transaction.
    const pool = createPgPool(pg, { connectionString: hung.url, connectionTimeoutMillis: 2_000, queryTimeoutMs: 200, max: 1 });
    onTestFinished(() => pool.end().catch(() => {}));
    const db = drizzle(pool);

    const first = await db.transaction(async (tx) => tx.execute(sql`SELECT 1`)).catch((err: unknown) => err);
    expect(messages(first).some((m) => m === 'Query read timeout')).toBe(true);
    // The connection whose statement timed out is closed (the server would roll it back), not kept.
    await until(() => hung.counts.closed >= 1, 'the timed-out connection to be closed', 10_000);

    // The pool still has its one connection to give: the next transaction gets a new one at once
    // (and times out on its own statement), instead of waiting for a connection that never returns.
    const second = await db.transaction(async (tx) => tx.execute(sql`SELECT 1`)).catch((err: unknown) => err);
    expect(messages(second)).not.toContain('timeout exceeded when trying to connect');
    expect(messages(second).some((m) => m === 'Query read timeout')).toBe(true);
    expect(hung.counts.opened).toBe(2);
  });
});
