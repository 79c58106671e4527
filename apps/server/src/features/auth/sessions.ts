import crypto from 'node:crypto';
import { REFRESH_GRACE_SECONDS, SESSION_MAX_DAYS } from '@talentloop/contract';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import type { Db, DbOrTx } from '../../infra/db/client.ts';
import { sessions, users } from '../../infra/db/schema.ts';
import { randomToken, sha256 } from '../../infra/secrets.ts';
import type { AuthCookies } from './cookies.ts';
import type { AuthDeps } from './deps.ts';

const MAX_AGE_S = SESSION_MAX_DAYS * 86_400;

type User = typeof users.$inferSelect;
/** The database or a transaction of it: a session may start inside the caller's transaction. */

export function sessionBody(user: User, accessToken: string) {
  return {
    status: 'success' as const,
    responseCode: 'TL_CORE_00200_S',
    accessToken,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profilePhotoUrl: user.profilePhotoUrl,
    roles: user.roles,
    onBoardingStage: user.onboardingStage,
  };
}

/** An access token tied to one session row: revoking the row ends the token (guards.ts). */
function accessToken(deps: AuthDeps, user: User, sessionId: string) {
  return deps.tokens.sign({ userId: user.id, sessionId, roles: user.roles });
}

/** Starts a new session family for a user: access token in the body, refresh token in the cookie. */
export async function startSession(deps: AuthDeps, cookies: Pick<AuthCookies, 'setRefreshToken'>, user: User, tx: DbOrTx = deps.db) {
  const now = deps.clock.now();
  const token = randomToken();
  const [row] = await tx
    .insert(sessions)
    .values({
      userId: user.id,
      familyId: crypto.randomUUID(),
      tokenHash: sha256(token),
      familyStartedAt: now,
      createdAt: now,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session row missing after insert');
  cookies.setRefreshToken(token, MAX_AGE_S);
  return sessionBody(user, await accessToken(deps, user, row.id));
}

async function revokeFamily(db: Db, familyId: string, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: DbOrTx, userId: string, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/**
 * Ends every session of the user except the sign-in (family) that `keepSessionId` belongs to: a
 * password change signs other devices out and keeps the one that made it.
 */
export async function revokeOtherSessions(db: DbOrTx, userId: string, keepSessionId: string, now: Date) {
  const [keep] = await db
    .select({ familyId: sessions.familyId })
    .from(sessions)
    .where(and(eq(sessions.id, keepSessionId), eq(sessions.userId, userId)));
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep ? ne(sessions.familyId, keep.familyId) : undefined));
}

/**
 * Rotates the refresh token. A token already rotated is accepted for a short grace window (other
 * tabs refreshing at the same moment) without a new cookie; after that its reuse revokes the family.
 */
export async function refreshSession(deps: AuthDeps, cookies: AuthCookies, log: FastifyBaseLogger) {
  const { db, clock } = deps;
  const token = cookies.refreshToken();
  if (!token) throw new AppError('TL_CORE_00401_E');
  const now = clock.now();
  const [row] = await db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, sha256(token)));
  const fail = () => {
    cookies.clearRefreshToken();
    return new AppError('TL_CORE_00401_E');
  };
  if (!row) throw fail();
  if (row.revokedAt) {
    // A session ended by a suspension (issue 21) says why, so the app can tell its user.
    const [owner] = await db.select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, row.userId));
    if (owner?.suspendedAt) {
      cookies.clearRefreshToken();
      throw new AppError('TL_CORE_14100_E');
    }
    throw fail();
  }
  if (now.getTime() - row.familyStartedAt.getTime() > MAX_AGE_S * 1000) {
    await revokeFamily(db, row.familyId, now);
    throw fail();
  }
  const [user] = await db.select().from(users).where(eq(users.id, row.userId));
  if (!user) throw fail();
  // A suspended account (issue 21): its sessions were ended; any left (a sign-in racing the
  // suspension) cannot be renewed.
  if (user.suspendedAt) {
    await revokeFamily(db, row.familyId, now);
    cookies.clearRefreshToken();
    throw new AppError('TL_CORE_14100_E');
  }

  const claimed = row.rotatedAt
    ? []
    : await db
        .update(sessions)
        .set({ rotatedAt: now })
        .where(and(eq(sessions.id, row.id), isNull(sessions.rotatedAt), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
  if (claimed.length === 1) {
    const next = randomToken();
    const [successor] = await db
      .insert(sessions)
      .values({
        userId: row.userId,
        familyId: row.familyId,
        tokenHash: sha256(next),
        familyStartedAt: row.familyStartedAt,
        createdAt: now,
      })
      .returning({ id: sessions.id });
    if (!successor) throw new Error('session row missing after insert');
    const remaining = Math.max(1, Math.floor((row.familyStartedAt.getTime() + MAX_AGE_S * 1000 - now.getTime()) / 1000));
    cookies.setRefreshToken(next, remaining);
    return sessionBody(user, await accessToken(deps, user, successor.id));
  }
  // Lost the race or a replay: look again at when it was rotated.
  const [again] = await db.select().from(sessions).where(eq(sessions.id, row.id));
  const rotatedAt = again?.rotatedAt;
  if (again && !again.revokedAt && rotatedAt && now.getTime() - rotatedAt.getTime() <= REFRESH_GRACE_SECONDS * 1000) {
    return sessionBody(user, await accessToken(deps, user, again.id));
  }
  log.warn({ userId: row.userId }, 'refresh token reuse detected; session family revoked');
  await revokeFamily(db, row.familyId, now);
  throw fail();
}

export async function endSession(deps: AuthDeps, cookies: AuthCookies) {
  const token = cookies.refreshToken();
  if (token) {
    const [row] = await deps.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(token)));
    if (row) await revokeFamily(deps.db, row.familyId, deps.clock.now());
  }
  cookies.clearRefreshToken();
}
