import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import Fastify from 'fastify';
import { type Database, exitWhenDatabaseLost, openDatabase, pgErrorCode } from '../src/infra/db/client.ts';
import type { RemotePglite } from '../src/infra/db/pglite-remote.ts';
import { users } from '../src/infra/db/schema.ts';
import {
  createLogCapture,
  expectFailure,
  type Mailbox,
  openTestDatabase,
  startMailbox,
  startTestApp,
  uniqueEmail,
  until,
} from './helpers.ts';

// Embedded PGlite in a worker thread (decision "PGlite in a worker thread"): the event loop stays
// free while a statement runs, and SQL errors, transactions and shutdown behave as in-thread.
// PGlite only: on a PostgreSQL server (DATABASE_URL) there is no worker to test.

/** A statement that keeps PGlite busy far longer than one HTTP round trip takes (seconds, not ms). */
const HEAVY = sql`SELECT count(*)::int AS n FROM generate_series(1, 10000000)`;
/**
 * In the app's own thread the order does not depend on how long the statement runs: once started it
 * holds the thread until it ends, and the request needs the thread (its connection is I/O) to be
 * answered. A tenth of HEAVY proves the same order for a tenth of its CPU (HEAVY is about 4 s of a
 * core on a quiet machine; the worker's test keeps it, as there the order is what the time decides).
 */
const HEAVY_IN_THREAD = sql`SELECT count(*)::int AS n FROM generate_series(1, 1000000)`;

const clientOf = (database: Database) => (database.db as unknown as { $client: RemotePglite }).$client;
const newUser = (email: string) => ({ email, firstName: 'Ada', lastName: 'Lovelace' });

// Generous limits: each test starts PGlite from a copy of the template and runs a statement of
// seconds, which on a loaded 2-core machine takes many times longer. The assertions are about order
// and outcome, never about durations.
const SLOW = 180_000;

describe.skipIf(Boolean(process.env.DATABASE_URL))('embedded PGlite in a worker thread', () => {
  let template: Blob;
  let mailbox: Mailbox;
  /** One worker shared by the tests that leave it running. */
  let shared: Database;
  /** A worker on a copy of the migrated test template (a fresh migration costs seconds of CPU). */
  const openWorker = async (opts: { pgliteInThread?: boolean } = {}) => {
    const database = await openDatabase({ dataDir: 'memory://', loadDataDir: template, ...opts });
    onTestFinished(() => database.close());
    return database;
  };

  beforeAll(async () => {
    const seed = await openTestDatabase();
    try {
      template = await (seed.db as unknown as { $client: { dumpDataDir: (c: 'none') => Promise<Blob> } }).$client.dumpDataDir('none');
    } finally {
      await seed.close();
    }
    [mailbox, shared] = await Promise.all([startMailbox(), openDatabase({ dataDir: 'memory://', loadDataDir: template })]);
  }, SLOW);
  afterAll(async () => {
    await mailbox?.close();
    await shared?.close();
  });

  test('a slow statement does not block the server: a request that needs no database is answered before it ends', {
    timeout: SLOW,
  }, async () => {
    const database = shared;
    expect(clientOf(database).lost).toBeUndefined();
    const app = await startTestApp({ database, mailbox, config: { benchControls: true } });
    onTestFinished(() => app.close());
    const finished: string[] = [];
    const heavy = database.db.execute(HEAVY).then(() => finished.push('heavy'));
    // The statement is on its way to the worker; hello needs no database, only the event loop.
    const hello = await app.get('/api/bench/hello');
    finished.push('hello');
    expect(hello.status).toBe(200);
    await heavy;
    expect(finished).toEqual(['hello', 'heavy']);
    // The bench's heavy control (served only with the bench flag) runs such a statement by HTTP.
    expect((await app.get('/api/bench/heavy?rows=1000')).body).toEqual({ rows: 1000 });
    for (const rows of ['0', '-1', 'abc', '1e6', '999999999'])
      expectFailure(await app.get(`/api/bench/heavy?rows=${rows}`), 400, 'TL_CORE_00400_E', rows);
  });

  test("a notification reaches the main thread at the writer's commit, and a new listener listens again after a session reset (DISCARD ALL)", async () => {
    const database = await openWorker();
    const heard: string[] = [];
    const stop = await database.listen?.('tl_test_channel', (payload) => heard.push(payload));
    expect(stop).toBeDefined();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_notify('tl_test_channel', 'one')`);
      // Not before the commit.
      await tx.execute(sql`SELECT 1`);
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual(['one']);
    // The tests' database reuse discards the session, LISTEN included: the next listener (a new app)
    // listens again, and each notification is still heard once per listener.
    await database.db.execute(sql`DISCARD ALL`);
    await database.db.execute(sql`SELECT pg_notify('tl_test_channel', 'lost')`);
    await stop?.();
    await database.listen?.('tl_test_channel', (payload) => heard.push(payload));
    await database.db.execute(sql`SELECT pg_notify('tl_test_channel', 'two')`);
    expect(heard).toEqual(['one', 'two']);
  });

  test('in-thread (PGLITE_IN_THREAD=1, the bench\'s "before"), the same request waits for the slow statement', {
    timeout: SLOW,
  }, async () => {
    const database = await openWorker({ pgliteInThread: true });
    const app = await startTestApp({ database, mailbox, config: { benchControls: true } });
    onTestFinished(() => app.close());
    const finished: string[] = [];
    const heavy = database.db.execute(HEAVY_IN_THREAD).then(() => finished.push('heavy'));
    const hello = app.get('/api/bench/hello').then((res) => {
      finished.push('hello');
      return res;
    });
    expect((await hello).status).toBe(200);
    await heavy;
    expect(finished).toEqual(['heavy', 'hello']);
  });

  test('a unique violation through the worker keeps its SQLSTATE and constraint name', { timeout: SLOW }, async () => {
    const { db } = shared;
    const email = uniqueEmail('dup');
    await db.insert(users).values(newUser(email));
    const err = await db
      .insert(users)
      .values(newUser(email))
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(pgErrorCode(err)).toBe('23505');
    expect((err as { cause?: { constraint?: string } }).cause?.constraint).toBe('users_email_key');
    // Other SQL errors keep theirs too (an undefined table is 42P01).
    expect(pgErrorCode(await db.execute(sql`SELECT * FROM no_such_table`).catch((e: unknown) => e))).toBe('42P01');
  });

  test('a failed transaction leaves nothing, and a statement sent while it is open neither sees nor joins it', {
    timeout: SLOW,
  }, async () => {
    const { db } = shared;
    const email = uniqueEmail('rolled-back');
    const other = uniqueEmail('kept');
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted = false;
    const tx = db
      .transaction(async (t) => {
        await t.insert(users).values(newUser(email));
        // A savepoint that commits inside the transaction is undone with it.
        await t.transaction(async (inner) => {
          await inner.insert(users).values(newUser(other));
        });
        inserted = true;
        await held;
        throw new Error('abandon the save');
      })
      .then(
        () => 'committed',
        (e: Error) => e.message,
      );
    await until(() => inserted, 'the transaction to insert');
    // Sent while the transaction is open: it waits, so it sees the state after the rollback.
    const outside = db.select({ id: users.id }).from(users).where(eq(users.email, email));
    release();
    expect(await tx).toBe('abandon the save');
    expect(await outside).toEqual([]);
    expect(await db.select({ id: users.id }).from(users).where(eq(users.email, other))).toEqual([]);
    // And a transaction that succeeds commits.
    await db.transaction(async (t) => {
      await t.insert(users).values(newUser(other));
    });
    expect(await db.select({ email: users.email }).from(users).where(eq(users.email, other))).toEqual([{ email: other }]);
  });

  test('a worker that dies is reported: queries fail at once with a connection-failure code and health answers 503', {
    timeout: SLOW,
  }, async () => {
    const database = await openWorker();
    const app = await startTestApp({ database, mailbox });
    onTestFinished(() => app.close());
    expect((await app.get('/api/health')).status).toBe(200);
    expectFailure(await app.get('/api/bench/heavy?rows=10'), 404, 'TL_CORE_00404_E');
    const client = clientOf(database);
    let reported: Error | undefined;
    client.onLost((err) => {
      reported = err;
    });
    await client.terminate();
    await until(() => client.lost, 'the worker to be reported lost');
    expect(reported).toBe(client.lost);
    expect(pgErrorCode(await database.db.execute(sql`SELECT 1`).catch((e: unknown) => e))).toBe('08006');
    expectFailure(await app.get('/api/health'), 503, 'TL_CORE_00503_E');
  });

  test('a worker that dies ends the server: one fatal log line, then exit code 1 for a supervisor to restart it', {
    timeout: SLOW,
  }, async () => {
    const database = await openWorker();
    const logs = createLogCapture();
    const exits: number[] = [];
    // What server.ts installs, with the process's exit replaced by a recorder.
    exitWhenDatabaseLost(database, Fastify({ logger: { level: 'info', stream: logs.stream } }).log, (code) => exits.push(code));
    expect(((await database.db.execute(sql`SELECT 1 AS one`)) as unknown as { rows: unknown[] }).rows).toEqual([{ one: 1 }]);
    expect(exits).toEqual([]);
    await clientOf(database).terminate();
    await until(() => exits.length > 0, 'the lost worker to end the server');
    expect(exits).toEqual([1]);
    const fatal = logs.lines.map((line) => JSON.parse(line)).filter((line) => line.level === 60);
    expect(fatal).toHaveLength(1);
    expect(fatal[0].msg).toMatch(/embedded database thread stopped/);
  });

  test('closing the database on shutdown is not a lost worker: the server does not exit with an error', { timeout: SLOW }, async () => {
    const database = await openDatabase({ dataDir: 'memory://', loadDataDir: template });
    const exits: number[] = [];
    exitWhenDatabaseLost(database, { fatal: () => {} }, (code) => exits.push(code));
    await database.close();
    await expect(database.db.execute(sql`SELECT 1`)).rejects.toThrow();
    expect(exits).toEqual([]);
  });

  test('close() ends the worker: the call settles, later queries are refused, nothing is reported lost', { timeout: SLOW }, async () => {
    const database = await openDatabase({ dataDir: 'memory://', loadDataDir: template });
    const client = clientOf(database);
    expect(((await database.db.execute(sql`SELECT 1 AS one`)) as unknown as { rows: unknown[] }).rows).toEqual([{ one: 1 }]);
    await database.close();
    await database.close();
    expect(client.lost).toBeUndefined();
    await expect(database.db.execute(sql`SELECT 1`)).rejects.toThrow();
  });
});
