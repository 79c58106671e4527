import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { DrizzleQueryError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database, Db } from '../src/infra/db/client.ts';
import { PASSWORD, createLogCapture, expectFailure, openTestDatabase, request, uniqueEmail, until } from './helpers.ts';

// The database unreachable answers 503 TL_CORE_00503_E (never 500, never a hang) and the same
// process serves again when it is back; a draining instance answers new requests 503 with
// `Connection: close` while the requests in flight finish. Real stopped PostgreSQL servers and
// real signals are in the fault suite (test/faults); here the app runs in-process.

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/**
 * The app on a database handle that fails like a lost PostgreSQL server while `down` is set: every
 * query call throws what drizzle throws then (the driver's error wrapped in DrizzleQueryError).
 */
async function startApp(opts: { failure?: () => Error; shutdownGraceMs?: number } = {}) {
  const state = { down: false };
  const failure = opts.failure ?? (() => new DrizzleQueryError('select 1', [], new Error('Connection terminated unexpectedly')));
  const real = database.db;
  const db = new Proxy(real, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (state.down) throw failure();
        return value.apply(target, args);
      };
    },
  }) as Db;
  const logs = createLogCapture();
  const config = {
    ...loadConfig({ LOG_LEVEL: 'info', DATA_DIR: 'memory://' }),
    webDist: '/nonexistent-web-dist',
    rateLimitPerMinute: 10_000,
    ...(opts.shutdownGraceMs ? { shutdownGraceMs: opts.shutdownGraceMs } : {}),
  };
  const { app, close, drain } = await buildApp({ config, database: { ...database, db, close: async () => {} }, logStream: logs.stream });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  let closed = false;
  const closeOnce = async () => {
    if (closed) return;
    closed = true;
    await close();
  };
  onTestFinished(closeOnce);
  return { baseUrl: `http://127.0.0.1:${port}`, port, state, drain, logs, close: closeOnce };
}

describe('database unavailable', () => {
  test('health and every database-backed endpoint answer 503 with the error envelope, and serve again once it is back', async () => {
    const app = await startApp();
    expect((await request(app.baseUrl, 'GET', '/api/health')).status).toBe(200);

    app.state.down = true;
    const health = await request(app.baseUrl, 'GET', '/api/health');
    expectFailure(health, 503, 'TL_CORE_00503_E');
    expect(health.headers.get('retry-after')).toBe('5');
    const login = await request(app.baseUrl, 'POST', '/api/auth/login', { json: { email: uniqueEmail(), password: PASSWORD } });
    expectFailure(login, 503, 'TL_CORE_00503_E');
    const signUp = await request(app.baseUrl, 'POST', '/api/user/register', {
      json: { firstName: 'Ada', lastName: 'Lovelace', emailId: uniqueEmail(), password: PASSWORD, userType: 'freelancer' },
    });
    expectFailure(signUp, 503, 'TL_CORE_00503_E');
    // Logged as a warning with the reason, never as a failed request with a stack.
    expect(app.logs.text()).toContain('database unavailable');
    expect(app.logs.text()).not.toContain('request failed');

    app.state.down = false;
    expect(await request(app.baseUrl, 'GET', '/api/health')).toMatchObject({ status: 200, body: { status: 'ok', database: 'ok' } });
  });

  test.each([
    ['a refused connection', () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    [
      'a server shutting down (57P01)',
      () => new DrizzleQueryError('select 1', [], Object.assign(new Error('terminating'), { code: '57P01' })),
    ],
    ['a connection timeout', () => new Error('timeout exceeded when trying to connect')],
    ['a query timeout', () => new DrizzleQueryError('select 1', [], new Error('Query read timeout'))],
  ])('%s is answered 503', async (_label, failure) => {
    const app = await startApp({ failure });
    app.state.down = true;
    expectFailure(await request(app.baseUrl, 'GET', '/api/health'), 503, 'TL_CORE_00503_E');
  });

  test('a query error that is not about reaching the database stays a 500', async () => {
    const app = await startApp({
      failure: () => new DrizzleQueryError('select 1', [], Object.assign(new Error('relation does not exist'), { code: '42P01' })),
    });
    app.state.down = true;
    expectFailure(await request(app.baseUrl, 'GET', '/api/health'), 500, 'TL_CORE_00500_E');
  });
});

type Conn = { socket: net.Socket; received: string; closed: boolean };

async function connect(port: number): Promise<Conn> {
  const conn: Conn = { socket: net.connect({ host: '127.0.0.1', port }), received: '', closed: false };
  conn.socket.setEncoding('utf8');
  conn.socket.on('data', (chunk: string) => {
    conn.received += chunk;
  });
  conn.socket.on('error', () => {});
  conn.socket.on('close', () => {
    conn.closed = true;
  });
  await new Promise<void>((resolve, reject) => {
    conn.socket.once('connect', () => resolve());
    conn.socket.once('error', reject);
  });
  onTestFinished(() => {
    conn.socket.destroy();
  });
  return conn;
}

const PAGE_VIEW = JSON.stringify({ path: '/login' });
/** A page-view request whose body stops after 5 bytes: in flight until the rest is sent. */
const partialPageView = () =>
  `POST /api/analytics/page-view HTTP/1.1\r\nHost: talentloop.test\r\nContent-Type: application/json\r\nContent-Length: ${PAGE_VIEW.length}\r\n\r\n${PAGE_VIEW.slice(0, 5)}`;

describe('draining', () => {
  test('while draining, a request in flight finishes and new requests get 503 with Connection: close; the drain ends when it is answered', async () => {
    const app = await startApp();
    // A keep-alive connection that already had an answer, and a request still arriving.
    const keptAlive = await connect(app.port);
    keptAlive.socket.write('GET /api/health HTTP/1.1\r\nHost: talentloop.test\r\n\r\n');
    await until(() => keptAlive.received.includes('"status":"ok"'), 'the first answer on the kept-alive connection');
    const inFlight = await connect(app.port);
    inFlight.socket.write(partialPageView());
    await until(() => app.drain.inFlight === 1, 'the request to be in flight');

    let drained: boolean | undefined;
    void app.drain.drain(60_000).then((result) => {
      drained = result;
    });
    expect(app.drain.draining).toBe(true);

    // A new connection is still accepted and answered 503, asked to close.
    const fresh = await request(app.baseUrl, 'GET', '/api/health');
    expectFailure(fresh, 503, 'TL_CORE_00503_E');
    expect(fresh.headers.get('connection')).toBe('close');
    // The next request on the kept-alive connection too, and the connection is closed after it.
    keptAlive.socket.write('GET /api/health HTTP/1.1\r\nHost: talentloop.test\r\n\r\n');
    await until(() => keptAlive.closed, 'the kept-alive connection to be closed');
    expect(keptAlive.received).toMatch(/HTTP\/1\.1 503[\s\S]*[Cc]onnection: close[\s\S]*TL_CORE_00503_E/);
    expect(drained).toBeUndefined();

    // The request in flight completes normally, and then the drain is over.
    inFlight.socket.write(PAGE_VIEW.slice(5));
    await until(() => inFlight.received.startsWith('HTTP/1.1 200'), 'the in-flight request to be answered');
    await until(() => drained === true, 'the drain to end');
  });

  test('a drain gives up after the grace period when a request never finishes', async () => {
    const app = await startApp();
    const stuck = await connect(app.port);
    stuck.socket.write(partialPageView());
    await until(() => app.drain.inFlight === 1, 'the request to be in flight');
    const started = Date.now();
    expect(await app.drain.drain(300)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  test('requests arriving on an open connection while the app closes get the 503 envelope', async () => {
    const app = await startApp();
    const conn = await connect(app.port);
    conn.socket.write(partialPageView());
    await until(() => app.drain.inFlight === 1, 'the request to be in flight');
    const closing = app.close();
    await until(() => app.drain.draining, 'closing to start');
    conn.socket.write(`${PAGE_VIEW.slice(5)}GET /api/health HTTP/1.1\r\nHost: talentloop.test\r\n\r\n`);
    await until(() => conn.closed, 'the connection to be closed after its answers', 20_000);
    expect(conn.received.match(/HTTP\/1\.1 \d{3}/g)).toEqual(['HTTP/1.1 200', 'HTTP/1.1 503']);
    expect(conn.received).toContain('TL_CORE_00503_E');
    await closing;
  });
});
