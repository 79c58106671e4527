import {
  DEFAULT_FREELANCER_MAIL_PREFERENCES,
  FREELANCER_MAIL_KINDS,
  type FreelancerMailKind,
  type FreelancerMailPreferences,
} from '@talentloop/contract/api/talent-pool';
import { OPEN_INTERVIEW_STATUSES } from '@talentloop/contract/api/interviews';
import { and, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client.ts';
import {
  companies,
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

type Reader = Pick<Db, 'select'>;

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
  db: Reader,
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
export async function mailableFreelancer(db: Reader, userId: string, kind: FreelancerMailKind) {
  const [row] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      demo: users.demo,
      verifiedAt: users.emailVerifiedAt,
      prefs: freelancerSettings.mailPreferences,
    })
    .from(users)
    .leftJoin(freelancerSettings, eq(freelancerSettings.userId, users.id))
    .where(eq(users.id, userId));
  if (!row || row.demo || !row.verifiedAt || !freelancerMailPreferencesOf(row.prefs)[kind]) return null;
  return { email: row.email, firstName: row.firstName };
}

/** The freelancer's shown events (never 'removed'), newest first, at most TIMELINE_MAX. */
export async function readTalentEvents(db: Reader, userId: string): Promise<TalentEventRow[]> {
  return db
    .select({
      id: talentEvents.id,
      kind: talentEvents.kind,
      createdAt: talentEvents.createdAt,
      reason: talentEvents.reason,
      companyName: talentEvents.companyName,
      role: talentEvents.role,
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
export async function readOpenInterview(db: Reader, userId: string, now: Date): Promise<OpenInterview | null> {
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
export async function sectionSavedSince(db: Reader, userId: string, since: Date | null): Promise<boolean> {
  const [changed] = await db
    .select({ section: freelancerSectionVersions.section })
    .from(freelancerSectionVersions)
    .where(and(eq(freelancerSectionVersions.userId, userId), since ? gt(freelancerSectionVersions.updatedAt, since) : undefined))
    .limit(1);
  return Boolean(changed);
}

/** Distinct companies that opened the profile on the last 30 days (today and the 29 before, UTC). */
export async function countProfileViews30d(db: Reader, userId: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - 29 * 24 * 3_600_000).toISOString().slice(0, 10);
  const [row] = await db
    .select({ n: sql<number>`count(DISTINCT ${profileViews.companyId})::int` })
    .from(profileViews)
    .where(and(eq(profileViews.freelancerId, userId), sql`${profileViews.day} >= ${since}::date`));
  return Number(row?.n ?? 0);
}
