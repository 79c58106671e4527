import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../infra/db/client.ts';
import { resetGrants, users } from '../../infra/db/schema.ts';
import type { RegistrationPayload } from '../codes/service.ts';
import type { GoogleIdentity } from './google.ts';

// The SQL of sign-up, password reset and Google sign-in (sessions: sessions.ts; codes: features/codes).

export type User = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  return (await db.select().from(users).where(eq(users.email, email)))[0];
}

export async function findUserByGoogleSub(db: Db, sub: string): Promise<User | undefined> {
  const [linked] = await db.select().from(users).where(eq(users.googleSub, sub));
  return linked;
}

/**
 * Creates the account from the verified attempt, or fills a legacy unverified row; never
 * touches a verified account (undefined). The caller then drops every other pending attempt
 * for the address (codes' dropCodes, in the same transaction).
 */
export async function activateRegistration(tx: Tx, email: string, attempt: RegistrationPayload, now: Date): Promise<User | undefined> {
  const details = {
    passwordHash: attempt.passwordHash,
    firstName: attempt.firstName,
    lastName: attempt.lastName,
    userType: attempt.userType,
    company: attempt.company,
    roles: [attempt.userType],
    emailVerifiedAt: now,
    updatedAt: now,
  };
  const [verified] = await tx
    .insert(users)
    .values({ email, ...details, createdAt: now })
    .onConflictDoUpdate({ target: users.email, set: details, setWhere: isNull(users.emailVerifiedAt) })
    .returning();
  return verified;
}

export async function insertResetGrant(tx: Tx, tokenHash: string, email: string, expiresAt: Date) {
  await tx.insert(resetGrants).values({ tokenHash, email, expiresAt });
}

/** Uses the live, unused grant of this token for this email; true when there was one. */
export async function useResetGrant(tx: Tx, tokenHash: string, email: string, now: Date): Promise<boolean> {
  const used = await tx
    .update(resetGrants)
    .set({ usedAt: now })
    .where(
      and(eq(resetGrants.tokenHash, tokenHash), eq(resetGrants.email, email), isNull(resetGrants.usedAt), gt(resetGrants.expiresAt, now)),
    )
    .returning();
  return used.length > 0;
}

/** Sets the new password; a reset proves the address, so an unverified account becomes verified. */
export async function setResetPassword(tx: Tx, email: string, passwordHash: string, now: Date): Promise<User | undefined> {
  const [user] = await tx
    .update(users)
    .set({ passwordHash, emailVerifiedAt: sql`COALESCE(${users.emailVerifiedAt}, ${now})`, updatedAt: now })
    .where(eq(users.email, email))
    .returning();
  return user;
}

/**
 * Links a Google identity to the account unless one is already linked (undefined then). An
 * unverified password account's password was never proven, so it is discarded.
 */
export async function linkGoogleSub(db: Db, user: User, sub: string, now: Date): Promise<User | undefined> {
  const [updated] = await db
    .update(users)
    .set({
      googleSub: sub,
      passwordHash: user.emailVerifiedAt ? user.passwordHash : null,
      emailVerifiedAt: user.emailVerifiedAt ?? now,
      updatedAt: now,
    })
    .where(and(eq(users.id, user.id), isNull(users.googleSub)))
    .returning();
  return updated;
}

/** A freelancer account from a Google identity; undefined when the address was taken meanwhile. */
export async function createGoogleUser(db: Db, id: GoogleIdentity, email: string, now: Date): Promise<User | undefined> {
  const [created] = await db
    .insert(users)
    .values({
      email,
      firstName: id.firstName,
      lastName: id.lastName,
      userType: 'freelancer',
      roles: ['freelancer'],
      googleSub: id.sub,
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  return created;
}
