import type { DbOrTx } from '../../infra/db/client.ts';
import { and, desc, eq } from 'drizzle-orm';
import { companies, companyVerificationEvents } from '../../infra/db/schema.ts';
import { companyNameWords, nameResemblesDomain, registrableDomain } from './checks.ts';

// Un-verification (issue 11): an instant verification rests on evidence that the company can change
// later (its website and its verified company email). When a save changes them so the evidence no
// longer holds, the company goes back to unverified, with an event saying why. So does a rename to a
// name that does not resemble the website's domain (issue 18). A company verified
// by documents keeps its status: the document proved the registration (docs/decisions.md).

export type InstantEvidence = {
  websiteUrl: string | null;
  verifiedEmail: string | null;
  /** The company name checked against the domain (issue 18); absent from evidence older than that check. */
  companyName?: string | null;
};

/**
 * Why the evidence of an instant verification no longer holds for the company as it is now, or
 * null while it does: the website's registrable domain and the verified email's registrable
 * domain must both still be the ones checked.
 */
export function instantEvidenceLost(checked: InstantEvidence, now: InstantEvidence): string | null {
  const site = (v: string | null) => (v ? registrableDomain(v) : null);
  const checkedSite = site(checked.websiteUrl);
  if (!now.websiteUrl || site(now.websiteUrl) !== checkedSite) {
    return `Your website changed to a different domain (${now.websiteUrl ? (site(now.websiteUrl) ?? now.websiteUrl) : 'none'}; verified: ${checkedSite ?? 'none'}). Verify your company again.`;
  }
  const checkedMail = site(checked.verifiedEmail);
  if (!now.verifiedEmail || site(now.verifiedEmail) !== checkedMail) {
    return `Your verified company email changed to a different domain (verified: ${checkedMail ?? 'none'}). Verify your company again.`;
  }
  // A rename to a name unlike the domain (issue 18): verified as `Acme Labs` at acme-labs.com, then
  // renamed `Microsoft`. An unchanged name is never re-judged.
  const renamed = (a: string, b: string) => companyNameWords(a).join(' ') !== companyNameWords(b).join(' ');
  if (now.companyName && checked.companyName && renamed(checked.companyName, now.companyName)) {
    if (!nameResemblesDomain(now.companyName, now.websiteUrl)) {
      return `Your company name changed to ${now.companyName}, which does not resemble your website's domain (${checkedSite ?? now.websiteUrl}). Verify your company again.`;
    }
  }
  return null;
}

/** The method and evidence of the company's latest successful verification. */
export async function lastVerification(tx: DbOrTx, companyId: string) {
  const [event] = await tx
    .select({
      method: companyVerificationEvents.method,
      checks: companyVerificationEvents.checks,
      createdAt: companyVerificationEvents.createdAt,
    })
    .from(companyVerificationEvents)
    .where(and(eq(companyVerificationEvents.companyId, companyId), eq(companyVerificationEvents.outcome, 'verified')))
    .orderBy(desc(companyVerificationEvents.createdAt))
    .limit(1);
  return event ?? null;
}

/**
 * Called inside a save's transaction, after it changed the company's website or verified email:
 * un-verifies an instantly verified company whose evidence no longer holds (one conditional
 * UPDATE, and an event 'revoked' with the reason). Returns whether it did.
 */
export async function revokeInstantIfEvidenceGone(tx: DbOrTx, ownerUserId: string, now: Date): Promise<boolean> {
  const [row] = await tx.select().from(companies).where(eq(companies.ownerUserId, ownerUserId));
  if (row?.verificationStatus !== 'verified') return false;
  const last = await lastVerification(tx, row.id);
  if (last?.method !== 'instant') return false;
  const checks = (last.checks ?? {}) as Partial<InstantEvidence>;
  const reason = instantEvidenceLost(
    { websiteUrl: checks.websiteUrl ?? null, verifiedEmail: checks.verifiedEmail ?? null, companyName: checks.companyName ?? null },
    { websiteUrl: row.websiteUrl, verifiedEmail: row.verifiedEmail, companyName: row.name },
  );
  if (!reason) return false;
  const updated = await tx
    .update(companies)
    .set({ verificationStatus: 'unverified', updatedAt: now })
    .where(and(eq(companies.id, row.id), eq(companies.verificationStatus, 'verified')))
    .returning({ id: companies.id });
  if (updated.length === 0) return false;
  await tx.insert(companyVerificationEvents).values({
    companyId: row.id,
    actorUserId: ownerUserId,
    method: 'instant',
    outcome: 'revoked',
    checks: { reason, websiteUrl: row.websiteUrl, verifiedEmail: row.verifiedEmail, verifiedWith: checks },
    createdAt: now,
  });
  return true;
}
