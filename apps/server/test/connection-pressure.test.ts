import { EventEmitter } from 'node:events';
import type http from 'node:http';
import net from 'node:net';
import { describe, expect, onTestFinished, test } from 'vitest';
import { type ConnectionLimits, guardConnections } from '../src/http/connections.ts';
import { addressKey } from '../src/http/limits.ts';
import { type TestApp, until, useApi } from './helpers.ts';

// issue 18, a crowd of slow connections: many addresses, each within its own cap, together fill
// the total; near the cap the idle and the slowest connections are closed so a new client is served.

const env = useApi();

/** Tests of real sockets may wait on a loaded machine: more than the suite's default time. */
const SOCKET_TEST_MS = 60_000;

/** Slowloris from many addresses: `perAddress` connections each, a header byte now and then, never finished; closed ones come back. */
function slowCrowd(app: TestApp, addresses: string[], perAddress: number) {
  const port = Number(new URL(app.baseUrl).port);
  const open = new Set<net.Socket>();
  let running = true;
  let connected = 0;
  let closedByServer = 0;
  let refusedWith503 = 0;
  const connect = (localAddress: string) => {
    if (!running) return;
    const socket = net.connect({ host: '127.0.0.1', port, localAddress });
    open.add(socket);
    let wasConnected = false;
    socket.on('error', () => {});
    socket.once('data', (chunk: Buffer) => {
      if (chunk.toString('latin1').startsWith('HTTP/1.1 503')) refusedWith503 += 1;
    });
    socket.once('connect', () => {
      wasConnected = true;
      connected += 1;
      socket.write('GET /api/health HTTP/1.1\r\nHost: talentloop.test\r\nX-Slow: ');
    });
    socket.once('close', () => {
      open.delete(socket);
      if (wasConnected) connected -= 1;
      if (!running) return;
      closedByServer += 1;
      // An attacker comes straight back (a little later, so the test does not spin the machine).
      setTimeout(() => connect(localAddress), 300).unref();
    });
  };
  for (const address of addresses) for (let i = 0; i < perAddress; i++) connect(address);
  const trickle = setInterval(() => {
    for (const socket of open) if (!socket.destroyed && !socket.connecting) socket.write('a');
  }, 300);
  return {
    /** Connections open now. */
    get connected() {
      return connected;
    },
    get closedByServer() {
      return closedByServer;
    },
    /** Connections closed to make room, with a 503 (rather than a 408 at their deadline). */
    get refusedWith503() {
      return refusedWith503;
    },
    stop() {
      running = false;
      clearInterval(trickle);
      for (const socket of open) socket.destroy();
    },
  };
}

const warnings = (app: TestApp, limit: string) =>
  app.logs.lines.map((line) => JSON.parse(line)).filter((entry) => entry.level === 40 && entry.limit === limit);

describe('a crowd of slow connections', () => {
  test(
    'slow connections from 40 addresses that together pass the cap do not keep a new client out',
    async () => {
      // Each address stays well under its own cap (24, and 6 when near the total cap), yet 40 of them
      // bring 240 connections to a cap of 200; the header timeout alone would keep a new client out
      // that long. Here it is a minute, so an answer before it can only come from the room the server
      // makes under pressure, however slow the machine (a 3 s figure failed at load 24).
      const headersTimeoutMs = 60_000;
      const app = await env.start({
        config: { maxConnections: 200, maxConnectionsPerIp: 24, headersTimeoutMs, requestTimeoutMs: headersTimeoutMs },
      });
      const addresses = Array.from({ length: 40 }, (_, i) => `127.0.0.${i + 10}`);
      const crowd = slowCrowd(app, addresses, 6);
      try {
        for (let round = 0; round < 3; round++) {
          // The crowd fills the server (again) before each check.
          await until(() => crowd.connected >= 150, 'the crowd to fill the server', 10_000);
          const started = Date.now();
          const res = await until(
            async () => {
              const answer = await app.get('/api/health').catch(() => undefined);
              return answer?.status === 200 ? answer : undefined;
            },
            'a new client to be answered',
            headersTimeoutMs / 2,
          );
          expect(res.body).toEqual({ status: 'ok', database: 'ok' });
          expect(Date.now() - started).toBeLessThan(headersTimeoutMs);
        }
        // Closed from the server's side to make room, and said so once, not per connection.
        expect(crowd.refusedWith503).toBeGreaterThan(0);
        const pressure = warnings(app, 'connection-pressure');
        expect(pressure.length).toBeGreaterThanOrEqual(1);
        expect(pressure.length).toBeLessThan(5);
        expect(pressure[0]).toMatchObject({ max: 200 });
      } finally {
        crowd.stop();
      }
    },
    SOCKET_TEST_MS,
  );
});

describe('addresses', () => {
  test('IPv6 addresses are counted by their /64 in every written form, mapped IPv4 as IPv4', () => {
    const same = ['2001:db8::1', '2001:DB8:0:0:ffff::2', '2001:0db8:0000:0000:1:2:3:4', '2001:db8::1.2.3.4', '2001:db8::1%eth0'];
    expect(new Set(same.map(addressKey))).toEqual(new Set(['2001:db8:0:0::/64']));
    expect(addressKey('2001:db8:0:1::1')).toBe('2001:db8:0:1::/64');
    expect(addressKey('1::3:4:5:6:1.2.3.4')).toBe('1:0:3:4::/64');
    expect(addressKey('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(addressKey('::FFFF:a01:203')).toBe('10.1.2.3');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('10.1.2.3')).toBe('10.1.2.3');
    expect(addressKey(undefined)).toBe('unknown');
  });

  test('IPv6 peers in one /64 share one per-address count', () => {
    const { connect } = bareServer({ maxConnections: 100, maxConnectionsPerIp: 2, pressureConnectionsPerIp: 2 });
    const peers = [
      connect('2001:db8:1:2::a'),
      connect('2001:db8:1:2:ffff:ffff:ffff:b'),
      connect('2001:0DB8:0001:0002::c'),
      connect('2001:db8:1:3::1'),
      connect('::ffff:192.0.2.1'),
      connect('192.0.2.1'),
      connect('::ffff:c000:201'),
    ];
    expect(peers.map((s) => s.destroyed)).toEqual([false, false, true, false, false, false, true]);
  });
});

describe('room near the connection cap', () => {
  test('idle connections are closed first, then the slowest requests of the fullest addresses, never one being answered', () => {
    // Cap 10: pressure from 8 open, closed down to 6; an address may hold 2 then.
    const { server, guard, connect, request, advance, warnings } = bareServer({
      maxConnections: 10,
      maxConnectionsPerIp: 10,
      pressureConnectionsPerIp: 2,
    });
    const idle = [connect('10.0.0.1'), connect('10.0.0.1')];
    for (const socket of idle) request(socket, { complete: true, answered: true });
    const answering = connect('10.0.0.2');
    request(answering, { complete: true, answered: false });
    const slowBody = connect('10.0.0.3');
    request(slowBody, { complete: false, answered: false });
    slowBody.bytesRead += 100;
    const slowHeaders = [connect('10.0.0.4'), connect('10.0.0.4'), connect('10.0.0.4')];
    for (const socket of slowHeaders) socket.bytesRead += 10;
    advance(2_000);
    expect(guard.pressure).toBe(false);

    const fresh = [connect('10.0.0.5')];
    expect(guard.pressure).toBe(true);
    expect(server.headersTimeout).toBe(2_000);
    expect(server.requestTimeout).toBe(30_000);
    expect(warnings.filter((w) => w === 'connection-pressure')).toHaveLength(1);
    // Past the high-water mark each new connection closes one: the idle one idle longest.
    fresh.push(connect('10.0.0.5'));
    expect(idle.map((s) => s.destroyed)).toEqual([true, false]);
    // Under pressure an address holds its share at most.
    const third = connect('10.0.0.5');
    expect(third.destroyed).toBe(true);
    expect(warnings).toContain('connections-per-address');

    // The sweep: the other idle one, then the slowest request of the address over its share, told 503.
    guard.sweep();
    expect(guard.open).toBe(6);
    expect(idle.every((s) => s.destroyed && s.written === '')).toBe(true);
    expect(slowHeaders.map((s) => s.destroyed)).toEqual([true, false, false]);
    expect(slowHeaders[0]?.written).toMatch(
      /^HTTP\/1\.1 503 .*Connection: close\r\n\r\n\{"status":"failure","responseCode":"TL_CORE_00503_E"/s,
    );
    expect([answering, slowBody, ...fresh].some((s) => s.destroyed)).toBe(false);

    // Later: connections that never sent a byte are idle; then the slowest request goes, not a faster upload.
    advance(2_000);
    const later = [connect('10.0.0.6'), connect('10.0.0.7'), connect('10.0.0.8')];
    guard.sweep();
    expect(guard.open).toBe(6);
    expect(fresh.every((s) => s.destroyed)).toBe(true);
    expect(slowHeaders.map((s) => s.destroyed)).toEqual([true, true, false]);
    expect([answering, slowBody, ...later].some((s) => s.destroyed)).toBe(false);

    // Nothing else may go while only requests being answered and young connections are left.
    for (const s of [slowBody, slowHeaders[2]]) s?.destroy();
    const more = [connect('10.0.0.9'), connect('10.0.0.10'), connect('10.0.0.11'), connect('10.0.0.12')];
    guard.sweep();
    expect(answering.destroyed).toBe(false);
    expect(more.some((s) => s.destroyed)).toBe(false);

    // Calm again: the deadlines are restored.
    for (const s of [...later, ...more]) s.destroy();
    advance(5_000);
    guard.sweep();
    expect(guard.pressure).toBe(false);
    expect(server.headersTimeout).toBe(10_000);
    expect(server.requestTimeout).toBe(120_000);
  });
});

type FakeSocket = EventEmitter & {
  remoteAddress: string;
  bytesRead: number;
  destroyed: boolean;
  writable: boolean;
  written: string;
  write: (text: string) => boolean;
  destroy: () => void;
};

/** The guard on a bare server, its clock moved by hand, with sockets that only record what they are told. */
function bareServer(limits: ConnectionLimits) {
  let at = 0;
  const server = Object.assign(new EventEmitter(), { headersTimeout: 10_000, requestTimeout: 120_000 }) as unknown as http.Server;
  const warnings: string[] = [];
  const guard = guardConnections(
    server,
    limits,
    (kind) => warnings.push(kind),
    () => at,
  );
  onTestFinished(() => {
    server.emit('close');
  });
  const connect = (remoteAddress: string): FakeSocket => {
    const socket: FakeSocket = Object.assign(new EventEmitter(), {
      remoteAddress,
      bytesRead: 0,
      destroyed: false,
      writable: true,
      written: '',
      write(text: string) {
        socket.written += text;
        return true;
      },
      destroy() {
        if (socket.destroyed) return;
        socket.destroyed = true;
        socket.writable = false;
        socket.emit('close');
      },
    });
    server.emit('connection', socket);
    return socket;
  };
  const request = (socket: FakeSocket | undefined, state: { complete: boolean; answered: boolean }) => {
    if (!socket) throw new Error('no socket');
    socket.bytesRead += 50;
    const res = new EventEmitter();
    server.emit('request', { socket, complete: state.complete }, res);
    if (state.answered) res.emit('close');
  };
  return {
    server,
    guard,
    connect,
    request,
    advance(ms: number) {
      at += ms;
    },
    warnings,
  };
}
