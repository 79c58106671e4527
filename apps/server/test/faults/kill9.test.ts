import { describe, expect, test } from 'vitest';
import {
  type Account,
  type SaveLog,
  SKILLS_PATH,
  call,
  createAccount,
  get,
  killServer,
  reportCounts,
  skillsOf,
  startLoad,
  startMailSink,
  startServer,
  storedSaveIsConsistent,
  tempDir,
  unexpected5xx,
  until,
  useFaultHarness,
} from './support.ts';

// kill -9 during writes on the embedded database (PGlite in DATA_DIR), then a restart on the same
// data directory: the server starts, no partial save is visible (a multi-row section save is all
// there or absent), and every save answered 200 before the kill is there.

useFaultHarness();

const USERS = 4;

describe('kill -9 during writes on the embedded database', () => {
  test('after a restart on the same data directory, every acknowledged save is there and none is partial', async () => {
    const started = Date.now();
    const mail = await startMailSink();
    const env = { DATA_DIR: tempDir('kill9'), SMTP_URL: mail.url };
    const first = await startServer(env);
    const accounts: Account[] = [];
    for (let i = 0; i < USERS; i++) accounts.push(await createAccount(first, mail));

    // One writer per user, saving whole skill lists back to back; readers beside them.
    const saves: SaveLog[] = accounts.map(() => []);
    let marker = 0;
    let killedAt = Number.POSITIVE_INFINITY;
    const load = startLoad(USERS + 2, async (worker) => {
      const user = worker % USERS;
      const token = accounts[user]?.accessToken;
      if (worker < USERS) {
        const save = { marker: String(200_000 + marker++), acked: false };
        saves[user]?.push(save);
        const answer = await call(first, 'PUT', SKILLS_PATH, { token, json: { skills: skillsOf(save.marker) } });
        save.acked = answer.status === 200;
        return { answer, label: 'save' };
      }
      return { answer: await get(first, SKILLS_PATH, { token }), label: 'read' };
    });
    try {
      await until(() => load.count((o) => o.label === 'save' && o.status === 200) >= 30, 'saves before the kill', 120_000);
      killedAt = Date.now();
      await killServer(first);
    } finally {
      await load.stop();
    }
    // Every request that ended before the kill was answered; those in flight then lost their connection (expected).
    expect(load.outcomes.filter((o) => o.error && o.at + o.ms < killedAt)).toEqual([]);

    const second = await startServer(env);
    let lost = 0;
    const partial: string[] = [];
    for (const [i, account] of accounts.entries()) {
      // The session survived too: the same access token is accepted by the restarted server.
      const stored = await get(second, SKILLS_PATH, { token: account.accessToken });
      expect(stored.status, JSON.stringify(stored.body)).toBe(200);
      if (!storedSaveIsConsistent(saves[i] ?? [], stored.body.skills)) {
        lost += 1;
        partial.push(JSON.stringify(stored.body.skills.map((s: { skillName: string }) => s.skillName)));
      }
    }
    expect(partial).toEqual([]);
    const acked = saves.flat().filter((s) => s.acked).length;
    reportCounts({
      scenario: 'kill -9 during writes (PGlite)',
      faults: 1,
      requests: load.outcomes.length + USERS,
      unexpected5xx: unexpected5xx(load.outcomes),
      dataLost: lost,
      ms: Date.now() - started,
      notes: `${acked} saves acknowledged before the kill`,
    });
  });
});
