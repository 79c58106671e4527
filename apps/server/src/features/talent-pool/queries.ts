import {
  DEFAULT_FREELANCER_MAIL_PREFERENCES,
  FREELANCER_MAIL_KINDS,
  type FreelancerMailKind,
  type FreelancerMailPreferences,
  type VettingStatus,
} from '@talentloop/contract/api/talent-pool';
import { OPEN_INTERVIEW_STATUSES } from '@talentloop/contract/api/interviews';
import { and, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../infra/db/client.ts';
import {
  companies,
  freelancerPrivacy,
  freelancerProfiles,
  freelancerSectionVersions,
  freelancerSettings,
  interviews,
  profileViews,
  talentEvents,
  users,
} from '../../infra/db/schema.ts';
import type { OpenInterview, TalentEventRow } from './timeline.ts';

// Reads of the talent pool: a freelancer's events, mail choices and profile views, and who may be
// mailed. `mailableFreelancer` is what every feature calls before it queues a mail to a freelancer.

/** The most timeline entries read (newest first); older ones are not shown. */
export const TIMELINE_MAX = 200;

/** Stored choices over the contract's defaults; a kind never saved (or added later) has its default. */
export function freelancerMailPreferencesOf(stored: Record<string, unknown> | null | undefined): FreelancerMailPreferences {
  const out = { ...DEFAULT_FREELANCER_MAIL_PREFERENCES };
  for (const kind of FREELANCER_MAIL_KINDS) {
    const value = stored?.[kind];
    if (typeof value === 'boolean') out[kind] = value;
  }
  return out;
}

export async function readFreelancerNotifications(
  db: DbOrTx,
  userId: string,
): Promise<{ version: number; mail: FreelancerMailPreferences }> {
  const [row] = await db
    .select({ prefs: freelancerSettings.mailPreferences, version: freelancerSettings.notificationsVersion })
    .from(freelancerSettings)
    .where(eq(freelancerSettings.userId, userId));
  return { version: row?.version ?? 0, mail: freelancerMailPreferencesOf(row?.prefs) };
}

/**
 * The freelancer's address and first name when a mail of `kind` may go to them: their choice for
 * the kind is on, the account is not a demo, and the address is proven (email_verified_at); else null.
 */
export async function mailableFreelancer(db: DbOrTx, userId: string, kind: FreelancerMailKind) {
  return (await mailableFreelancers(db, [userId], kind)).get(userId) ?? null;
}

/** Of many freelancers, those mail of `kind` may reach (one read: a sweep's batch), by user id. */
export async function mailableFreelancers(db: DbOrTx, userIds: readonly string[], kind: FreelancerMailKind) {
  const out = new Map<string, { email: string; firstName: string }>();
  if (userIds.length === 0) return out;
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      demo: users.demo,
      verifiedAt: users.emailVerifiedAt,
      prefs: freelancerSettings.mailPreferences,
    })
    .from(users)
    .leftJoin(freelancerSettings, eq(freelancerSettings.userId, users.id))
    .where(inArray(users.id, [...userIds]));
  for (const row of rows) {
    if (row.demo || !row.verifiedAt || !freelancerMailPreferencesOf(row.prefs)[kind]) continue;
    out.set(row.id, { email: row.email, firstName: row.firstName });
  }
  return out;
}

/** The freelancer's shown events (never 'removed'), newest first, at most TIMELINE_MAX. */
export async function readTalentEvents(db: DbOrTx, userId: string): Promise<TalentEventRow[]> {
  return db
    .select({
      id: talentEvents.id,
      kind: talentEvents.kind,
      createdAt: talentEvents.createdAt,
      reason: talentEvents.reason,
      companyName: talentEvents.companyName,
      role: talentEvents.role,
      candidateId: talentEvents.candidateId,
    })
    .from(talentEvents)
    .where(and(eq(talentEvents.freelancerId, userId), ne(talentEvents.kind, 'removed')))
    .orderBy(desc(talentEvents.createdAt))
    .limit(TIMELINE_MAX);
}

/**
 * The freelancer's newest interview still in motion: proposed, new times asked for, or accepted and
 * not yet over. Answers the company's name (the dashboard's 'what happens next').
 */
export async function readOpenInterview(db: DbOrTx, userId: string, now: Date): Promise<OpenInterview | null> {
  const [row] = await db
    .select({ status: interviews.status, companyName: companies.name })
    .from(interviews)
    .innerJoin(companies, eq(companies.id, interviews.companyId))
    .where(
      and(
        eq(interviews.freelancerId, userId),
        inArray(interviews.status, [...OPEN_INTERVIEW_STATUSES]),
        // An accepted one only while it is still ahead (held or not, it is over once it ended).
        or(ne(interviews.status, 'accepted'), isNull(interviews.endsAt), gt(interviews.endsAt, now)),
      ),
    )
    .orderBy(desc(interviews.updatedAt))
    .limit(1);
  if (!row) return null;
  return { status: row.status as OpenInterview['status'], companyName: row.companyName };
}

/** Whether a section of the profile was saved after `since` (changes were asked for then); any save when `since` is null. */
export async function sectionSavedSince(db: DbOrTx, userId: string, since: Date | null): Promise<boolean> {
  const [changed] = await db
    .select({ section: freelancerSectionVersions.section })
    .from(freelancerSectionVersions)
    .where(and(eq(freelancerSectionVersions.userId, userId), since ? gt(freelancerSectionVersions.updatedAt, since) : undefined))
    .limit(1);
  return Boolean(changed);
}

/** Distinct companies that opened the profile on the last 30 days (today and the 29 before, UTC). */
export async function countProfileViews30d(db: DbOrTx, userId: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - 29 * 24 * 3_600_000).toISOString().slice(0, 10);
  const [row] = await db
    .select({ n: sql<number>`count(DISTINCT ${profileViews.companyId})::int` })
    .from(profileViews)
    .where(and(eq(profileViews.freelancerId, userId), sql`${profileViews.day} >= ${since}::date`));
  return Number(row?.n ?? 0);
}

// ---- vetting's writes (vetting.ts, service.ts) ----

/**
 * One conditional vetting transition (vetting.ts): the row, or null when the profile was not in
 * `from` (or, with `statusAt`, its status was set at another moment: another round).
 */
export async function transition(tx: DbOrTx, userId: string, from: VettingStatus, to: VettingStatus, now: Date, statusAt?: Date) {
  const sameRound = statusAt ? eq(freelancerProfiles.vettingStatusAt, statusAt) : undefined;
  const [row] = await tx
    .update(freelancerProfiles)
    .set({ vettingStatus: to, vettingStatusAt: now })
    .where(and(eq(freelancerProfiles.userId, userId), eq(freelancerProfiles.vettingStatus, from), sameRound))
    .returning({ userId: freelancerProfiles.userId });
  return row ?? null;
}

export async function recordEvent(
  tx: DbOrTx,
  e: { freelancerId: string; kind: string; actorId: string | null; reason?: string | null; now: Date },
): Promise<void> {
  await tx
    .insert(talentEvents)
    .values({ freelancerId: e.freelancerId, kind: e.kind, actorId: e.actorId, reason: e.reason ?? null, createdAt: e.now });
}

/** The status a freelancer's profile holds (null: no profile). */
export async function readVettingStatus(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ status: freelancerProfiles.vettingStatus, statusAt: freelancerProfiles.vettingStatusAt })
    .from(freelancerProfiles)
    .where(eq(freelancerProfiles.userId, userId));
  return row ?? null;
}

/** The status, when it was set, open to work and visibility: what the freelancer's dashboard shows. */
export async function readStatusRow(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      status: freelancerProfiles.vettingStatus,
      statusAt: freelancerProfiles.vettingStatusAt,
      openToWork: freelancerProfiles.openToWork,
      visibility: freelancerPrivacy.visibility,
    })
    .from(freelancerProfiles)
    .leftJoin(freelancerPrivacy, eq(freelancerPrivacy.userId, freelancerProfiles.userId))
    .where(eq(freelancerProfiles.userId, userId));
  return row ?? null;
}

/** Whether a freelancer (an account with a profile) has ever been sent for review. */
export async function wasSubmitted(db: DbOrTx, freelancerId: string): Promise<boolean> {
  const [exists] = await db
    .select({ userId: freelancerProfiles.userId })
    .from(freelancerProfiles)
    .innerJoin(users, eq(users.id, freelancerProfiles.userId))
    .where(and(eq(freelancerProfiles.userId, freelancerId), sql`${freelancerProfiles.vettingStatus} <> 'not_submitted'`));
  return exists !== undefined;
}

export async function emailOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [who] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return who?.email ?? null;
}

/** Like the company's: the row made on first use, then one conditional UPDATE that checks and bumps the version (null: moved on). */
export async function bumpFreelancerNotifications(
  tx: DbOrTx,
  userId: string,
  mail: FreelancerMailPreferences,
  version: number | undefined,
  now: Date,
) {
  await tx.insert(freelancerSettings).values({ userId }).onConflictDoNothing({ target: freelancerSettings.userId });
  const [row] = await tx
    .update(freelancerSettings)
    .set({ mailPreferences: mail, notificationsVersion: sql`${freelancerSettings.notificationsVersion} + 1`, updatedAt: now })
    .where(
      and(eq(freelancerSettings.userId, userId), version === undefined ? undefined : eq(freelancerSettings.notificationsVersion, version)),
    )
    .returning();
  return row ?? null;
}
