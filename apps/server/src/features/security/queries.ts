import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../infra/db/client.ts';
import { sessions, users } from '../../infra/db/schema.ts';

// Statements of Security & Privacy (issue 11).

/** How many sign-ins (session families) of the user are live: not revoked, started after `startedAfter`. */
export async function countLiveSignIns(db: DbOrTx, userId: string, startedAfter: Date): Promise<number> {
  const [live] = await db
    .select({ n: sql<number>`count(distinct ${sessions.familyId})::int` })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.familyStartedAt, startedAfter)));
  return live?.n ?? 0;
}

/** Stores the new hash only over `oldHash` (two changes at once cannot both win): whether it was stored. */
export async function replacePasswordHash(tx: DbOrTx, userId: string, oldHash: string, passwordHash: string, now: Date): Promise<boolean> {
  const [changed] = await tx
    .update(users)
    .set({ passwordHash, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.passwordHash, oldHash)))
    .returning({ id: users.id });
  return changed !== undefined;
}
