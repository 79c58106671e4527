import type { CompanyMailKind, CompanyMailPreferences } from '@talentloop/contract/api/company-settings';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db, DbOrTx } from '../../infra/db/client.ts';
import { ensureCompany } from '../company/service.ts';
import {
  bumpNotifications,
  companiesWantingMail as companiesWantingMailRows,
  companyWantsMail as companyWantsMailRow,
  mailPreferencesOf,
} from './queries.ts';

/** What other features ask before they queue a mail a company can turn off (its choice, else the default). */
export function companyWantsMail(db: DbOrTx, companyId: string, kind: CompanyMailKind): Promise<boolean> {
  return companyWantsMailRow(db, companyId, kind);
}

/** Of many companies, those whose mail choices take mail of `kind` (one read: a sweep's batch). */
export function companiesWantingMail(db: DbOrTx, companyIds: readonly string[], kind: CompanyMailKind): Promise<Set<string>> {
  return companiesWantingMailRows(db, companyIds, kind);
}

// Writes of a company's settings. A save is one transaction: the row is made on first use, then one
// conditional UPDATE checks and bumps the version, so of two saves from the same version exactly one
// wins and the other changes nothing (409 TL_CORE_10110_E), as in the profile editor.

export function createCompanySettingsService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    async saveNotifications(ownerUserId: string, mail: CompanyMailPreferences, version: number | undefined) {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const company = await ensureCompany(tx, ownerUserId);
        const row = await bumpNotifications(tx, company.id, mail, version, now);
        if (!row) throw new AppError('TL_CORE_10110_E');
        return { version: row.notificationsVersion, mail: mailPreferencesOf(row.mailPreferences) };
      });
    },
  };
}
