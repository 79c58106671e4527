import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { LOCK_FILE } from '../../src/infra/db/data-dir-lock.ts';
import { get, killServer, startServer, tempDir, trackChild, until, useFaultHarness } from './support.ts';

// A crashed server restarts by itself on the embedded database (decision 171), even when the pid
// its lock names is alive again in another process (a container's PID 1 restarted, an unreaped
// or unrelated process), while a second live server on the same data directory is still refused.

useFaultHarness();

describe('restart after kill -9 on the embedded database', () => {
  test('starts although the lock’s pid now belongs to a live unrelated process; a second live server is refused', async () => {
    const dataDir = tempDir('relock');
    const first = await startServer({ DATA_DIR: dataDir });
    const lockFile = path.join(dataDir, LOCK_FILE);
    const crashed = JSON.parse(fs.readFileSync(lockFile, 'utf8')) as { pid: number };
    expect(crashed.pid).toBe(first.child.pid);
    await killServer(first);

    // The crashed server's lock, its pid now taken by a live process that is not a server.
    const other = spawn('sleep', ['600'], { stdio: 'ignore' });
    trackChild(other);
    await until(() => other.pid !== undefined && fs.existsSync(`/proc/${other.pid}`), 'the stand-in process to run');
    fs.writeFileSync(lockFile, JSON.stringify({ ...crashed, pid: other.pid }));

    const restarted = await startServer({ DATA_DIR: dataDir });
    expect((await get(restarted, '/api/health')).status).toBe(200);
    expect(JSON.parse(fs.readFileSync(lockFile, 'utf8')).pid).toBe(restarted.child.pid);

    // A second server while the first runs: refused, naming the live holder; the first serves on.
    const second = startServer({ DATA_DIR: dataDir }, { readyTimeoutMs: 120_000 });
    await expect(second).rejects.toThrow(new RegExp(`in use by process ${restarted.child.pid}`));
    expect((await get(restarted, '/api/health')).status).toBe(200);
    other.kill('SIGKILL');
  });
});
