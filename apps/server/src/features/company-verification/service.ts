import type { InstantVerificationBody } from '@talentloop/contract/validation/company-verification';
import { and, desc, eq, ne } from 'drizzle-orm';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import { companies, companyVerificationEvents } from '../../infra/db/schema.ts';
import { type Tx, completionOf, findCompany, readSocials } from '../company/queries.ts';
import { type InstantVerifier, type VerificationCheck, createInstantVerifier } from './checks.ts';

// Instant verification (issue 11). The checks run outside any transaction (a registry lookup may
// be slow); the decision is one conditional UPDATE that also requires the website and verified
// email to be the ones checked, so an edit made meanwhile or a second attempt changes nothing
// twice. A pass writes one event row (who, when, method, checks); a failure changes nothing.

type Deps = { db: Db; clock: Clock; verifier?: InstantVerifier };

const sameName = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

export function createVerificationService({ db, clock, verifier = createInstantVerifier() }: Deps) {
  async function lastVerified(tx: Tx, companyId: string) {
    const [event] = await tx
      .select({ method: companyVerificationEvents.method, createdAt: companyVerificationEvents.createdAt })
      .from(companyVerificationEvents)
      .where(and(eq(companyVerificationEvents.companyId, companyId), eq(companyVerificationEvents.outcome, 'verified')))
      .orderBy(desc(companyVerificationEvents.createdAt))
      .limit(1);
    return event ?? null;
  }

  async function state(tx: Tx, userId: string) {
    const row = await findCompany(tx, userId);
    const event = row ? await lastVerified(tx, row.id) : null;
    const status = (row?.verificationStatus ?? 'unverified') as 'unverified' | 'pending' | 'verified';
    return {
      row,
      verification: {
        status,
        method: status === 'verified' && event ? ('instant' as const) : null,
        verifiedAt: status === 'verified' && event ? event.createdAt.toISOString() : null,
      },
    };
  }

  return {
    state: (userId: string) => state(db, userId),

    async verifyInstantly(userId: string, body: InstantVerificationBody) {
      const row = await findCompany(db, userId);
      if (row?.verificationStatus === 'verified') throw new AppError('TL_CORE_11013_E');
      if (!row?.websiteUrl) throw new AppError('TL_CORE_11012_E');
      const email = row.verifiedEmail;
      if (!email || row.contactEmail !== email) throw new AppError('TL_CORE_11011_E');

      const checks: VerificationCheck[] = [
        sameName(body.companyName, row.name)
          ? { check: 'company_name', passed: true, detail: 'The name matches your company profile.' }
          : {
              check: 'company_name',
              passed: false,
              detail: `The company name does not match the one in your profile (${row.name}).`,
            },
        ...(await verifier.verify({
          country: body.country,
          registrationNumber: body.businessRegistrationNumber,
          websiteUrl: row.websiteUrl,
          verifiedEmail: email,
        })),
      ];
      const failed = checks.filter((c) => !c.passed);
      if (failed.length > 0) throw new AppError('TL_CORE_11010_E', failed.map((c) => c.detail).join(' '));

      const now = clock.now();
      return db.transaction(async (tx) => {
        const updated = await tx
          .update(companies)
          .set({ verificationStatus: 'verified', updatedAt: now })
          .where(
            and(
              eq(companies.id, row.id),
              ne(companies.verificationStatus, 'verified'),
              eq(companies.websiteUrl, row.websiteUrl as string),
              eq(companies.verifiedEmail, email),
              eq(companies.contactEmail, email),
            ),
          )
          .returning({ id: companies.id });
        if (updated.length === 0) {
          const current = await findCompany(tx, userId);
          throw new AppError(current?.verificationStatus === 'verified' ? 'TL_CORE_11013_E' : 'TL_CORE_10110_E');
        }
        await tx.insert(companyVerificationEvents).values({
          companyId: row.id,
          actorUserId: userId,
          method: 'instant',
          outcome: 'verified',
          checks: {
            country: body.country,
            registrationNumber: body.businessRegistrationNumber,
            companyName: body.companyName,
            websiteUrl: row.websiteUrl,
            verifiedEmail: email,
            registry: verifier.registryName,
            results: checks,
          },
          createdAt: now,
        });
        const { row: fresh, verification } = await state(tx, userId);
        if (!fresh) throw new Error('company vanished inside its transaction');
        return { checks, verification, completion: completionOf(fresh, await readSocials(tx, fresh.id)) };
      });
    },
  };
}
