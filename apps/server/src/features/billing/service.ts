import type { BillingMissing, BillingReadiness, CompanyBillingRead, FreelancerBillingRead } from '@talentloop/contract/api/billing';
import type { DbOrTx } from '../../infra/db/client.ts';
import { type CompanyBillingRow, type FreelancerBillingRow, findCompanyBilling, findFreelancerBilling } from './queries.ts';

// Billing details (issue 34, decision 202): what every invoice prints about its two parties. This
// face gives the engagement feature the readiness checks (before an offer, before accepting) and the
// invoice feature the snapshots taken at issue.

/** A party as an invoice prints it: a copy taken at issue, never read again from the live details. */
export type PartySnapshot = {
  legalName: string;
  addressLines: string[];
  city: string;
  postalCode: string;
  country: string;
  taxNumber: string | null;
  email: string;
};

export type { BillingMissing, BillingReadiness };

/** Whether the company can be invoiced: legal name, full address and a proven billing email. */
export async function companyBillingReady(db: DbOrTx, companyId: string): Promise<BillingReadiness> {
  const row = await findCompanyBilling(db, companyId);
  const missing: BillingMissing[] = [];
  if (!row?.legalName) missing.push('legalName');
  if (!row?.addressLine1 || !row.city || !row.postalCode || !row.country) missing.push('address');
  if (!row?.billingEmail) missing.push('billingEmail');
  else if (row.verifiedBillingEmail !== row.billingEmail) missing.push('billingEmailProof');
  return { ready: missing.length === 0, missing };
}

/** Whether the freelancer can issue invoices: legal name and full address (their account email is proven at sign-up). */
export async function freelancerBillingReady(db: DbOrTx, userId: string): Promise<BillingReadiness> {
  const row = (await findFreelancerBilling(db, userId))?.billing;
  const missing: BillingMissing[] = [];
  if (!row?.legalName) missing.push('legalName');
  if (!row?.addressLine1 || !row.city || !row.postalCode || !row.country) missing.push('address');
  return { ready: missing.length === 0, missing };
}

/** The company as its invoice prints it, or undefined when its details are not ready. */
export async function companySnapshot(db: DbOrTx, companyId: string): Promise<PartySnapshot | undefined> {
  if (!(await companyBillingReady(db, companyId)).ready) return undefined;
  const row = await findCompanyBilling(db, companyId);
  if (!row?.verifiedBillingEmail) return undefined;
  return {
    legalName: row.legalName,
    addressLines: [row.addressLine1, row.addressLine2].filter((l) => l.trim() !== ''),
    city: row.city,
    postalCode: row.postalCode,
    country: row.country,
    taxNumber: row.taxNumber,
    email: row.verifiedBillingEmail,
  };
}

/** The freelancer (the issuer) as their invoice prints them, or undefined when their details are not ready. */
export async function freelancerSnapshot(db: DbOrTx, userId: string): Promise<PartySnapshot | undefined> {
  const found = await findFreelancerBilling(db, userId);
  const row = found?.billing;
  if (!found || !row || !(await freelancerBillingReady(db, userId)).ready) return undefined;
  return {
    legalName: row.legalName,
    addressLines: [row.addressLine1, row.addressLine2].filter((l) => l.trim() !== ''),
    city: row.city,
    postalCode: row.postalCode,
    country: row.country,
    taxNumber: row.taxNumber,
    email: found.email,
  };
}

export function toCompanyRead(row: CompanyBillingRow): CompanyBillingRead {
  return {
    legalName: row.legalName,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    city: row.city,
    postalCode: row.postalCode,
    country: row.country,
    taxNumber: row.taxNumber,
    billingEmail: row.billingEmail,
    billingEmailProven: row.verifiedBillingEmail === row.billingEmail,
  };
}

export function toFreelancerRead(row: FreelancerBillingRow): FreelancerBillingRead {
  return {
    legalName: row.legalName,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    city: row.city,
    postalCode: row.postalCode,
    country: row.country,
    taxNumber: row.taxNumber,
  };
}
