import { describe, expect, test } from 'vitest';
import {
  type Account,
  type SaveLog,
  assertAlive,
  SKILLS_PATH,
  call,
  createAccount,
  get,
  isIntended503,
  pgBin,
  reportCounts,
  skillsOf,
  startLoad,
  startMailSink,
  startPostgres,
  startServer,
  storedSaveIsConsistent,
  unexpected5xx,
  until,
  useFaultHarness,
} from './support.ts';

// PostgreSQL server stopped under load: requests get a clear 503 with the error envelope quickly
// (bounded pool waits, no hang), /api/health reports unhealthy, and when PostgreSQL is back the
// same server process serves again without a restart. No save acknowledged before the crash is lost.

useFaultHarness();

const USERS = 4;
/** A 503 must come quickly: within the pool's timeouts (2 s to connect, 5 s a query here) plus scheduling on a busy machine. */
const MAX_503_MS = 15_000;

describe.skipIf(!pgBin)('PostgreSQL server stopped under load', () => {
  test('requests get 503 quickly while it is down, health says so, and the same process recovers when it is back', async () => {
    const started = Date.now();
    const [cluster, mail] = await Promise.all([startPostgres(), startMailSink()]);
    const server = await startServer({
      DATABASE_URL: cluster.url,
      SMTP_URL: mail.url,
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
      DATABASE_QUERY_TIMEOUT_MS: '5000',
    });
    const accounts: Account[] = [];
    for (let i = 0; i < USERS; i++) accounts.push(await createAccount(server, mail));

    // Each user's saves come from one worker, in order; the other workers read.
    const saves: SaveLog[] = accounts.map(() => []);
    let marker = 0;
    const load = startLoad(USERS * 2, async (worker) => {
      const user = worker % USERS;
      const token = accounts[user]?.accessToken;
      if (worker < USERS) {
        const save = { marker: String(100_000 + marker++), acked: false };
        saves[user]?.push(save);
        const answer = await call(server, 'PUT', SKILLS_PATH, { token, json: { skills: skillsOf(save.marker) } });
        save.acked = answer.status === 200;
        return { answer, label: 'save' };
      }
      return { answer: await get(server, SKILLS_PATH, { token }), label: 'read' };
    });

    try {
      await until(() => load.count((o) => o.status === 200) >= 40, 'answers before the fault');
      const stoppedAt = Date.now();
      await cluster.stop('immediate');

      // Down: health is unhealthy, and requests fail fast with the intended 503.
      const health = await until(async () => {
        assertAlive(server);
        const res = await get(server, '/api/health').catch(() => undefined);
        return res && res.status !== 200 ? res : undefined;
      }, 'health to report the database down');
      expect(isIntended503(health), JSON.stringify(health.body)).toBe(true);
      await until(() => load.count((o) => o.at > stoppedAt && o.intended503 === true) >= 20, '503 answers while the database is down');
      const downAnswers = load.outcomes.filter((o) => o.at > stoppedAt && o.status !== undefined);
      expect(Math.max(...downAnswers.map((o) => o.ms))).toBeLessThan(MAX_503_MS);

      // Back: the same process answers 200 again.
      const restartedAt = Date.now();
      await cluster.start();
      await until(
        async () => {
          assertAlive(server);
          return (await get(server, '/api/health').catch(() => undefined))?.status === 200;
        },
        'health to recover',
        60_000,
      );
      await until(() => load.count((o) => o.at > restartedAt && o.status === 200) >= 40, 'answers after recovery', 60_000);
    } finally {
      await load.stop();
    }
    expect(server.child.exitCode).toBeNull();
    const networkErrors = load.outcomes.filter((o) => o.error);
    expect(networkErrors, 'the server kept its connections open').toEqual([]);

    // Every save acknowledged is there, whole: the last acknowledged one or one sent after it.
    let lost = 0;
    for (const [i, account] of accounts.entries()) {
      const stored = await get(server, SKILLS_PATH, { token: account.accessToken });
      expect(stored.status).toBe(200);
      if (!storedSaveIsConsistent(saves[i] ?? [], stored.body.skills)) lost += 1;
    }
    reportCounts({
      scenario: 'PostgreSQL stopped under load',
      faults: 1,
      requests: load.outcomes.length + USERS * 4,
      unexpected5xx: unexpected5xx(load.outcomes),
      dataLost: lost,
      ms: Date.now() - started,
      notes: `${load.count((o) => o.intended503 === true)} x 503`,
    });
  });
});
