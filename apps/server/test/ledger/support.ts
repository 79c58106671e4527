import crypto from 'node:crypto';
import type { IssueInvoiceInput } from '../../src/features/invoices/service.ts';
import type { Db } from '../../src/infra/db/client.ts';
import { companies, companyBilling, freelancerBilling, users } from '../../src/infra/db/schema.ts';

// Parties for the ledger and invoice tests (issue 34): a company (its owner account) and a
// freelancer, made straight in the database, with billing details ready unless told otherwise.

export async function makeUser(db: Db, kind: 'freelancer' | 'client', name = 'Asha Rao'): Promise<{ id: string; email: string }> {
  const email = `${kind}-${crypto.randomBytes(5).toString('hex')}@example.test`;
  const [first = 'Asha', last = 'Rao'] = name.split(' ');
  const [row] = await db
    .insert(users)
    .values({ email, firstName: first, lastName: last, userType: kind, roles: [kind], emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  if (!row) throw new Error('no user');
  return { id: row.id, email };
}

export async function makeParties(db: Db, opts: { companyBilling?: 'ready' | 'unproven' | 'none'; freelancerBilling?: boolean } = {}) {
  const owner = await makeUser(db, 'client', 'Ravi Menon');
  const [company] = await db
    .insert(companies)
    .values({ ownerUserId: owner.id, name: 'Acme Labs', country: 'IN' })
    .returning({ id: companies.id });
  if (!company) throw new Error('no company');
  const freelancer = await makeUser(db, 'freelancer');
  const billingEmail = `billing-${crypto.randomBytes(4).toString('hex')}@acme.example`;
  if ((opts.companyBilling ?? 'ready') !== 'none') {
    await db.insert(companyBilling).values({
      companyId: company.id,
      legalName: 'Acme Labs Private Limited',
      addressLine1: '12 MG Road',
      city: 'Bengaluru',
      postalCode: '560001',
      country: 'IN',
      taxNumber: '29AAGCA1234A1ZA',
      billingEmail,
      verifiedBillingEmail: opts.companyBilling === 'unproven' ? null : billingEmail,
    });
  }
  if (opts.freelancerBilling ?? true) {
    await db.insert(freelancerBilling).values({
      userId: freelancer.id,
      legalName: 'Asha Rao',
      addressLine1: '4 Park Street',
      city: 'Kolkata',
      postalCode: '700016',
      country: 'IN',
    });
  }
  return { companyId: company.id, ownerId: owner.id, freelancerId: freelancer.id, engagementId: crypto.randomUUID(), billingEmail };
}

export type Parties = Awaited<ReturnType<typeof makeParties>>;

/** An approved week's invoice between `p`'s parties (two lines, a purchase-order number), with `overrides`. */
export function weekInvoice(p: Parties, overrides: Partial<IssueInvoiceInput> = {}): IssueInvoiceInput {
  return {
    engagementId: p.engagementId,
    companyId: p.companyId,
    freelancerId: p.freelancerId,
    currency: 'INR',
    source: { kind: 'timesheet', id: crypto.randomUUID() },
    purpose: 'work_approved',
    lines: [
      { description: 'Mon: design review', quarterHours: 30, unitMinor: 250_000, amountMinor: 1_875_000 },
      { description: 'Tue: component library', quarterHours: 13, unitMinor: 250_000, amountMinor: 812_500 },
    ],
    poNumber: 'PO-7781',
    issueDate: '2026-11-23',
    dueDays: 14,
    ...overrides,
  };
}

/** The database's own message for a failed statement (drizzle wraps it as the cause). */
export async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    const cause = (err as { cause?: { message?: string } }).cause;
    return cause?.message ?? (err as Error).message;
  }
  return 'not refused';
}
