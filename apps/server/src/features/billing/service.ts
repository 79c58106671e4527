import type { BillingMissing, BillingReadiness, CompanyBillingRead, FreelancerBillingRead } from '@talentloop/contract/api/billing';
import type { DbOrTx } from '../../infra/db/client.ts';
import {
  type CompanyBillingRow,
  type FreelancerBillingRow,
  companyBillingRows,
  findCompanyBilling,
  findFreelancerBilling,
  freelancerBillingRows,
} from './queries.ts';

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

/** What the company's details lack before it can be invoiced: legal name, full address and a proven billing email. */
function companyMissing(row: CompanyBillingRow | undefined): BillingMissing[] {
  const missing: BillingMissing[] = [];
  if (!row?.legalName) missing.push('legalName');
  if (!row?.addressLine1 || !row.city || !row.postalCode || !row.country) missing.push('address');
  if (!row?.billingEmail) missing.push('billingEmail');
  else if (row.verifiedBillingEmail !== row.billingEmail) missing.push('billingEmailProof');
  return missing;
}

/** What the freelancer's details lack before they can issue invoices: legal name and full address (their account email is proven at sign-up). */
function freelancerMissing(row: FreelancerBillingRow | null | undefined): BillingMissing[] {
  const missing: BillingMissing[] = [];
  if (!row?.legalName) missing.push('legalName');
  if (!row?.addressLine1 || !row.city || !row.postalCode || !row.country) missing.push('address');
  return missing;
}

const readiness = (missing: BillingMissing[]): BillingReadiness => ({ ready: missing.length === 0, missing });

/** Whether the company can be invoiced. */
export async function companyBillingReady(db: DbOrTx, companyId: string): Promise<BillingReadiness> {
  return readiness(companyMissing(await findCompanyBilling(db, companyId)));
}

/** Whether the freelancer can issue invoices. */
export async function freelancerBillingReady(db: DbOrTx, userId: string): Promise<BillingReadiness> {
  return readiness(freelancerMissing((await findFreelancerBilling(db, userId))?.billing));
}

const addressOf = (row: CompanyBillingRow | FreelancerBillingRow) => ({
  legalName: row.legalName,
  addressLines: [row.addressLine1, row.addressLine2].filter((l) => l.trim() !== ''),
  city: row.city,
  postalCode: row.postalCode,
  country: row.country,
  taxNumber: row.taxNumber,
});

/** The company as its invoice prints it, or undefined when its details are not ready. */
function companySnapshotOf(row: CompanyBillingRow | undefined): PartySnapshot | undefined {
  if (!row?.verifiedBillingEmail || companyMissing(row).length > 0) return undefined;
  return { ...addressOf(row), email: row.verifiedBillingEmail };
}

/** The freelancer (the issuer) as their invoice prints them, or undefined when their details are not ready. */
function freelancerSnapshotOf(found: { billing: FreelancerBillingRow | null; email: string } | undefined): PartySnapshot | undefined {
  const row = found?.billing;
  if (!found || !row || freelancerMissing(row).length > 0) return undefined;
  return { ...addressOf(row), email: found.email };
}

export async function companySnapshot(db: DbOrTx, companyId: string): Promise<PartySnapshot | undefined> {
  return companySnapshotOf(await findCompanyBilling(db, companyId));
}

export async function freelancerSnapshot(db: DbOrTx, userId: string): Promise<PartySnapshot | undefined> {
  return freelancerSnapshotOf(await findFreelancerBilling(db, userId));
}

/** The ready snapshots of many rows, by the party's id (the unready ones are left out). */
function readySnapshots<R>(rows: readonly R[], id: (row: R) => string, snapshotOf: (row: R) => PartySnapshot | undefined) {
  const out = new Map<string, PartySnapshot>();
  for (const row of rows) {
    const snap = snapshotOf(row);
    if (snap) out.set(id(row), snap);
  }
  return out;
}

/** Many companies' snapshots in one read (the sweep's batch): only the ready ones are in the map. */
export async function companySnapshots(db: DbOrTx, companyIds: readonly string[]): Promise<Map<string, PartySnapshot>> {
  return readySnapshots(await companyBillingRows(db, companyIds), (row) => row.companyId, companySnapshotOf);
}

/** Many freelancers' snapshots in one read: only the ready ones are in the map. */
export async function freelancerSnapshots(db: DbOrTx, userIds: readonly string[]): Promise<Map<string, PartySnapshot>> {
  return readySnapshots(await freelancerBillingRows(db, userIds), (row) => row.userId, freelancerSnapshotOf);
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
