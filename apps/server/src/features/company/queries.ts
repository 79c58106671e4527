import type { CompanyBasicsRead, CompanyContactRead, CompanyVerificationStatus } from '@talentloop/contract/api/company';
import { companyCompletion, splitCompanyPhone } from '@talentloop/contract/validation/company';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../infra/db/client.ts';
import { companies, companySocials, users } from '../../infra/db/schema.ts';

// Reads of the company profile. Every read is by the caller's own user id: no company id ever
// comes from a request, so one company can never name another's row.

export type CompanyRow = typeof companies.$inferSelect;
type Social = { platform: string; url: string };

/** The company of this account, or null before its first save. */
export async function findCompany(db: DbOrTx, userId: string): Promise<CompanyRow | null> {
  const [row] = await db.select().from(companies).where(eq(companies.ownerUserId, userId));
  return row ?? null;
}

/** The company of this account, made on first use with the name given at sign-up. */
export async function ensureCompany(tx: DbOrTx, userId: string): Promise<CompanyRow> {
  const found = await findCompany(tx, userId);
  if (found) return found;
  const [user] = await tx.select({ company: users.company }).from(users).where(eq(users.id, userId));
  await tx
    .insert(companies)
    .values({ ownerUserId: userId, name: user?.company ?? '' })
    .onConflictDoNothing({ target: companies.ownerUserId });
  const row = await findCompany(tx, userId);
  if (!row) throw new Error('company insert returned nothing');
  return row;
}

export async function readSocials(db: DbOrTx, companyId: string | undefined): Promise<Social[]> {
  if (!companyId) return [];
  return db
    .select({ platform: companySocials.platform, url: companySocials.url })
    .from(companySocials)
    .where(eq(companySocials.companyId, companyId))
    .orderBy(asc(companySocials.position));
}

/** What a company that has saved nothing yet looks like: the sign-up name and nothing else. */
async function defaults(db: DbOrTx, userId: string): Promise<CompanyRow> {
  const [user] = await db.select({ company: users.company }).from(users).where(eq(users.id, userId));
  return {
    id: '',
    ownerUserId: userId,
    name: user?.company ?? '',
    industry: null,
    companySize: null,
    country: null,
    about: '',
    websiteUrl: null,
    logoUrl: null,
    contactEmail: null,
    verifiedEmail: null,
    contactCountry: null,
    address: null,
    phone: null,
    basicsVersion: 0,
    contactVersion: 0,
    welcomeSeenAt: null,
    verificationStatus: 'unverified',
    registrationKey: null,
    createdAt: new Date(0),
    updatedAt: new Date(0),
  };
}

/** The company row (or its defaults) and its socials, in two or three queries. */
export async function loadCompany(db: DbOrTx, userId: string): Promise<{ row: CompanyRow; socials: Social[] }> {
  const row = (await findCompany(db, userId)) ?? (await defaults(db, userId));
  return { row, socials: await readSocials(db, row.id || undefined) };
}

export function toBasics(row: CompanyRow): CompanyBasicsRead {
  return {
    companyName: row.name,
    industry: row.industry,
    companySize: row.companySize,
    country: row.country,
    aboutCompany: row.about,
    websiteUrl: row.websiteUrl,
    logoUrl: row.logoUrl,
  };
}

export function toContact(row: CompanyRow, socials: Social[]): CompanyContactRead {
  const phone = splitCompanyPhone(row.phone);
  return {
    email: row.contactEmail,
    verifiedEmail: row.verifiedEmail,
    emailVerified: !!row.contactEmail && row.contactEmail === row.verifiedEmail,
    country: row.contactCountry,
    address: row.address,
    phone: row.phone,
    phoneCountryCode: phone?.code ?? null,
    phoneNumber: phone?.number ?? null,
    socials,
  };
}

export function completionOf(row: CompanyRow, socials: Social[]) {
  return companyCompletion(
    toBasics(row),
    { email: row.contactEmail, country: row.contactCountry, address: row.address, phone: row.phone, socials },
    row.verificationStatus === 'verified',
  );
}

export const verificationStatusOf = (row: CompanyRow) => row.verificationStatus as CompanyVerificationStatus;

// ---- the company profile's writes (service.ts) ----

/** The version condition of a save; undefined (a client that sends none) saves without checking. */
function versionMatches(section: 'basics' | 'contact', expected: number | undefined) {
  if (expected === undefined) return undefined;
  return eq(section === 'basics' ? companies.basicsVersion : companies.contactVersion, expected);
}

/** The welcome is seen (the first time only). */
export async function markWelcomeSeen(tx: DbOrTx, userId: string, now: Date): Promise<void> {
  await tx
    .update(companies)
    .set({ welcomeSeenAt: sql`coalesce(${companies.welcomeSeenAt}, ${now})` })
    .where(eq(companies.ownerUserId, userId));
}

/** Saves the basics from `version` and bumps it: the company's id, or null when the version moved on. */
export async function updateBasics(
  tx: DbOrTx,
  userId: string,
  set: Pick<typeof companies.$inferInsert, 'name' | 'industry' | 'companySize' | 'country' | 'about' | 'websiteUrl'>,
  version: number | undefined,
  now: Date,
): Promise<{ id: string } | null> {
  const [updated] = await tx
    .update(companies)
    .set({ ...set, basicsVersion: sql`${companies.basicsVersion} + 1`, updatedAt: now })
    .where(and(eq(companies.ownerUserId, userId), versionMatches('basics', version)))
    .returning({ id: companies.id });
  return updated ?? null;
}

/** Saves the contact details from `version` and bumps it: the company's id, or null when the version moved on. */
export async function updateContact(
  tx: DbOrTx,
  userId: string,
  set: Pick<typeof companies.$inferInsert, 'contactEmail' | 'contactCountry' | 'address' | 'phone'>,
  version: number | undefined,
  now: Date,
): Promise<{ id: string } | null> {
  const [updated] = await tx
    .update(companies)
    .set({ ...set, contactVersion: sql`${companies.contactVersion} + 1`, updatedAt: now })
    .where(and(eq(companies.ownerUserId, userId), versionMatches('contact', version)))
    .returning({ id: companies.id });
  return updated ?? null;
}

/** Replaces the company's social links, in the order given. */
export async function replaceSocials(tx: DbOrTx, companyId: string, socials: readonly Social[]): Promise<void> {
  await tx.delete(companySocials).where(eq(companySocials.companyId, companyId));
  if (socials.length > 0) {
    await tx.insert(companySocials).values(socials.map((s, position) => ({ companyId, position, platform: s.platform, url: s.url })));
  }
}

export async function setCompanyLogo(tx: DbOrTx, userId: string, logoUrl: string | null, now: Date): Promise<void> {
  await tx.update(companies).set({ logoUrl, updatedAt: now }).where(eq(companies.ownerUserId, userId));
}

export async function setVerifiedEmail(tx: DbOrTx, userId: string, email: string, now: Date): Promise<void> {
  await tx.update(companies).set({ verifiedEmail: email, updatedAt: now }).where(eq(companies.ownerUserId, userId));
}
