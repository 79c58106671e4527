import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { main } from '../../src/cli/operator.ts';
import { operatorControlHandler } from '../../src/features/operator-accounts/operator-role.ts';
import { CONTROL_SOCKET, startControlChannel } from '../../src/infra/control-channel.ts';
import { DataDirInUseError, LOCK_FILE, lockDataDir, processStartTicks } from '../../src/infra/db/data-dir-lock.ts';
import { type Database, openDatabase } from '../../src/infra/db/client.ts';
import { auditLog, users } from '../../src/infra/db/schema.ts';
import { pgliteTemplate } from '../support/database.ts';

// `npm run operator` while the server runs (issue 21): the embedded data directory has one owner
// (a second opener is refused with a clear message), and the running server applies the command
// line's grant/revoke over its control channel, through the console's one rule, audited.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const tmp = (label: string) => fs.mkdtempSync(path.join(os.tmpdir(), `tl-${label}-`));

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (line: string) => out.push(line), err: (line: string) => err.push(line) } };
}

/** The real command, as `npm run operator -- ...` runs it. */
function runCli(args: string[], dataDir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['apps/server/src/cli/operator.ts', ...args], { cwd: root, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the data directory lock', () => {
  test('a second holder is refused with the holder named; a dead holder’s lock is taken over; release frees it', () => {
    const dir = tmp('lock');
    const first = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir)).toThrow(`The embedded database in ${dir} is in use by process ${process.pid}`);
    first.release();
    const again = lockDataDir(dir);
    again.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);

    // A crashed process's lock (no such pid): taken over.
    fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: 2 ** 22 + 12_345, startedAt: 'then', token: 'old' }));
    const taken = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    taken.release();

    // A lock naming a live pid that is not its writer (the pid reused after a crash: here this very
    // process, with another start time): taken over. The same process with its own start: refused.
    const mine = lockDataDir(dir);
    const written = JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8'));
    expect(written.procStart).toBe(processStartTicks(process.pid));
    mine.release();
    fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ ...written, procStart: String(Number(written.procStart) - 1) }));
    const reused = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    reused.release();
  });
});

describe('the command line while the server runs', () => {
  let dataDir: string;
  let database: Database;
  let control: Awaited<ReturnType<typeof startControlChannel>>;
  const email = `cli-${Date.now()}@talentloop.test`;

  beforeAll(async () => {
    dataDir = tmp('cli');
    // From the tests' migrated template (a fresh directory would run every migration: seconds).
    database = await openDatabase({ dataDir, loadDataDir: await pgliteTemplate() });
    control = await startControlChannel({ dataDir, handle: operatorControlHandler(database.db), log: { warn: () => {} } });
    await database.db.insert(users).values({ email, firstName: 'Cli', lastName: 'User', emailVerifiedAt: new Date() });
  }, 60_000);
  afterAll(async () => {
    await control?.close();
    await database?.close();
  });

  test('a second openDatabase on the same directory is refused with a clear message', async () => {
    await expect(openDatabase({ dataDir })).rejects.toThrow(/The embedded database in .* is in use by process \d+/);
    expect((fs.statSync(path.join(dataDir, CONTROL_SOCKET)).mode & 0o777).toString(8)).toBe('600');
  });

  test('grant and revoke arrive through the control channel, audited as the command line; the last operator stays', async () => {
    const granted = capture();
    expect(await main(['grant', email], { config: { dataDir }, io: granted.io })).toBe(0);
    expect(granted.out).toEqual([`${email} is now an operator.`]);
    const [row] = await database.db.select().from(users).where(eq(users.email, email));
    expect(row?.roles).toContain('operator');
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetLabel, email), isNull(auditLog.operatorId)));
    expect(entries).toMatchObject([
      { action: 'operator.grant', operatorEmail: 'command line', after: { roles: ['freelancer', 'operator'] } },
    ]);

    const again = capture();
    expect(await main(['grant', email.toUpperCase()], { config: { dataDir }, io: again.io })).toBe(0);
    expect(again.out[0]).toContain('is already an operator.');

    const last = capture();
    expect(await main(['revoke', email], { config: { dataDir }, io: last.io })).toBe(1);
    expect(last.err[0]).toContain('is the last active operator');

    const nobody = capture();
    expect(await main(['grant', 'nobody@talentloop.test'], { config: { dataDir }, io: nobody.io })).toBe(1);
    expect(nobody.err).toEqual(['No account with the email nobody@talentloop.test.']);
  });

  test('the real command (npm run operator) reaches the running server instead of opening its database', { timeout: 60_000 }, async () => {
    const other = `cli-other-${Date.now()}@talentloop.test`;
    await database.db.insert(users).values({ email: other, firstName: 'Other', lastName: 'User', emailVerifiedAt: new Date() });
    const run = await runCli(['grant', other], dataDir);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(`${other} is now an operator.\n`);
    expect(run.code).toBe(0);
    const [row] = await database.db.select().from(users).where(eq(users.email, other));
    expect(row?.roles).toContain('operator');
  });

  test('with no server listening, another holder of the directory is named, and the command exits 1', async () => {
    const dir = tmp('held');
    const held = lockDataDir(dir);
    try {
      const run = capture();
      expect(await main(['grant', email], { config: { dataDir: dir }, io: run.io })).toBe(1);
      expect(run.err[0]).toContain(`is in use by process ${process.pid}`);
    } finally {
      held.release();
    }
  });
});
