import { expect } from 'vitest';
import {
  type Account,
  type PgCluster,
  type SaveLog,
  assertAlive,
  SKILLS_PATH,
  call,
  createAccount,
  get,
  isIntended503,
  reportCounts,
  skillsOf,
  startLoad,
  startMailSink,
  startPostgres,
  startServer,
  storedSaveIsConsistent,
  unexpected5xx,
  until,
} from './support.ts';

// One PostgreSQL fault under load, the shape the 'stopped' and 'frozen' scenarios share: a server
// on a throwaway cluster with short pool timeouts, USERS accounts, one worker per user saving its
// skills in order and as many reading; then the fault, clear 503 answers quickly (health says so),
// the cluster back, the same process serving again, and every acknowledged save there, whole.

const USERS = 4;
/**
 * Every answer during the fault comes within the pool's timeouts: a transaction may wait for a
 * connection, then for one statement, plus scheduling on a busy machine. The client gives up at 30 s.
 */
const MAX_503_MS = 15_000;

export type DatabaseFault = {
  scenario: string;
  /** The pool's statement timeout for this scenario (the connect timeout is 2 s). */
  queryTimeoutMs: number;
  /** 200 answers before the fault, 503 answers during it, 200 answers after it. */
  answers: { before: number; during503: number; after: number };
  inject: (cluster: PgCluster) => Promise<unknown> | unknown;
  /** Ends the fault; runs also when the checks during the fault failed. */
  recover: (cluster: PgCluster) => Promise<unknown> | unknown;
  /** What must hold afterwards beyond the shared checks. */
  finalChecks?: (cluster: PgCluster) => Promise<void>;
  networkErrorsMessage: string;
  notes: (faultMs: number, count503: number) => string;
};

export async function runDatabaseFault(fault: DatabaseFault): Promise<void> {
  const started = Date.now();
  const [cluster, mail] = await Promise.all([startPostgres(), startMailSink()]);
  const server = await startServer({
    DATABASE_URL: cluster.url,
    SMTP_URL: mail.url,
    DATABASE_CONNECT_TIMEOUT_MS: '2000',
    DATABASE_QUERY_TIMEOUT_MS: String(fault.queryTimeoutMs),
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

  let faultMs = 0;
  try {
    await until(() => load.count((o) => o.status === 200) >= fault.answers.before, 'answers before the fault');
    const faultAt = Date.now();
    await fault.inject(cluster);
    try {
      // During the fault: health is unhealthy, and requests get the intended 503 (none hangs).
      const health = await until(async () => {
        assertAlive(server);
        const res = await get(server, '/api/health').catch(() => undefined);
        return res && res.status !== 200 ? res : undefined;
      }, 'health to report the database unavailable');
      expect(isIntended503(health), JSON.stringify(health.body)).toBe(true);
      await until(
        () => load.count((o) => o.at > faultAt && o.intended503 === true) >= fault.answers.during503,
        '503 answers during the fault',
      );
    } finally {
      await fault.recover(cluster);
      faultMs = Date.now() - faultAt;
    }
    const faultAnswers = load.outcomes.filter((o) => o.at > faultAt && o.at <= faultAt + faultMs && o.status !== undefined);
    expect(Math.max(...faultAnswers.map((o) => o.ms))).toBeLessThan(MAX_503_MS);

    // Back: the same process answers 200 again.
    const recoveredAt = Date.now();
    await until(
      async () => {
        assertAlive(server);
        return (await get(server, '/api/health').catch(() => undefined))?.status === 200;
      },
      'health to recover',
      60_000,
    );
    await until(() => load.count((o) => o.at > recoveredAt && o.status === 200) >= fault.answers.after, 'answers after recovery', 60_000);
  } finally {
    await load.stop();
  }
  expect(server.child.exitCode).toBeNull();
  expect(
    load.outcomes.filter((o) => o.error),
    fault.networkErrorsMessage,
  ).toEqual([]);

  // Every save acknowledged is there, whole: the last acknowledged one or one sent after it.
  let lost = 0;
  for (const [i, account] of accounts.entries()) {
    const stored = await get(server, SKILLS_PATH, { token: account.accessToken });
    expect(stored.status).toBe(200);
    if (!storedSaveIsConsistent(saves[i] ?? [], stored.body.skills)) lost += 1;
  }
  await fault.finalChecks?.(cluster);
  reportCounts({
    scenario: fault.scenario,
    faults: 1,
    requests: load.outcomes.length + USERS * 4,
    unexpected5xx: unexpected5xx(load.outcomes),
    dataLost: lost,
    ms: Date.now() - started,
    notes: fault.notes(
      faultMs,
      load.count((o) => o.intended503 === true),
    ),
  });
}
