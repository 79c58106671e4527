import { type PasswordPool, createPasswordPool } from './password-pool.ts';

// argon2id (the library's default algorithm) at OWASP's recommended cost: 19 MiB, 2 passes, 1 lane.
export const PASSWORD_HASH_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** argon2id's cost for new hashes: the server's is config.passwordHash (PASSWORD_HASH_OPTIONS, no variable changes it). */
export type PasswordHashOptions = { memoryCost: number; timeCost: number; parallelism: number };

// Hashing runs in the process's password pool (password-pool.ts): worker threads at a lowered
// priority, a bounded queue. Each app holds the pool while it runs (holdPasswordPool in app.ts);
// the last to let go drains it and stops its threads. A script that hashes without an app gets the
// pool on first use (its idle threads never keep the process alive).
let shared: PasswordPool | null = null;
let holders = 0;

function pool(): PasswordPool {
  shared ??= createPasswordPool({ options: PASSWORD_HASH_OPTIONS });
  return shared;
}

/** Takes a hold on the shared pool; the returned function lets go (once), draining the pool when it was the last hold. */
export function holdPasswordPool(): () => Promise<void> {
  holders++;
  pool();
  let held = true;
  return async () => {
    if (!held) return;
    held = false;
    holders--;
    if (holders === 0 && shared) {
      const closing = shared;
      shared = null;
      await closing.close();
    }
  };
}

/** True when a hash or verify sent now would be refused (503): every thread busy and the queue full. */
export function passwordPoolFull(): boolean {
  return shared?.full() ?? false;
}

/** Rejects with 503 TL_CORE_00503_E when the pool's queue is full. */
export function hashPassword(password: string, options: PasswordHashOptions = PASSWORD_HASH_OPTIONS): Promise<string> {
  return pool().hash(password, options);
}

/** False for a wrong password or a stored value that is not an argon2 hash; rejects (503) only when the pool's queue is full. */
export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return pool().verify(passwordHash, password);
}
