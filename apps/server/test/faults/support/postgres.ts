import { execFile, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort, onCleanup, repoRoot } from './harness.ts';

// PostgreSQL: a throwaway cluster (as scripts/with-postgres.sh makes), stoppable and restartable.

const execFileAsync = promisify(execFile);

function findPgBin(): string | undefined {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (fs.existsSync(path.join(bin, 'initdb')) && fs.existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  return undefined;
}

export const pgBin = findPgBin();
const asRoot = process.getuid?.() === 0;

async function asPg(command: string, args: string[]) {
  const bin = path.join(pgBin ?? '', command);
  return asRoot ? execFileAsync('runuser', ['-u', 'postgres', '--', bin, ...args]) : execFileAsync(bin, args);
}

export type PgCluster = {
  url: string;
  port: number;
  stop: (mode: 'immediate' | 'fast') => Promise<void>;
  start: () => Promise<void>;
  /** A direct connection for checks (what is stored), outside the server under test. */
  query: <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;
  /**
   * Freezes the whole server (SIGSTOP to the postmaster and every backend): connections stay open
   * and new ones are accepted by the kernel, but nothing answers, as with a hung host or a full
   * disk. `thaw` sends SIGCONT. The cleanup thaws before it stops the cluster.
   */
  freeze: () => void;
  thaw: () => void;
};

/** The postmaster's pid: the first line of postmaster.pid. */
const postmasterPid = (data: string) => Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);

/** Every process `parent` started (from /proc). */
function childrenOf(parent: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // Field 4 of /proc/<pid>/stat is the parent pid (after the command name in parentheses).
        return Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]) === parent;
      } catch {
        return false;
      }
    })
    .map(Number);
}

export async function startPostgres(): Promise<PgCluster> {
  if (!pgBin) throw new Error('PostgreSQL binaries not found');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'talentloop-faults-pg-'));
  const data = path.join(dir, 'data');
  if (asRoot) {
    spawnSync('chown', ['postgres:postgres', dir]);
    fs.chmodSync(dir, 0o700);
  }
  const stopSync = () => {
    const bin = path.join(pgBin, 'pg_ctl');
    const args = ['-D', data, '-m', 'immediate', '-w', 'stop'];
    if (asRoot) spawnSync('runuser', ['-u', 'postgres', '--', bin, ...args], { stdio: 'ignore' });
    else spawnSync(bin, args, { stdio: 'ignore' });
  };
  const frozen: number[] = [];
  const thaw = () => {
    for (const pid of frozen.splice(0)) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {}
    }
  };
  onCleanup(() => {
    // A stopped process would not act on pg_ctl's signal: continue it first.
    thaw();
    stopSync();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  // The cleanup above runs after the file and on this process's exit, but not when the process is
  // killed (a run stopped by SIGKILL, a worker that died): pg_ctl starts the server in a session of
  // its own, which would outlive it. The watchdog, in a session of its own too, stops the cluster
  // and deletes its directory once this process has ended, however it ended.
  spawn('bash', [path.join(repoRoot, 'scripts/postgres-watchdog.sh'), String(process.pid), pgBin, data, dir], {
    detached: true,
    stdio: 'ignore',
  }).unref();
  await asPg('initdb', ['-D', data, '-U', 'app', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '-N']);
  let port = 0;
  // Commits are acknowledged only once written (synchronous_commit on), so a crash loses nothing
  // acknowledged; fsync is off (a process crash, not a power cut, is what the suite injects).
  // pg_ctl -w waits for the server's state (accepting connections, or exited); -t 600 is a
  // last-resort guard against a server that hangs, not a figure tuned to a machine's speed.
  const start = async () => {
    await asPg('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-t',
      '600',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100 -c fsync=off -c full_page_writes=off`,
      'start',
    ]);
  };
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    try {
      await start();
      break;
    } catch (err) {
      // A server still starting when pg_ctl gave up would keep running beside the next try.
      stopSync();
      if (attempt >= 3)
        throw new Error(
          `PostgreSQL did not start (waited for it to accept connections on 127.0.0.1, three ports tried): ${(err as Error).message}\n${fs.readFileSync(path.join(dir, 'server.log'), 'utf8')}`,
        );
    }
  }
  const url = `postgres://app@127.0.0.1:${port}/postgres`;
  const { default: pg } = await import('pg');
  return {
    url,
    port,
    start,
    async stop(mode) {
      // -t: a last-resort guard (a fast stop waits for connections to end; a loaded machine ends them in seconds).
      await asPg('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '600', 'stop']);
    },
    freeze() {
      // The postmaster first, so it forks no new backend, then everything it started.
      const postmaster = postmasterPid(data);
      process.kill(postmaster, 'SIGSTOP');
      frozen.push(postmaster);
      for (const pid of childrenOf(postmaster)) {
        process.kill(pid, 'SIGSTOP');
        frozen.push(pid);
      }
    },
    thaw,
    async query(text, params) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query(text, params)).rows;
      } finally {
        await client.end();
      }
    },
  };
}
