import os from 'node:os';
import { hash } from '@node-rs/argon2';
import { afterEach, describe, expect, test } from 'vitest';
import { AppError } from '../src/http/app-error.ts';
import { type PasswordPool, createPasswordPool } from '../src/features/auth/password-pool.ts';
import { PASSWORD_HASH_OPTIONS, hashPassword, verifyPassword } from '../src/features/auth/passwords.ts';

// Password hashing in a pool of worker threads at a lowered priority, with a bounded queue
// (features/auth/password-pool.ts, docs/decisions.md).

/** Made by the library's async hash on the event loop's thread pool, before the password pool existed. */
const OLD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$ohsLUXCvoQYv765qcs1ODw$cPeZiPmH89gZdwXN3iU9jxSGKnv7zUoojtZ4jK4Cdd8';
const OLD_PASSWORD = 'Old!Passw0rd 1';

const pools: PasswordPool[] = [];
function pool(opts: { size?: number; maxQueued?: number } = {}) {
  const p = createPasswordPool({ options: PASSWORD_HASH_OPTIONS, ...opts });
  pools.push(p);
  return p;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

/** Waits for a promise and answers how it settled. */
const settled = <T>(p: Promise<T>) =>
  p.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

describe('password pool', () => {
  test('hashes made before the pool (and by the library directly) still verify; a wrong password or a non-hash does not', async () => {
    expect(await verifyPassword(OLD_HASH, OLD_PASSWORD)).toBe(true);
    expect(await verifyPassword(OLD_HASH, 'Old!Passw0rd 2')).toBe(false);
    const direct = await hash('Direct!Passw0rd', PASSWORD_HASH_OPTIONS);
    expect(await verifyPassword(direct, 'Direct!Passw0rd')).toBe(true);
    expect(await verifyPassword('not-a-hash', 'Direct!Passw0rd')).toBe(false);
  });

  test('a new hash is argon2id at the set cost and verifies', async () => {
    const made = await hashPassword(' spaces kept ');
    expect(made).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(made, ' spaces kept ')).toBe(true);
    expect(await verifyPassword(made, 'spaces kept')).toBe(false);
  });

  test.runIf(process.platform === 'linux')("runs its threads at a lowered priority and leaves the main thread's alone", async () => {
    const before = os.getPriority(0);
    const p = pool({ size: 2 });
    const nice = await p.niceValues();
    expect(nice).toHaveLength(2);
    for (const n of nice) expect(n).toBe(Math.min(19, before + 10));
    expect(os.getPriority(0)).toBe(before);
  });

  test('a full queue refuses at once with 503 TL_CORE_00503_E; the jobs it took all finish', async () => {
    const p = pool({ size: 1, maxQueued: 2 });
    const stored = await hash('Queue!Passw0rd', PASSWORD_HASH_OPTIONS);
    // All sent in one tick: one runs, two wait, the other three are refused without waiting.
    const jobs = Array.from({ length: 6 }, () => settled(p.verify(stored, 'Queue!Passw0rd')));
    expect(p.full()).toBe(true);
    const results = await Promise.all(jobs);
    expect(results.map((r) => r.ok)).toEqual([true, true, true, false, false, false]);
    for (const r of results) {
      if (r.ok) expect(r.value).toBe(true);
      else {
        expect(r.error).toBeInstanceOf(AppError);
        expect((r.error as AppError).code).toBe('TL_CORE_00503_E');
      }
    }
    expect(p.full()).toBe(false);
    expect(await p.verify(stored, 'Queue!Passw0rd')).toBe(true);
  });

  test('close finishes the jobs already taken, then refuses new ones', async () => {
    const p = pool({ size: 1, maxQueued: 4 });
    const jobs = ['a', 'b', 'c'].map((s) => settled(p.hash(`Close!Passw0rd-${s}`)));
    await p.close();
    const results = await Promise.all(jobs);
    expect(results.every((r) => r.ok)).toBe(true);
    const after = await settled(p.hash('Late!Passw0rd'));
    expect(after.ok).toBe(false);
    expect((after as { error: AppError }).error.code).toBe('TL_CORE_00503_E');
  });
});
