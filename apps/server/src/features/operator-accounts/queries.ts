import { SESSION_MAX_DAYS } from '@talentloop/contract';
import {
  ACCOUNTS_PAGE_SIZE,
  type AccountDetail,
  type AccountRow,
  PENDING_SIGNUPS_SHOWN,
  type PendingSignup,
} from '@talentloop/contract/api/operator-accounts';
import type { CompanyVerificationStatus } from '@talentloop/contract/api/company';
import type { VettingStatus } from '@talentloop/contract/api/talent-pool';
import { type SQL, and, desc, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../infra/db/client.ts';
import { companies, freelancerProfiles, otpCodes, sessions, users } from '../../infra/db/schema.ts';

// The SQL of the console's accounts: search (email or name, newest first, keyset pages), one
// account with its sign-ins, and sign-ups still waiting for their code.

/** `q` as a LIKE pattern matching it anywhere, its wildcards taken literally. */
export function containsPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The page cursor: the last row's creation time and id (rows are newest first). */
export function encodeCursor(row: { createdAt: Date; id: string }): string {
  return `${row.createdAt.toISOString()}|${row.id}`;
}

export function decodeCursor(cursor: string): { createdAt: Date; id: string } | null {
  const [at, id] = cursor.split('|');
  const createdAt = new Date(at ?? '');
  if (!id || Number.isNaN(createdAt.getTime())) return null;
  return { createdAt, id };
}

const accountColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  roles: users.roles,
  userType: users.userType,
  createdAt: users.createdAt,
  suspendedAt: users.suspendedAt,
  emailVerifiedAt: users.emailVerifiedAt,
  demo: users.demo,
  onboardingStage: users.onboardingStage,
  vettingStatus: freelancerProfiles.vettingStatus,
  companyName: companies.name,
  verificationStatus: companies.verificationStatus,
};

type AccountRecord = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  roles: string[];
  userType: string;
  createdAt: Date;
  suspendedAt: Date | null;
  emailVerifiedAt: Date | null;
  demo: boolean;
  onboardingStage: string;
  vettingStatus: string | null;
  companyName: string | null;
  verificationStatus: string | null;
};

/** The wire row of an account: a company account shows its company, a freelancer its onboarding and vetting. */
export function toAccountRow(r: AccountRecord): AccountRow {
  const kind = r.userType === 'client' ? 'company' : 'freelancer';
  return {
    id: r.id,
    email: r.email,
    firstName: r.firstName,
    lastName: r.lastName,
    roles: r.roles,
    kind,
    createdAt: r.createdAt.toISOString(),
    status: r.suspendedAt ? 'suspended' : 'active',
    suspendedAt: r.suspendedAt?.toISOString() ?? null,
    emailVerified: r.emailVerifiedAt !== null,
    demo: r.demo,
    stage:
      kind === 'company'
        ? {
            kind,
            companyName: r.companyName || null,
            verificationStatus: (r.verificationStatus as CompanyVerificationStatus | null) ?? null,
          }
        : {
            kind,
            onboardingStage: r.onboardingStage,
            vettingStatus: (r.vettingStatus as VettingStatus | null) ?? null,
          },
  };
}

function accountsFrom(db: DbOrTx) {
  return db
    .select(accountColumns)
    .from(users)
    .leftJoin(freelancerProfiles, eq(freelancerProfiles.userId, users.id))
    .leftJoin(companies, eq(companies.ownerUserId, users.id));
}

function matching(q: string): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(
    sql`lower(${users.email}) LIKE ${pattern}`,
    sql`lower(${users.firstName}) LIKE ${pattern}`,
    sql`lower(${users.lastName}) LIKE ${pattern}`,
    sql`lower(${users.firstName} || ' ' || ${users.lastName}) LIKE ${pattern}`,
  );
}

/** One page of accounts matching `q` (all when empty), newest first, after the cursor's row. */
export async function searchAccountRows(db: DbOrTx, q: string, after: { createdAt: Date; id: string } | null) {
  const rows = await accountsFrom(db)
    .where(and(matching(q), after ? sql`(${users.createdAt}, ${users.id}) < (${after.createdAt}, ${after.id})` : undefined))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(ACCOUNTS_PAGE_SIZE + 1);
  const page = rows.slice(0, ACCOUNTS_PAGE_SIZE);
  const last = page.at(-1);
  return { accounts: page.map(toAccountRow), nextCursor: rows.length > ACCOUNTS_PAGE_SIZE && last ? encodeCursor(last) : null };
}

export async function findAccount(db: DbOrTx, userId: string): Promise<AccountRecord | undefined> {
  const [row] = await accountsFrom(db).where(eq(users.id, userId));
  return row;
}

/** Last sign-in (the newest sign-in's start) and sign-ins still live (their current token neither revoked nor expired). */
export async function sessionSummary(db: DbOrTx, userId: string, now: Date) {
  const oldestLive = new Date(now.getTime() - SESSION_MAX_DAYS * 86_400_000);
  const [row] = await db
    .select({
      lastSignInAt: sql<string | null>`max(${sessions.familyStartedAt})`,
      live: sql<number>`count(DISTINCT ${sessions.familyId}) FILTER (WHERE ${sessions.revokedAt} IS NULL AND ${sessions.rotatedAt} IS NULL AND ${sessions.familyStartedAt} > ${oldestLive})`,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  const last = row?.lastSignInAt ? new Date(row.lastSignInAt) : null;
  return { lastSignInAt: last && !Number.isNaN(last.getTime()) ? last : null, liveSessions: Number(row?.live ?? 0) };
}

export async function accountDetail(db: DbOrTx, userId: string, viewerId: string, now: Date): Promise<AccountDetail | null> {
  const record = await findAccount(db, userId);
  if (!record) return null;
  const summary = await sessionSummary(db, userId, now);
  return {
    ...toAccountRow(record),
    lastSignInAt: summary.lastSignInAt?.toISOString() ?? null,
    liveSessions: summary.liveSessions,
    isSelf: userId === viewerId,
  };
}

// ---- sign-ups waiting for their code ----

const registration = and(eq(otpCodes.purpose, 'registration'), isNull(otpCodes.consumedAt));

function signupOf(row: typeof otpCodes.$inferSelect): PendingSignup {
  const payload = (row.payload ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    id: row.id,
    email: row.email,
    firstName: text(payload.firstName),
    lastName: text(payload.lastName),
    kind: payload.userType === 'client' ? 'company' : 'freelancer',
    codeSentAt: row.sentAt.toISOString(),
    codeExpiresAt: row.expiresAt.toISOString(),
  };
}

/** Sign-ups (registration codes never entered) of the last `days` matching `q`, newest first. */
export async function pendingSignups(db: DbOrTx, q: string, now: Date, days = 7): Promise<PendingSignup[]> {
  const pattern = q ? containsPattern(q) : null;
  const rows = await db
    .select()
    .from(otpCodes)
    .where(
      and(
        registration,
        gt(otpCodes.sentAt, new Date(now.getTime() - days * 86_400_000)),
        pattern
          ? or(
              sql`lower(${otpCodes.email}) LIKE ${pattern}`,
              sql`lower(coalesce(${otpCodes.payload}->>'firstName', '')) LIKE ${pattern}`,
              sql`lower(coalesce(${otpCodes.payload}->>'lastName', '')) LIKE ${pattern}`,
            )
          : undefined,
      ),
    )
    .orderBy(desc(otpCodes.sentAt))
    .limit(PENDING_SIGNUPS_SHOWN);
  return rows.map(signupOf);
}

export async function findPendingSignup(db: DbOrTx, id: string) {
  const [row] = await db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.id, id), registration));
  return row;
}

/** The newest sign-up waiting for its code at this address. */
export async function newestPendingSignupFor(db: DbOrTx, email: string) {
  const [row] = await db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.email, email), registration))
    .orderBy(desc(otpCodes.sentAt))
    .limit(1);
  return row;
}

export async function isEmailVerified(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db.select({ at: users.emailVerifiedAt }).from(users).where(eq(users.email, email));
  return !!row?.at;
}

// ---- suspension (the service's transactions) ----

/** The account a suspension acts on, locked for the rest of the transaction (null: no such account). */
export async function lockAccountForSuspension(tx: DbOrTx, userId: string) {
  const [user] = await tx
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      verifiedAt: users.emailVerifiedAt,
      roles: users.roles,
      suspendedAt: users.suspendedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return user ?? null;
}

/** Suspends the account unless it already is: whether this call suspended it. */
export async function markSuspended(tx: DbOrTx, userId: string, now: Date): Promise<boolean> {
  const updated = await tx
    .update(users)
    .set({ suspendedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.suspendedAt)))
    .returning({ id: users.id });
  return updated.length > 0;
}

/** Reactivates a suspended account: the account, or null when there is none or it was not suspended. */
export async function markReactivated(tx: DbOrTx, userId: string, now: Date) {
  const [user] = await tx
    .update(users)
    .set({ suspendedAt: null, updatedAt: now })
    .where(and(eq(users.id, userId), isNotNull(users.suspendedAt)))
    .returning({ id: users.id, email: users.email, firstName: users.firstName, verifiedAt: users.emailVerifiedAt });
  return user ?? null;
}

export async function accountExists(db: DbOrTx, userId: string): Promise<boolean> {
  const [exists] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return exists !== undefined;
}

/** The account's address and when it was proven (null: no such account). */
export async function accountEmail(db: DbOrTx, userId: string) {
  const [user] = await db.select({ email: users.email, verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  return user ?? null;
}
