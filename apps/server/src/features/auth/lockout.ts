import { LOGIN_FAILURE_WINDOW_MINUTES, LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from '@talentloop/contract';
import { sql } from 'drizzle-orm';
import { AppError } from '../../http/app-error.ts';
import { clearCounter, hitCounter, readCounter } from '../../infra/counters.ts';
import type { Db } from '../../infra/db/client.ts';
import { counters } from '../../infra/db/schema.ts';
import { passwordPoolFull, verifyPassword } from './passwords.ts';

// The login lockout, shared by every place that checks an account's password against a guess
// (login, password change): wrong guesses anywhere count toward the same lock (docs/decisions.md).

export const loginLockKey = (email: string) => `login-lock:${email}`;
export const loginFailKey = (email: string) => `login-fail:${email}`;

export async function isLoginLocked(db: Db, email: string, now: Date): Promise<boolean> {
  return (await readCounter(db, loginLockKey(email), LOGIN_LOCK_MINUTES * 60_000, now)) > 0;
}

/** Starts the login lock once (a later hit in the same window does not extend it). */
export async function lockLogin(db: Db, email: string, now: Date): Promise<void> {
  await db
    .insert(counters)
    .values({ key: loginLockKey(email), count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: counters.key,
      set: { count: 1, windowStart: now },
      setWhere: sql`${counters.windowStart} <= ${new Date(now.getTime() - LOGIN_LOCK_MINUTES * 60_000)}`,
    });
}

/**
 * Checks a guess of the account's password as login does: refused while locked (TL_CORE_01041_E);
 * every guess counted before the comparison (one atomic increment, so parallel guesses cannot get
 * more than LOGIN_MAX_FAILURES evaluated); the last allowed wrong guess starts the lock. True when
 * the password matches (the failure count is then cleared).
 */
export async function checkPasswordGuess(
  db: Db,
  user: { email: string; passwordHash: string },
  guess: string,
  now: Date,
  /** The caller has just checked isLoginLocked itself (login does, before it looks the user up): one query fewer. */
  opts: { lockChecked?: boolean } = {},
) {
  if (!opts.lockChecked && (await isLoginLocked(db, user.email, now))) throw new AppError('TL_CORE_01041_E');
  // The password pool would refuse the compare (a flood of logins): 503 before the guess is
  // counted, so the owner loses no try to it.
  if (passwordPoolFull()) throw new AppError('TL_CORE_00503_E');
  const tries = await hitCounter(db, loginFailKey(user.email), LOGIN_FAILURE_WINDOW_MINUTES * 60_000, now);
  if (tries > LOGIN_MAX_FAILURES) {
    await lockLogin(db, user.email, now);
    throw new AppError('TL_CORE_01041_E');
  }
  if (!(await verifyPassword(user.passwordHash, guess))) {
    if (tries === LOGIN_MAX_FAILURES) await lockLogin(db, user.email, now);
    return { ok: false as const, locked: tries === LOGIN_MAX_FAILURES };
  }
  await clearCounter(db, loginFailKey(user.email));
  return { ok: true as const, locked: false };
}
