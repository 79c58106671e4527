import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { addressKey, createRequestCounter, resolveLimits } from '../src/http/limits.ts';
import { PASSWORD, type TestApp, countUsers, expectFailure, uniqueEmail, until, useApi } from './helpers.ts';

// issue 8, slow-connection outage: timeouts, connection caps and a general request limit on every path.

const env = useApi();

/** Tests of real sockets may wait on a loaded machine: more than the suite's default time. */
const SOCKET_TEST_MS = 90_000;

/** Short timeouts so a cut-off connection shows within a second or two. */
const fastTimeouts = { headersTimeoutMs: 800, requestTimeoutMs: 1_500, timeoutCheckMs: 100 };

type Held = { socket: net.Socket; closed: boolean; received: string };

/** Opens `count` connections from `localAddress` that send nothing yet. */
async function openConnections(app: TestApp, count: number, localAddress = '127.0.0.2'): Promise<Held[]> {
  const port = Number(new URL(app.baseUrl).port);
  return Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Held>((resolve) => {
          const held: Held = { socket: net.connect({ host: '127.0.0.1', port, localAddress }), closed: false, received: '' };
          held.socket.setEncoding('utf8');
          held.socket.on('data', (chunk: string) => {
            held.received += chunk;
          });
          held.socket.on('error', () => {});
          held.socket.on('close', () => {
            held.closed = true;
          });
          // Resolved once connected, or once closed (a refused or dropped connection counts as opened).
          held.socket.once('connect', () => resolve(held));
          held.socket.once('close', () => resolve(held));
        }),
    ),
  );
}

/** Sends `text` to every open connection one byte at a time, a byte per tick, until stopped. */
function trickle(conns: Held[], text: string, everyMs = 250): () => void {
  let i = 0;
  const timer = setInterval(() => {
    const byte = text[i % text.length] ?? ' ';
    i += 1;
    for (const c of conns) if (!c.closed && !c.socket.destroyed) c.socket.write(byte);
  }, everyMs);
  return () => clearInterval(timer);
}

const closeAll = (conns: Held[]) => {
  for (const c of conns) c.socket.destroy();
};

const warnings = (app: TestApp, limit: string) =>
  app.logs.lines.map((line) => JSON.parse(line)).filter((entry) => entry.level === 40 && entry.limit === limit);

describe('slow connections', () => {
  test(
    'hundreds of trickling connections from one address do not stop another client, and are closed by the timeouts',
    async () => {
      const app = await env.start({ config: { ...fastTimeouts, maxConnectionsPerIp: 40 } });
      const conns = await openConnections(app, 200);
      const stop = trickle(conns, 'GET /api/health HTTP/1.1\r\nHost: talentloop.test\r\nX-Slow: ');
      try {
        // Another client (127.0.0.1) is served while the slow ones are held.
        const res = await app.get('/api/health');
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ status: 'ok', database: 'ok' });

        // Over the per-address cap at once, the rest when their headers did not arrive in time.
        await until(() => conns.every((c) => c.closed), 'every trickling connection to be closed', 30_000);
        expect(conns.filter((c) => c.received.startsWith('HTTP/1.1 408')).length).toBeGreaterThan(0);
        expect(conns.some((c) => c.received.includes('"status":"ok"'))).toBe(false);
        expect((await app.get('/api/health')).status).toBe(200);

        // Logged, but not once per connection.
        const capped = warnings(app, 'connections-per-address');
        expect(capped.length).toBeGreaterThanOrEqual(1);
        expect(capped.length).toBeLessThan(10);
        expect(capped[0]).toMatchObject({ address: '127.0.0.2', max: 40 });
        expect(warnings(app, 'request-timeout').length).toBeGreaterThanOrEqual(1);
      } finally {
        stop();
        closeAll(conns);
      }
    },
    SOCKET_TEST_MS,
  );

  test(
    'a request whose body trickles in is cut off with 408 when the request time is up',
    async () => {
      const app = await env.start({ config: fastTimeouts });
      const [conn] = await openConnections(app, 1);
      if (!conn) throw new Error('no connection');
      conn.socket.write(
        'POST /api/analytics/page-view HTTP/1.1\r\nHost: talentloop.test\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{',
      );
      const stop = trickle([conn], ' ');
      try {
        await until(() => conn.closed, 'the slow request to be cut off', 20_000);
        expect(conn.received).toMatch(/^HTTP\/1.1 408/);
        expect(JSON.parse(conn.received.slice(conn.received.indexOf('\r\n\r\n') + 4))).toEqual({
          status: 'failure',
          responseCode: 'TL_CORE_00408_E',
          responseMessage: expect.stringMatching(/\S/),
        });
      } finally {
        stop();
        closeAll([conn]);
      }
    },
    SOCKET_TEST_MS,
  );

  test(
    'over the total connection cap new connections are closed at once, and served again once others close',
    async () => {
      const app = await env.start({ config: { maxConnections: 10 } });
      const conns = await openConnections(app, 30);
      try {
        await until(() => conns.filter((c) => c.closed).length >= 20, 'the connections over the cap to be closed');
        expect(warnings(app, 'connections-total').length).toBeGreaterThanOrEqual(1);
      } finally {
        closeAll(conns);
      }
      await until(async () => (await app.get('/api/health').catch(() => undefined))?.status === 200, 'health to answer again');
    },
    SOCKET_TEST_MS,
  );

  test(
    'keep-alive connections stay open between requests no longer than the keep-alive timeout',
    async () => {
      const app = await env.start({ config: { keepAliveTimeoutMs: 300 } });
      const [conn] = await openConnections(app, 1);
      if (!conn) throw new Error('no connection');
      try {
        conn.socket.write('GET /api/health HTTP/1.1\r\nHost: talentloop.test\r\n\r\n');
        await until(() => conn.received.includes('"status":"ok"'), 'the health answer');
        await until(() => conn.closed, 'the idle connection to be closed', 20_000);
      } finally {
        closeAll([conn]);
      }
    },
    SOCKET_TEST_MS,
  );
});

describe('graceful shutdown', () => {
  test(
    'on close a request in flight is finished, a request arriving meanwhile gets 503, and new connections are refused',
    async () => {
      const app = await env.start();
      const [conn] = await openConnections(app, 1, '127.0.0.1');
      if (!conn) throw new Error('no connection');
      const body = JSON.stringify({ path: '/login' });
      try {
        conn.socket.write(
          `POST /api/analytics/page-view HTTP/1.1\r\nHost: talentloop.test\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
        );
        // In flight once the server has logged it.
        await until(
          () => app.logs.lines.some((line) => line.includes('incoming request') && line.includes('/api/analytics/page-view')),
          'the request to arrive',
        );
        const closing = app.close();
        // Listening stops first: a new connection is refused.
        await until(async () => {
          const [probe] = await openConnections(app, 1, '127.0.0.1');
          probe?.socket.destroy();
          return probe?.closed;
        }, 'the server to stop listening');
        conn.socket.write(`${body.slice(5)}GET /api/health HTTP/1.1\r\nHost: talentloop.test\r\n\r\n`);
        await until(() => conn.closed, 'the connection to be closed after its answers', 20_000);
        const answers = conn.received.match(/HTTP\/1\.1 \d{3}/g);
        expect(answers).toEqual(['HTTP/1.1 200', 'HTTP/1.1 503']);
        await closing;
      } finally {
        closeAll([conn]);
      }
    },
    SOCKET_TEST_MS,
  );
});

describe('graceful shutdown with slow clients', () => {
  test(
    'a shutdown waits for a slow request only the grace period, then closes its connection',
    async () => {
      const app = await env.start({ config: { shutdownGraceMs: 300 } });
      const [conn] = await openConnections(app, 1, '127.0.0.1');
      if (!conn) throw new Error('no connection');
      conn.socket.write(
        'POST /api/analytics/page-view HTTP/1.1\r\nHost: talentloop.test\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{',
      );
      const stop = trickle([conn], ' ');
      try {
        await until(
          () => app.logs.lines.some((line) => line.includes('incoming request') && line.includes('/api/analytics/page-view')),
          'the request to arrive',
        );
        let closed = false;
        void app.close().then(() => {
          closed = true;
        });
        await until(() => closed, 'the shutdown to finish', 30_000);
        // Closed from the server's side: the client sees it as soon as the close reaches it.
        await until(() => conn.closed, 'the slow connection to be closed', 20_000);
        expect(warnings(app, 'shutdown-grace')).toHaveLength(1);
      } finally {
        stop();
        closeAll([conn]);
      }
    },
    SOCKET_TEST_MS,
  );
});

describe('general per-address request limit', () => {
  let webDist: string;
  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'talentloop-web-'));
    await fs.mkdir(path.join(webDist, 'assets'));
    await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Talentloop</title>');
    await fs.writeFile(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
  });
  afterAll(async () => {
    await fs.rm(webDist, { recursive: true, force: true });
  });

  const ip = () => `198.51.100.${crypto.randomInt(1, 255)}`;

  /** Time stands still unless advanced, so a slow machine never ends a window mid-test. */
  const frozenClock = () => {
    let at = Date.now();
    return {
      now: () => new Date(at),
      advance(ms: number) {
        at += ms;
      },
    };
  };

  test('every kind of path counts against one budget per address, answered 429 with the envelope past it', async () => {
    const app = await env.start({ clock: frozenClock(), config: { requestLimitPerMinute: 5, trustProxy: true, webDist } });
    const paths = ['/api/health', '/api/no-such-thing', '/', '/freelancer/dashboard', '/assets/app.js', '/no/such/page'];
    for (const [i, p] of paths.entries()) {
      const headers = { 'x-forwarded-for': ip().replace(/\d+$/, String(i + 1)) };
      for (let n = 0; n < 5; n++) expect((await app.get(p, { headers })).status, p).not.toBe(429);
      const res = await app.get(p, { headers });
      expectFailure(res, 429, 'TL_CORE_00429_E', p);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(warnings(app, 'requests-per-address').length).toBeGreaterThanOrEqual(1);
  });

  test('the limit is per address and ends with its window', async () => {
    const app = await env.start({ clock: frozenClock(), config: { requestLimitPerMinute: 3, trustProxy: true } });
    const mine = { 'x-forwarded-for': '203.0.113.7' };
    for (let n = 0; n < 3; n++) expect((await app.get('/api/health', { headers: mine })).status).toBe(200);
    expectFailure(await app.get('/api/health', { headers: mine }), 429, 'TL_CORE_00429_E');
    expect((await app.get('/api/health', { headers: { 'x-forwarded-for': '203.0.113.8' } })).status).toBe(200);
    app.clock.advance(61_000);
    expect((await app.get('/api/health', { headers: mine })).status).toBe(200);
  });

  test('a rate-limited request body is never read: a refused sign-up stores nothing', async () => {
    const app = await env.start({ clock: frozenClock(), config: { requestLimitPerMinute: 1, trustProxy: true } });
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    await app.get('/api/health', { headers });
    const email = uniqueEmail('limited');
    const res = await app.post(
      '/api/user/register',
      { firstName: 'Ada', lastName: 'Lovelace', emailId: email, password: PASSWORD },
      { headers },
    );
    expectFailure(res, 429, 'TL_CORE_00429_E');
    expect(await countUsers(app.db, email)).toBe(0);
  });
});

describe('limit helpers', () => {
  test('addresses are counted as IPv4, mapped IPv4 as IPv4, and IPv6 by its /64', () => {
    expect(addressKey('127.0.0.2')).toBe('127.0.0.2');
    expect(addressKey('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  test('the limits come from the environment, with defaults that never undercut the auth limits', () => {
    const defaults = resolveLimits(loadConfig({}));
    expect(defaults).toMatchObject({ requestLimitPerMinute: 600, maxConnectionsPerIp: 128 });
    expect(defaults.maxConnections).toBeGreaterThanOrEqual(64);
    expect(defaults.maxConnections).toBeLessThanOrEqual(4096);
    expect(resolveLimits(loadConfig({ RATE_LIMIT_PER_MINUTE: '10000' })).requestLimitPerMinute).toBe(100_000);
    const proxied = resolveLimits(loadConfig({ TRUST_PROXY: 'true' }));
    expect(proxied.maxConnectionsPerIp).toBe(proxied.maxConnections);
    const set = loadConfig({
      REQUEST_LIMIT_PER_MINUTE: '50',
      MAX_CONNECTIONS: '300',
      MAX_CONNECTIONS_PER_IP: '5',
      HEADERS_TIMEOUT_MS: '5000',
      REQUEST_TIMEOUT_MS: '1000',
      KEEP_ALIVE_TIMEOUT_MS: '4000',
      CONNECTION_TIMEOUT_MS: '7000',
    });
    expect(resolveLimits(set)).toEqual({
      requestLimitPerMinute: 50,
      maxConnections: 300,
      maxConnectionsPerIp: 5,
      pressureConnectionsPerIp: 4,
    });
    expect(defaults.pressureConnectionsPerIp).toBe(32);
    expect(proxied.pressureConnectionsPerIp).toBe(proxied.maxConnections);
    expect(set).toMatchObject({ headersTimeoutMs: 1000, requestTimeoutMs: 1000, keepAliveTimeoutMs: 4000, connectionTimeoutMs: 7000 });
    expect(() => loadConfig({ MAX_CONNECTIONS: '0' })).toThrow(/MAX_CONNECTIONS/);
  });

  test('the request counter refuses past its budget and starts over in the next window', () => {
    let now = 0;
    const counter = createRequestCounter(2, () => now, 1_000);
    expect([counter.take('a'), counter.take('a'), counter.take('a'), counter.take('b')]).toEqual([true, true, false, true]);
    now = 1_000;
    expect(counter.take('a')).toBe(true);
  });
});
