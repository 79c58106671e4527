import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../infra/db/client.ts';
import { companies, companyVerificationEvents, companyVerificationSubmissions, files, users } from '../../infra/db/schema.ts';

// Statements of the company verification (issue 11): the company's status, its submissions and its events.

export type SubmissionRow = typeof companyVerificationSubmissions.$inferSelect;

const reviewColumns = {
  submission: companyVerificationSubmissions,
  companyName: companies.name,
  websiteUrl: companies.websiteUrl,
  fileMime: files.mime,
};
export type ReviewRow = { submission: SubmissionRow; companyName: string; websiteUrl: string | null; fileMime: string | null };

/** The company owner's address and the company's name (null: no such company). */
export async function ownerOfCompany(db: DbOrTx, companyId: string): Promise<{ email: string; companyName: string } | null> {
  const [owner] = await db
    .select({ email: users.email, companyName: companies.name })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.ownerUserId))
    .where(eq(companies.id, companyId));
  return owner ?? null;
}

/** The verified company other than `companyId` that holds `key`, if any. */
export async function keyHolder(db: DbOrTx, key: string, companyId: string) {
  const [row] = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(eq(companies.registrationKey, key), eq(companies.verificationStatus, 'verified'), ne(companies.id, companyId)))
    .limit(1);
  return row ?? null;
}

export async function latestSubmission(db: DbOrTx, companyId: string): Promise<SubmissionRow | null> {
  const [row] = await db
    .select()
    .from(companyVerificationSubmissions)
    .where(eq(companyVerificationSubmissions.companyId, companyId))
    .orderBy(desc(companyVerificationSubmissions.createdAt))
    .limit(1);
  return row ?? null;
}

export async function latestEvent(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select({
      outcome: companyVerificationEvents.outcome,
      checks: companyVerificationEvents.checks,
      createdAt: companyVerificationEvents.createdAt,
    })
    .from(companyVerificationEvents)
    .where(eq(companyVerificationEvents.companyId, companyId))
    .orderBy(desc(companyVerificationEvents.createdAt))
    .limit(1);
  return row ?? null;
}

/** A submission with its company's name and website and its file's type (null: no such submission). */
export async function reviewRow(db: DbOrTx, submissionId: string): Promise<ReviewRow | null> {
  const [row] = await db
    .select(reviewColumns)
    .from(companyVerificationSubmissions)
    .innerJoin(companies, eq(companies.id, companyVerificationSubmissions.companyId))
    .leftJoin(files, eq(files.id, companyVerificationSubmissions.fileId))
    .where(eq(companyVerificationSubmissions.id, submissionId));
  return row ?? null;
}

/** Submissions waiting for review, oldest first. */
export async function pendingReviewRows(db: DbOrTx, limit: number): Promise<ReviewRow[]> {
  return db
    .select(reviewColumns)
    .from(companyVerificationSubmissions)
    .innerJoin(companies, eq(companies.id, companyVerificationSubmissions.companyId))
    .leftJoin(files, eq(files.id, companyVerificationSubmissions.fileId))
    .where(eq(companyVerificationSubmissions.status, 'pending'))
    .orderBy(asc(companyVerificationSubmissions.createdAt))
    .limit(limit);
}

/**
 * Verifies the company instantly, only if it is not verified yet and its website and both
 * addresses are still the ones checked: whether it was.
 */
export async function markVerifiedInstantly(
  tx: DbOrTx,
  checked: { id: string; websiteUrl: string; email: string },
  key: string,
  now: Date,
): Promise<boolean> {
  const updated = await tx
    .update(companies)
    .set({ verificationStatus: 'verified', registrationKey: key, updatedAt: now })
    .where(
      and(
        eq(companies.id, checked.id),
        ne(companies.verificationStatus, 'verified'),
        eq(companies.websiteUrl, checked.websiteUrl),
        eq(companies.verifiedEmail, checked.email),
        eq(companies.contactEmail, checked.email),
      ),
    )
    .returning({ id: companies.id });
  return updated.length > 0;
}

export async function insertVerificationEvent(tx: DbOrTx, event: typeof companyVerificationEvents.$inferInsert): Promise<void> {
  await tx.insert(companyVerificationEvents).values(event);
}

export async function insertSubmission(
  tx: DbOrTx,
  values: typeof companyVerificationSubmissions.$inferInsert,
): Promise<SubmissionRow | undefined> {
  const [submission] = await tx.insert(companyVerificationSubmissions).values(values).returning();
  return submission;
}

/** The company is pending unless it is verified: whether it was set. */
export async function markPending(tx: DbOrTx, companyId: string, now: Date): Promise<boolean> {
  const updated = await tx
    .update(companies)
    .set({ verificationStatus: 'pending', updatedAt: now })
    .where(and(eq(companies.id, companyId), ne(companies.verificationStatus, 'verified')))
    .returning({ id: companies.id });
  return updated.length > 0;
}

/** The company with its owner's address (null: none). */
export async function companyWithOwnerEmail(db: DbOrTx, companyId: string) {
  const [company] = await db
    .select({ company: companies, ownerEmail: users.email })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.ownerUserId))
    .where(eq(companies.id, companyId));
  return company ?? null;
}

/** The company's verification events, newest first, each with its actor's address. */
export async function verificationEventsOf(db: DbOrTx, companyId: string, limit: number) {
  return db
    .select({ event: companyVerificationEvents, actorEmail: users.email })
    .from(companyVerificationEvents)
    .leftJoin(users, eq(users.id, companyVerificationEvents.actorUserId))
    .where(eq(companyVerificationEvents.companyId, companyId))
    .orderBy(desc(companyVerificationEvents.createdAt))
    .limit(limit);
}

/** The company's submissions, newest first, each with its decider's address. */
export async function submissionsOf(db: DbOrTx, companyId: string, limit: number) {
  return db
    .select({ submission: companyVerificationSubmissions, decidedByEmail: users.email })
    .from(companyVerificationSubmissions)
    .leftJoin(users, eq(users.id, companyVerificationSubmissions.decidedBy))
    .where(eq(companyVerificationSubmissions.companyId, companyId))
    .orderBy(desc(companyVerificationSubmissions.createdAt))
    .limit(limit);
}

/** Decides a pending submission: the row, or null when it is not pending (decided, or none). */
export async function decideSubmission(
  tx: DbOrTx,
  submissionId: string,
  set: { status: string; reason: string | null; decidedBy: string | null; decidedAt: Date },
): Promise<SubmissionRow | null> {
  const [submission] = await tx
    .update(companyVerificationSubmissions)
    .set(set)
    .where(and(eq(companyVerificationSubmissions.id, submissionId), eq(companyVerificationSubmissions.status, 'pending')))
    .returning();
  return submission ?? null;
}

export async function companyStatusOf(db: DbOrTx, companyId: string): Promise<{ status: string; name: string } | null> {
  const [before] = await db
    .select({ status: companies.verificationStatus, name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  return before ?? null;
}

export async function markVerifiedByDocuments(tx: DbOrTx, companyId: string, key: string, now: Date): Promise<void> {
  await tx
    .update(companies)
    .set({ verificationStatus: 'verified', registrationKey: key, updatedAt: now })
    .where(eq(companies.id, companyId));
}

/** A company still pending goes back to unverified: whether it did. */
export async function revertPendingToUnverified(tx: DbOrTx, companyId: string, now: Date): Promise<boolean> {
  const reverted = await tx
    .update(companies)
    .set({ verificationStatus: 'unverified', updatedAt: now })
    .where(and(eq(companies.id, companyId), eq(companies.verificationStatus, 'pending')))
    .returning({ id: companies.id });
  return reverted.length > 0;
}
