import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { firstOperatorHint } from '../../src/features/operator-accounts/operator-role.ts';
import { CONTROL_SOCKET } from '../../src/infra/control-channel.ts';
import { openDatabase } from '../../src/infra/db/client.ts';
import { users } from '../../src/infra/db/schema.ts';
import { openTestDatabase, pgliteTemplate, releaseTestDatabase } from '../support/database.ts';

// A newcomer's first run (issue 33): `npm start` on a fresh data directory says the one command that
// makes an operator, and `npm run seed:demo` in a second terminal works while that server holds the
// embedded database (it goes over the server's control channel, as `npm run operator` does).

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

function envFor(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info', WEB_DIST: '/nonexistent-web-dist' };
  delete env.DATABASE_URL;
  return env;
}

/** A command run to its end, as `npm run <script>` runs it. */
function run(script: string, args: string[], dataDir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: root, env: envFor(dataDir) });
    children.push(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the first run', () => {
  test('the first start prints the operator hint, and seed:demo runs while the server holds the embedded database', {
    timeout: 240_000,
  }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tl-first-run-'));
    // A data directory as a first start leaves it (migrated, no accounts), from the tests' template.
    const prepared = await openDatabase({ dataDir, loadDataDir: await pgliteTemplate() });
    await prepared.close();

    // The server as `npm start` runs it (from source here), until it has said what it says at start.
    const server = spawn(process.execPath, ['apps/server/src/server.ts'], { cwd: root, env: envFor(dataDir) });
    children.push(server);
    let stdout = '';
    let stderr = '';
    server.stderr.on('data', (c) => (stderr += c));
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    const hintLine = await new Promise<string>((resolve, reject) => {
      server.stdout.on('data', (chunk) => {
        stdout += chunk;
        const line = stdout.split('\n').find((l) => l.startsWith('No operator yet'));
        if (line) resolve(line);
      });
      void exited.then((code) => reject(new Error(`the server exited (${code}) before the hint:\n${stdout}\n${stderr}`)));
    });
    expect(hintLine).toBe(
      'No operator yet: sign up at http://localhost:0/signup, then make yourself one with: npm run operator -- grant <your email>',
    );
    // The line comes once the server listens, so the control channel is there.
    expect(fs.existsSync(path.join(dataDir, CONTROL_SOCKET))).toBe(true);

    // The second terminal: the server seeds its own database and the command prints its report.
    const seeded = await run('apps/server/src/cli/seed-demo.ts', ['--count', '2'], dataDir);
    expect(seeded.stderr).toBe('');
    expect(seeded.stdout).toMatch(/^Added 2 demo profiles \(0 were already there, 2 now\), 2 with a generated photo, in [\d.]+ s\.\n/);
    expect(seeded.code).toBe(0);
    const again = await run('apps/server/src/cli/seed-demo.ts', ['--count', '2'], dataDir);
    expect(again).toEqual({ code: 0, stdout: 'There are already 2 demo profiles (asked for 2): nothing to add.\n', stderr: '' });
    // A bad option is answered the same way through the server.
    const bad = await run('apps/server/src/cli/seed-demo.ts', ['--count', 'many'], dataDir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--count needs a whole number');

    // The server stops; the command then opens the database itself and finds the server's rows.
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    const reset = await run('apps/server/src/cli/seed-demo.ts', ['--reset'], dataDir);
    expect(reset).toEqual({ code: 0, stdout: 'Removed 2 demo profiles and 2 demo photos.\n', stderr: '' });
  });

  test('the hint is there only while no active operator exists', async () => {
    const database = await openTestDatabase();
    try {
      const url = 'http://localhost:3000/signup';
      expect(await firstOperatorHint(database.db, url)).toContain('npm run operator -- grant <your email>');
      const stamp = Date.now();
      await database.db.insert(users).values({
        email: `suspended-op-${stamp}@talentloop.test`,
        firstName: 'Sus',
        lastName: 'Pended',
        roles: ['freelancer', 'operator'],
        suspendedAt: new Date(),
      });
      // A suspended operator cannot open the console: still no operator.
      expect(await firstOperatorHint(database.db, url)).not.toBeNull();
      await database.db
        .insert(users)
        .values({ email: `op-${stamp}@talentloop.test`, firstName: 'Op', lastName: 'Erator', roles: ['freelancer', 'operator'] });
      expect(await firstOperatorHint(database.db, url)).toBeNull();
    } finally {
      await releaseTestDatabase(database);
    }
  });
});
