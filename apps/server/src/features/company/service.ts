import type { CompanyBasicsBody, CompanyContactBody } from '@talentloop/contract/validation/company';
import { companyPhone } from '@talentloop/contract/validation/company';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db, DbOrTx } from '../../infra/db/client.ts';
import { processPhoto } from '../../infra/images.ts';
import { type FileStorage, fileUrl } from '../../infra/storage.ts';
import { revokeInstantIfEvidenceGone } from '../company-verification/evidence.ts';
import {
  type CompanyRow,
  completionOf,
  ensureCompany as ensureCompanyRow,
  findCompany as findCompanyRow,
  markWelcomeSeen,
  readSocials,
  replaceSocials,
  setCompanyLogo,
  setVerifiedEmail,
  updateBasics,
  updateContact,
} from './queries.ts';

// Writes of the company profile. Each save is one transaction: the version check and bump are one
// conditional UPDATE, so of two saves made from the same version exactly one wins and the other
// changes nothing (409 TL_CORE_10110_E). A failed save leaves the previous state.

export type { CompanyRow } from './queries.ts';

// The company's public face (decision 178): other features read and make the caller's company
// through these functions, never through this feature's queries.

/** The company of this account, or null before its first save. */
export function findCompany(db: DbOrTx, userId: string): Promise<CompanyRow | null> {
  return findCompanyRow(db, userId);
}

/** The company of this account, made on first use with the name given at sign-up. */
export function ensureCompany(tx: DbOrTx, userId: string): Promise<CompanyRow> {
  return ensureCompanyRow(tx, userId);
}

/** The company profile's completion (basics, contact and socials, verification) for this row. */
export async function readCompletion(db: DbOrTx, row: CompanyRow) {
  return completionOf(row, await readSocials(db, row.id));
}

type Deps = { db: Db; clock: Clock; storage: FileStorage };

const LOGO_KIND = 'company-logo';

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
        await markWelcomeSeen(tx, userId, now);
      });
    },

    async saveBasics(userId: string, body: z.output<typeof CompanyBasicsBody>, version: number | undefined) {
      const now = clock.now();
      return db.transaction(async (tx) => {
        await ensureCompany(tx, userId);
        const updated = await updateBasics(
          tx,
          userId,
          {
            name: body.companyName,
            industry: body.industry,
            companySize: body.companySize,
            country: body.country,
            about: body.aboutCompany,
            websiteUrl: body.websiteUrl,
          },
          version,
          now,
        );
        if (!updated) throw new AppError('TL_CORE_10110_E');
        // A new website domain withdraws an instant verification that rested on the old one.
        await revokeInstantIfEvidenceGone(tx, userId, now);
        return summary(tx, userId);
      });
    },

    async saveContact(userId: string, body: z.output<typeof CompanyContactBody>, version: number | undefined) {
      const now = clock.now();
      return db.transaction(async (tx) => {
        await ensureCompany(tx, userId);
        const updated = await updateContact(
          tx,
          userId,
          {
            contactEmail: body.email,
            contactCountry: body.country,
            address: body.address,
            phone: companyPhone(body.phoneCountryCode, body.phoneNumber),
          },
          version,
          now,
        );
        if (!updated) throw new AppError('TL_CORE_10110_E');
        await replaceSocials(tx, updated.id, body.socials);
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
        await setCompanyLogo(tx, userId, fileUrl(id), now);
        await storage.removeOthers(tx, { ownerId: userId, kind: LOGO_KIND, keepId: id });
        return summary(tx, userId);
      });
    },

    async deleteLogo(userId: string) {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const row = await findCompany(tx, userId);
        if (!row?.logoUrl) throw new AppError('TL_CORE_11002_E');
        await setCompanyLogo(tx, userId, null, now);
        await storage.removeOthers(tx, { ownerId: userId, kind: LOGO_KIND, keepId: null });
        return summary(tx, userId);
      });
    },

    /** Inside the code's consuming transaction: the address is now proven. */
    async markEmailVerified(tx: DbOrTx, userId: string, email: string) {
      await ensureCompany(tx, userId);
      await setVerifiedEmail(tx, userId, email, clock.now());
      await revokeInstantIfEvidenceGone(tx, userId, clock.now());
      return summary(tx, userId);
    },
  };
}
