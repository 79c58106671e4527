import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../infra/db/client.ts';
import { companies, companyBilling, freelancerBilling, users } from '../../infra/db/schema.ts';

// Billing details' SQL (issue 34, decision 202).

export type CompanyBillingRow = typeof companyBilling.$inferSelect;
export type FreelancerBillingRow = typeof freelancerBilling.$inferSelect;

export async function findCompanyBilling(db: DbOrTx, companyId: string): Promise<CompanyBillingRow | undefined> {
  const [row] = await db.select().from(companyBilling).where(eq(companyBilling.companyId, companyId));
  return row;
}

export async function findFreelancerBilling(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ billing: freelancerBilling, email: users.email })
    .from(users)
    .leftJoin(freelancerBilling, eq(freelancerBilling.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

/** Many companies' details at once (the sweep's batch of invoices), by company id. */
export async function companyBillingRows(db: DbOrTx, companyIds: readonly string[]): Promise<CompanyBillingRow[]> {
  if (companyIds.length === 0) return [];
  return db
    .select()
    .from(companyBilling)
    .where(inArray(companyBilling.companyId, [...companyIds]));
}

/** Many freelancers' details at once, with their account email, by user id. */
export async function freelancerBillingRows(db: DbOrTx, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: users.id, billing: freelancerBilling, email: users.email })
    .from(users)
    .leftJoin(freelancerBilling, eq(freelancerBilling.userId, users.id))
    .where(inArray(users.id, [...userIds]));
}

export async function companyIdOfOwner(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.ownerUserId, userId));
  return row?.id;
}

export type CompanyBillingValues = Omit<typeof companyBilling.$inferInsert, 'companyId' | 'version' | 'updatedAt'>;
export type FreelancerBillingValues = Omit<typeof freelancerBilling.$inferInsert, 'userId' | 'version' | 'updatedAt'>;

/**
 * Writes the company's details if `version` is the one stored (0: none yet), as one conditional
 * statement: the new version, or undefined when another save came first.
 */
export async function saveCompanyBillingRow(
  db: DbOrTx,
  companyId: string,
  version: number,
  values: CompanyBillingValues,
  now: Date,
): Promise<number | undefined> {
  if (version === 0) {
    const [row] = await db
      .insert(companyBilling)
      .values({ ...values, companyId, version: 1, updatedAt: now })
      .onConflictDoNothing()
      .returning({ version: companyBilling.version });
    return row?.version;
  }
  const [row] = await db
    .update(companyBilling)
    .set({ ...values, version: version + 1, updatedAt: now })
    .where(and(eq(companyBilling.companyId, companyId), eq(companyBilling.version, version)))
    .returning({ version: companyBilling.version });
  return row?.version;
}

export async function saveFreelancerBillingRow(
  db: DbOrTx,
  userId: string,
  version: number,
  values: FreelancerBillingValues,
  now: Date,
): Promise<number | undefined> {
  if (version === 0) {
    const [row] = await db
      .insert(freelancerBilling)
      .values({ ...values, userId, version: 1, updatedAt: now })
      .onConflictDoNothing()
      .returning({ version: freelancerBilling.version });
    return row?.version;
  }
  const [row] = await db
    .update(freelancerBilling)
    .set({ ...values, version: version + 1, updatedAt: now })
    .where(and(eq(freelancerBilling.userId, userId), eq(freelancerBilling.version, version)))
    .returning({ version: freelancerBilling.version });
  return row?.version;
}

/** Marks the saved billing email proven, when it is still `email`: true when it was. */
export async function markBillingEmailProven(db: DbOrTx, companyId: string, email: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(companyBilling)
    .set({ verifiedBillingEmail: email, updatedAt: now })
    .where(and(eq(companyBilling.companyId, companyId), eq(companyBilling.billingEmail, email)))
    .returning({ companyId: companyBilling.companyId });
  return rows.length === 1;
}

/** Addresses the account has already proven: its own sign-in email and the company's verified contact email. */
export async function provenAddressesOf(db: DbOrTx, ownerUserId: string): Promise<string[]> {
  const [row] = await db
    .select({ email: users.email, verifiedEmail: companies.verifiedEmail })
    .from(users)
    .leftJoin(companies, eq(companies.ownerUserId, users.id))
    .where(eq(users.id, ownerUserId));
  return [row?.email, row?.verifiedEmail].filter((a): a is string => !!a).map((a) => a.toLowerCase());
}
