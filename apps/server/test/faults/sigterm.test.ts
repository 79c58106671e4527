import net from 'node:net';
import { describe, expect, test } from 'vitest';
import {
  type Account,
  SKILLS_PATH,
  createAccount,
  freshRequest,
  get,
  pgBin,
  reportCounts,
  skillsOf,
  startLoad,
  startMailSink,
  startPostgres,
  startServer,
  unexpected5xx,
  until,
  useFaultHarness,
  wholeSaveMarker,
} from './support.ts';

// SIGTERM under load: the requests in flight finish (their saves are kept), new requests get 503
// with the error envelope and `Connection: close` (the instance keeps listening while it drains,
// so a client is not refused), and the process exits within its grace period even though one
// client never finishes its request.

useFaultHarness();

const GRACE_MS = 4_000;
const IN_FLIGHT = 3;

type Raw = { socket: net.Socket; received: string; closed: boolean; closedAt?: number };

async function rawConnection(port: number): Promise<Raw> {
  const raw: Raw = { socket: net.connect({ host: '127.0.0.1', port }), received: '', closed: false };
  raw.socket.setEncoding('utf8');
  raw.socket.on('data', (chunk: string) => {
    raw.received += chunk;
  });
  raw.socket.on('error', () => {});
  raw.socket.on('close', () => {
    raw.closed = true;
    raw.closedAt = Date.now();
  });
  await new Promise<void>((resolve, reject) => {
    raw.socket.once('connect', () => resolve());
    raw.socket.once('error', reject);
  });
  return raw;
}

/** Writes a skills save's headers and the first bytes of its body: in flight until `finish`. */
function startSave(raw: Raw, token: string, marker: string) {
  const body = JSON.stringify({ skills: skillsOf(marker) });
  raw.socket.write(
    `PUT ${SKILLS_PATH} HTTP/1.1\r\nHost: talentloop.test\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
  );
  return { finish: () => raw.socket.write(body.slice(10)) };
}

describe.skipIf(!pgBin)('SIGTERM under load', () => {
  test('in-flight saves finish, new requests get 503 with Connection: close, and the process exits within its grace period', async () => {
    const started = Date.now();
    const [cluster, mail] = await Promise.all([startPostgres(), startMailSink()]);
    const server = await startServer({
      DATABASE_URL: cluster.url,
      SMTP_URL: mail.url,
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
      // The request log tells when a request is in flight (its headers read, its body awaited).
      LOG_LEVEL: 'info',
    });
    const accounts: Account[] = [];
    for (let i = 0; i < IN_FLIGHT; i++) accounts.push(await createAccount(server, mail));

    // Background readers on kept-alive connections.
    const load = startLoad(4, async (worker) => ({
      answer: await get(server, SKILLS_PATH, { token: accounts[worker % IN_FLIGHT]?.accessToken }),
      label: 'read',
    }));
    const inFlight: { raw: Raw; marker: string; finish: () => void }[] = [];
    let stuck: Raw | undefined;
    let signalledAt = 0;
    let shutDownAfterMs = 0;
    try {
      await until(() => load.count((o) => o.status === 200) >= 20, 'reads before the signal');
      const putsLogged = () => server.lines.filter((l) => l.includes('"incoming request"') && l.includes('"method":"PUT"')).length;
      for (const [i, account] of accounts.entries()) {
        const raw = await rawConnection(server.port);
        const marker = String(700_000 + i);
        inFlight.push({ raw, marker, ...startSave(raw, account.accessToken, marker) });
      }
      // One more that never finishes: the grace period must end it.
      stuck = await rawConnection(server.port);
      startSave(stuck, accounts[0]?.accessToken ?? '', '799999');
      await until(() => putsLogged() === IN_FLIGHT + 1, 'the saves to be in flight');

      signalledAt = Date.now();
      server.child.kill('SIGTERM');

      // Draining: a new client gets the 503 envelope and is asked to close; it is not refused.
      const probe = await until(async () => {
        const res = await freshRequest(server, '/api/health').catch(() => undefined);
        return res?.status === 503 ? res : undefined;
      }, 'a new request to get 503');
      expect(JSON.parse(probe.body)).toMatchObject({ status: 'failure', responseCode: 'TL_CORE_00503_E' });
      expect(probe.headers.connection).toBe('close');
      await until(() => load.count((o) => o.at > signalledAt && o.intended503 === true) >= 4, 'readers to get 503');

      // The saves in flight complete normally.
      for (const save of inFlight) save.finish();
      await until(() => inFlight.every((s) => /^HTTP\/1\.1 \d{3}/.test(s.raw.received)), 'the in-flight saves to be answered');
      for (const save of inFlight) expect(save.raw.received.slice(0, 12), save.raw.received).toBe('HTTP/1.1 200');

      // The process exits by itself, within its grace period (plus the time to close).
      const exit = await server.exited;
      expect(exit).toEqual({ code: 0, signal: null });
      // The server decides to exit within its deadline (the grace period, then closing); how long
      // the OS then takes to tear the process down depends on the machine's load, not on us.
      shutDownAfterMs = Number(JSON.parse(server.lines.find((l) => l.includes('"shut down"')) ?? '{}').time) - signalledAt;
      expect(shutDownAfterMs, server.tail()).toBeLessThan(GRACE_MS + 5_000);
    } finally {
      await load.stop();
      for (const save of inFlight) save.raw.socket.destroy();
      stuck?.socket.destroy();
    }

    // Until the grace period ended (logged by the server before it closes the connections left),
    // no client was refused or cut off: only answers (200, then 503).
    const graceOver = server.lines.find((l) => l.includes('grace period over'));
    expect(graceOver, server.tail()).toBeDefined();
    const drainEnd = Number(JSON.parse(graceOver ?? '{}').time);
    expect(drainEnd - signalledAt).toBeGreaterThanOrEqual(GRACE_MS - 500);
    expect(stuck?.closed).toBe(true);
    const refusedWhileDraining = load.outcomes.filter((o) => o.error && o.at + o.ms < drainEnd);
    expect(refusedWhileDraining).toEqual([]);

    // Each save answered 200 before the exit is stored, whole.
    let lost = 0;
    for (const [i, account] of accounts.entries()) {
      const rows = await cluster.query<{ skillName: string }>(
        'SELECT s.skill_name AS "skillName" FROM freelancer_skills s JOIN users u ON u.id = s.user_id WHERE u.email = $1',
        [account.email],
      );
      if (wholeSaveMarker(rows) !== inFlight[i]?.marker) lost += 1;
    }
    reportCounts({
      scenario: 'SIGTERM under load',
      faults: 1,
      requests: load.outcomes.length + IN_FLIGHT + 1 + IN_FLIGHT * 3,
      unexpected5xx: unexpected5xx(load.outcomes),
      dataLost: lost,
      ms: Date.now() - started,
      notes: `shut down ${(shutDownAfterMs / 1000).toFixed(1)} s, exited ${(((server.exitedAt ?? 0) - signalledAt) / 1000).toFixed(1)} s after the signal (grace ${GRACE_MS / 1000} s)`,
    });
  });
});
