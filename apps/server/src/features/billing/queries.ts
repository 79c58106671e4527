import { eq } from 'drizzle-orm';
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

export async function companyIdOfOwner(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.ownerUserId, userId));
  return row?.id;
}
