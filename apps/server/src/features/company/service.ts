import type { CompanyBasicsBody, CompanyContactBody } from '@talentloop/contract/validation/company';
import { companyPhone } from '@talentloop/contract/validation/company';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db, DbOrTx } from '../../infra/db/client.ts';
import { companies, companySocials } from '../../infra/db/schema.ts';
import { processPhoto } from '../../infra/images.ts';
import { type FileStorage, fileUrl } from '../../infra/storage.ts';
import { revokeInstantIfEvidenceGone } from '../company-verification/evidence.ts';
import { completionOf, ensureCompany, findCompany, readSocials } from './queries.ts';

// Writes of the company profile. Each save is one transaction: the version check and bump are one
// conditional UPDATE, so of two saves made from the same version exactly one wins and the other
// changes nothing (409 TL_CORE_10110_E). A failed save leaves the previous state.

type Deps = { db: Db; clock: Clock; storage: FileStorage };
type Section = 'basics' | 'contact';

const LOGO_KIND = 'company-logo';

/** The version condition of a save; undefined (a client that sends none) saves without checking. */
function versionMatches(section: Section, expected: number | undefined) {
  if (expected === undefined) return undefined;
  return eq(section === 'basics' ? companies.basicsVersion : companies.contactVersion, expected);
}

export function createCompanyService({ db, clock, storage }: Deps) {
  async function summary(tx: DbOrTx, userId: string) {
    const row = await findCompany(tx, userId);
    if (!row) throw new Error('company vanished inside its transaction');
    const socials = await readSocials(tx, row.id);
    return { row, socials, completion: completionOf(row, socials) };
  }

  return {
    async dismissWelcome(userId: string) {
      const now = clock.now();
      await db.transaction(async (tx) => {
        await ensureCompany(tx, userId);
        await tx
          .update(companies)
          .set({ welcomeSeenAt: sql`coalesce(${companies.welcomeSeenAt}, ${now})` })
          .where(eq(companies.ownerUserId, userId));
      });
    },

    async saveBasics(userId: string, body: z.output<typeof CompanyBasicsBody>, version: number | undefined) {
      const now = clock.now();
      return db.transaction(async (tx) => {
        await ensureCompany(tx, userId);
        const updated = await tx
          .update(companies)
          .set({
            name: body.companyName,
            industry: body.industry,
            companySize: body.companySize,
            country: body.country,
            about: body.aboutCompany,
            websiteUrl: body.websiteUrl,
            basicsVersion: sql`${companies.basicsVersion} + 1`,
            updatedAt: now,
          })
          .where(and(eq(companies.ownerUserId, userId), versionMatches('basics', version)))
          .returning({ id: companies.id });
        if (updated.length === 0) throw new AppError('TL_CORE_10110_E');
        // A new website domain withdraws an instant verification that rested on the old one.
        await revokeInstantIfEvidenceGone(tx, userId, now);
        return summary(tx, userId);
      });
    },

    async saveContact(userId: string, body: z.output<typeof CompanyContactBody>, version: number | undefined) {
      const now = clock.now();
      return db.transaction(async (tx) => {
        await ensureCompany(tx, userId);
        const [updated] = await tx
          .update(companies)
          .set({
            contactEmail: body.email,
            contactCountry: body.country,
            address: body.address,
            phone: companyPhone(body.phoneCountryCode, body.phoneNumber),
            contactVersion: sql`${companies.contactVersion} + 1`,
            updatedAt: now,
          })
          .where(and(eq(companies.ownerUserId, userId), versionMatches('contact', version)))
          .returning({ id: companies.id });
        if (!updated) throw new AppError('TL_CORE_10110_E');
        await tx.delete(companySocials).where(eq(companySocials.companyId, updated.id));
        if (body.socials.length > 0) {
          await tx
            .insert(companySocials)
            .values(body.socials.map((s, position) => ({ companyId: updated.id, position, platform: s.platform, url: s.url })));
        }
        return summary(tx, userId);
      });
    },

    async updateLogo(userId: string, bytes: Buffer) {
      const image = await processPhoto(bytes);
      if (!image) throw new AppError('TL_CORE_10102_E');
      // Bytes before the transaction (a bucket upload); a failed save leaves them to the cleanup.
      const blob = await storage.stage(image.data);
      const now = clock.now();
      return db.transaction(async (tx) => {
        await ensureCompany(tx, userId);
        const id = await storage.put(tx, { ownerId: userId, kind: LOGO_KIND, mime: image.mime, blob, now });
        await tx
          .update(companies)
          .set({ logoUrl: fileUrl(id), updatedAt: now })
          .where(eq(companies.ownerUserId, userId));
        await storage.removeOthers(tx, { ownerId: userId, kind: LOGO_KIND, keepId: id });
        return summary(tx, userId);
      });
    },

    async deleteLogo(userId: string) {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const row = await findCompany(tx, userId);
        if (!row?.logoUrl) throw new AppError('TL_CORE_11002_E');
        await tx.update(companies).set({ logoUrl: null, updatedAt: now }).where(eq(companies.ownerUserId, userId));
        await storage.removeOthers(tx, { ownerId: userId, kind: LOGO_KIND, keepId: null });
        return summary(tx, userId);
      });
    },

    /** Inside the code's consuming transaction: the address is now proven. */
    async markEmailVerified(tx: DbOrTx, userId: string, email: string) {
      await ensureCompany(tx, userId);
      await tx.update(companies).set({ verifiedEmail: email, updatedAt: clock.now() }).where(eq(companies.ownerUserId, userId));
      await revokeInstantIfEvidenceGone(tx, userId, clock.now());
      return summary(tx, userId);
    },
  };
}
