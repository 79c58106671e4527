import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// One owner per embedded data directory (issue 21). Two processes opening one PGlite directory
// corrupt it, and a second process (the operator command line) would not be seen by the first
// anyway. The owner holds `<dataDir>/pglite.lock`, created with O_EXCL and naming its pid; a
// second opener is refused with a clear message. A lock whose process is gone (a crash, a kill -9)
// is stale and taken over. Same machine only, which is what an embedded database is; a PostgreSQL
// server (DATABASE_URL) needs no lock. Decision "One owner per embedded data directory".
//
// A live pid alone proves nothing (decision 171): after a crash the pid is reused, by the restarted
// server itself when it is a container's PID 1 again, or by any other process. So the lock also
// names the holder's start time as the kernel counts it (/proc/<pid>/stat, field 22, in ticks since
// boot) and the boot it started in (/proc/sys/kernel/random/boot_id): the holder is alive only when
// a process with that pid started at that very tick of that boot, which no other process did.
// Without /proc (not Linux) the pid's liveness is all there is, as before.

export const LOCK_FILE = 'pglite.lock';
/** A takeover or a lock being written is given this long before it counts as abandoned. */
const GUARD_STALE_MS = 10_000;

export type LockHolder = {
  pid: number;
  startedAt: string;
  token: string;
  /** The holder's start in clock ticks since boot (/proc/<pid>/stat); absent without /proc or in an older lock. */
  procStart?: string;
  /** The boot the holder started in (/proc/sys/kernel/random/boot_id). */
  bootId?: string;
};

export class DataDirInUseError extends Error {
  readonly code = 'DATA_DIR_IN_USE';
  readonly dataDir: string;
  readonly holder: { pid: number | null; startedAt: string | null };
  constructor(dataDir: string, holder: { pid: number | null; startedAt: string | null }) {
    const who = holder.pid === null ? 'another process' : `process ${holder.pid}`;
    const since = holder.startedAt ? `, since ${holder.startedAt}` : '';
    super(
      `The embedded database in ${dataDir} is in use by ${who}${since}. Stop that process first, ` +
        `or set DATABASE_URL to use a PostgreSQL server. If no such process runs, delete ${path.join(dataDir, LOCK_FILE)}.`,
    );
    this.name = 'DataDirInUseError';
    this.dataDir = dataDir;
    this.holder = holder;
  }
}

/** Whether a process with this pid exists (EPERM: it does, under another user). */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A process's start time in clock ticks since boot (field 22 of /proc/<pid>/stat), or null (no such process, no /proc). */
export function processStartTicks(pid: number): string | null {
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count from its end.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function currentBootId(): string | null {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/**
 * Whether the process that wrote this lock still runs: the same pid, started at the same tick of
 * the same boot (a pid reused after a crash, by anyone, is not the holder); without /proc, the
 * pid's liveness.
 */
export function isHolderAlive(holder: LockHolder): boolean {
  if (holder.procStart && holder.bootId) {
    const boot = currentBootId();
    const start = processStartTicks(holder.pid);
    if (boot !== null && fs.existsSync('/proc/self/stat')) return boot === holder.bootId && start === holder.procStart;
  }
  return isProcessAlive(holder.pid);
}

function readHolder(file: string): LockHolder | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.token !== 'string') return null;
    return {
      pid: parsed.pid,
      startedAt: String(parsed.startedAt ?? ''),
      token: parsed.token,
      ...(typeof parsed.procStart === 'string' ? { procStart: parsed.procStart } : {}),
      ...(typeof parsed.bootId === 'string' ? { bootId: parsed.bootId } : {}),
    };
  } catch {
    return null;
  }
}

function ageMs(file: string): number | null {
  try {
    return Date.now() - fs.statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

function createExclusive(file: string, content: string): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, 'wx', 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    fs.writeSync(fd, content);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  return true;
}

function unlinkQuietly(file: string) {
  try {
    fs.unlinkSync(file);
  } catch {}
}

/**
 * Takes the data directory's lock, or throws DataDirInUseError naming its holder. `release`
 * removes the lock only while it is still this holder's.
 */
export function lockDataDir(dataDir: string): { holder: LockHolder; release: () => void } {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const guard = `${file}.takeover`;
  const procStart = processStartTicks(process.pid);
  const bootId = currentBootId();
  const holder: LockHolder = {
    pid: process.pid,
    startedAt: new Date().toISOString(),
    token: crypto.randomUUID(),
    ...(procStart && bootId ? { procStart, bootId } : {}),
  };
  const release = () => {
    if (readHolder(file)?.token === holder.token) unlinkQuietly(file);
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    if (createExclusive(file, `${JSON.stringify(holder)}\n`)) return { holder, release };
    const current = readHolder(file);
    if (current && isHolderAlive(current)) throw new DataDirInUseError(dataDir, current);
    if (!current) {
      // Unreadable: being written this instant by another opener, or garbage left long ago.
      const age = ageMs(file);
      if (age !== null && age < GUARD_STALE_MS) throw new DataDirInUseError(dataDir, { pid: null, startedAt: null });
    }
    // Stale: its process is gone. Only the opener holding the takeover guard may remove it, so two
    // openers finding the same stale lock cannot both take it over.
    if (!createExclusive(guard, String(process.pid))) {
      const guardAge = ageMs(guard);
      if (guardAge !== null && guardAge < GUARD_STALE_MS) throw new DataDirInUseError(dataDir, { pid: null, startedAt: null });
      unlinkQuietly(guard);
      continue;
    }
    try {
      const again = readHolder(file);
      if (again?.token === current?.token) unlinkQuietly(file);
      if (createExclusive(file, `${JSON.stringify(holder)}\n`)) return { holder, release };
    } finally {
      unlinkQuietly(guard);
    }
  }
  const last = readHolder(file);
  throw new DataDirInUseError(dataDir, { pid: last?.pid ?? null, startedAt: last?.startedAt ?? null });
}

/** Who holds the data directory's lock, if a live process does. */
export function liveLockHolder(dataDir: string): LockHolder | null {
  const current = readHolder(path.join(dataDir, LOCK_FILE));
  return current && isHolderAlive(current) ? current : null;
}
