import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../infra/db/client.ts';
import { otpCodes } from '../../infra/db/schema.ts';
import type { Purpose } from './service.ts';

// The SQL of one-time codes (otp_codes): one live code per address, purpose and requester.

export type CodeRow = typeof otpCodes.$inferSelect;

const ofRequester = (email: string, purpose: Purpose, requester: string) =>
  and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose), eq(otpCodes.requester, requester));

/** When this requester's last code was sent, its row locked until the transaction ends. */
export async function lockLastSend(tx: Tx, email: string, purpose: Purpose, requester: string) {
  const [last] = await tx
    .select({ sentAt: otpCodes.sentAt })
    .from(otpCodes)
    .where(ofRequester(email, purpose, requester))
    .for('update');
  return last;
}

/** Stores a new code over this requester's previous one; without a payload the stored one is kept. */
export async function upsertCode(tx: Tx, values: typeof otpCodes.$inferInsert) {
  await tx
    .insert(otpCodes)
    .values(values)
    .onConflictDoUpdate({ target: [otpCodes.email, otpCodes.purpose, otpCodes.requester], set: values });
}

/** The live code row this browser asked for, if any (for resends). */
export async function findCode(db: Db, email: string, purpose: Purpose, requester: string) {
  const [row] = await db
    .select()
    .from(otpCodes)
    .where(ofRequester(email, purpose, requester));
  return row;
}

/** Whether someone has registered the address and not verified it yet (a live registration code). */
export async function hasPendingRegistration(db: Db, email: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: otpCodes.id })
    .from(otpCodes)
    .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, 'registration'), isNull(otpCodes.consumedAt), gt(otpCodes.expiresAt, now)))
    .limit(1);
  return rows.length > 0;
}

/** Counts one try on this requester's unconsumed code; the row after the count, if there is one. */
export async function countAttempt(db: Db, email: string, purpose: Purpose, requester: string) {
  const [row] = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(and(ofRequester(email, purpose, requester), isNull(otpCodes.consumedAt)))
    .returning();
  return row;
}

/** Marks the code consumed unless another submission did first; true when this one did. */
export async function markConsumed(tx: Tx, id: string, now: Date): Promise<boolean> {
  const consumed = await tx
    .update(otpCodes)
    .set({ consumedAt: now })
    .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt)))
    .returning({ id: otpCodes.id });
  return consumed.length > 0;
}

/** Drops every code of the address for the purpose (a verified registration ends every other attempt). */
export async function deleteCodes(tx: Tx, email: string, purpose: Purpose) {
  await tx.delete(otpCodes).where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose)));
}
