import {
  COMPANY_MAIL_KINDS,
  type CompanyMailKind,
  type CompanyMailPreferences,
  DEFAULT_COMPANY_MAIL_PREFERENCES,
} from '@talentloop/contract/api/company-settings';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../infra/db/client.ts';
import { companies, companySettings } from '../../infra/db/schema.ts';

// Reads of a company's settings. `companyWantsMail` is what other features call before they queue a
// mail of one of the kinds a company can turn off (documents decision, support reminders, talent).

/** Stored choices over the contract's defaults; a kind never saved (or added later) has its default. */
export function mailPreferencesOf(stored: Record<string, unknown> | null | undefined): CompanyMailPreferences {
  const out = { ...DEFAULT_COMPANY_MAIL_PREFERENCES };
  for (const kind of COMPANY_MAIL_KINDS) {
    const value = stored?.[kind];
    if (typeof value === 'boolean') out[kind] = value;
  }
  return out;
}

/** The settings row of a company (null before its first save). */
export async function findCompanySettings(db: DbOrTx, companyId: string) {
  const [row] = await db.select().from(companySettings).where(eq(companySettings.companyId, companyId));
  return row ?? null;
}

/** The notification settings of the caller's company (by its owner), defaults before any save. */
export async function readNotifications(db: DbOrTx, ownerUserId: string): Promise<{ version: number; mail: CompanyMailPreferences }> {
  const [row] = await db
    .select({ prefs: companySettings.mailPreferences, version: companySettings.notificationsVersion })
    .from(companies)
    .leftJoin(companySettings, eq(companySettings.companyId, companies.id))
    .where(eq(companies.ownerUserId, ownerUserId));
  return { version: row?.version ?? 0, mail: mailPreferencesOf(row?.prefs) };
}

/** Whether a company wants mail of this kind (its saved choice, else the kind's default). */
export async function companyWantsMail(db: DbOrTx, companyId: string, kind: CompanyMailKind): Promise<boolean> {
  const row = await findCompanySettings(db, companyId);
  return mailPreferencesOf(row?.mailPreferences)[kind];
}

/** Of many companies, those whose mail choices take mail of `kind` (one read: a sweep's batch). */
export async function companiesWantingMail(db: DbOrTx, companyIds: readonly string[], kind: CompanyMailKind): Promise<Set<string>> {
  if (companyIds.length === 0) return new Set();
  const rows = await db
    .select({ companyId: companySettings.companyId, prefs: companySettings.mailPreferences })
    .from(companySettings)
    .where(inArray(companySettings.companyId, [...companyIds]));
  const stored = new Map(rows.map((r) => [r.companyId, r.prefs]));
  return new Set(companyIds.filter((id) => mailPreferencesOf(stored.get(id))[kind]));
}

/**
 * Makes the company's settings row on first use, then saves the mail choices and bumps the version
 * in one conditional UPDATE (only from `version` when given): the row, or null when another save
 * moved the version first.
 */
export async function bumpNotifications(
  tx: DbOrTx,
  companyId: string,
  mail: CompanyMailPreferences,
  version: number | undefined,
  now: Date,
) {
  await tx.insert(companySettings).values({ companyId }).onConflictDoNothing({ target: companySettings.companyId });
  const [row] = await tx
    .update(companySettings)
    .set({ mailPreferences: mail, notificationsVersion: sql`${companySettings.notificationsVersion} + 1`, updatedAt: now })
    .where(
      and(eq(companySettings.companyId, companyId), version === undefined ? undefined : eq(companySettings.notificationsVersion, version)),
    )
    .returning();
  return row ?? null;
}
