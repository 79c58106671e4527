import { type Interview, type InterviewLocationKind, type InterviewStatus, isInterviewAhead } from '@talentloop/contract/api/interviews';
import { OPEN_INTERVIEW_STATUSES } from '@talentloop/contract/api/interviews';
import { type SQL, and, asc, desc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../infra/db/client.ts';
import {
  companies,
  companySettings,
  freelancerPrivacy,
  freelancerProfiles,
  freelancerSettings,
  interviewSlots,
  interviews,
  shortlistCandidates,
  shortlists,
  talentSearch,
  users,
} from '../../infra/db/schema.ts';
import type { CompanyRow } from '../company/service.ts';

// Reads of interviews. Every read names its party (the caller's company, or the caller as the
// freelancer): an interview of anyone else is simply not found.

export type InterviewRow = typeof interviews.$inferSelect;
export type SlotRow = typeof interviewSlots.$inferSelect;
export type Viewer = 'company' | 'freelancer';

/** The most interviews one list answers (newest first beyond the open ones). */
export const INTERVIEWS_LIST_MAX = 200;

/** One interview of this company, or null (also when its freelancer is suspended: gone from every company surface). */
export async function findCompanyInterview(db: DbOrTx, companyId: string, interviewId: string): Promise<InterviewRow | null> {
  const [row] = await db
    .select({ interview: interviews })
    .from(interviews)
    .innerJoin(users, eq(users.id, interviews.freelancerId))
    .where(and(eq(interviews.id, interviewId), eq(interviews.companyId, companyId), isNull(users.suspendedAt)));
  return row?.interview ?? null;
}

/** One interview of this freelancer, or null. */
export async function findFreelancerInterview(db: DbOrTx, freelancerId: string, interviewId: string): Promise<InterviewRow | null> {
  const [row] = await db
    .select()
    .from(interviews)
    .where(and(eq(interviews.id, interviewId), eq(interviews.freelancerId, freelancerId)));
  return row ?? null;
}

export async function slotsOf(db: DbOrTx, interviewIds: readonly string[]): Promise<Map<string, SlotRow[]>> {
  const out = new Map<string, SlotRow[]>();
  if (interviewIds.length === 0) return out;
  const rows = await db
    .select()
    .from(interviewSlots)
    .where(inArray(interviewSlots.interviewId, [...interviewIds]))
    .orderBy(asc(interviewSlots.position));
  for (const row of rows) out.set(row.interviewId, [...(out.get(row.interviewId) ?? []), row]);
  return out;
}

const readColumns = {
  interview: interviews,
  companyName: companies.name,
  firstName: users.firstName,
  lastName: users.lastName,
  slug: freelancerPrivacy.slug,
  occupation: freelancerProfiles.occupation,
  freelancerTimeZone: freelancerSettings.timeZone,
};
type ReadRow = {
  interview: InterviewRow;
  companyName: string;
  firstName: string;
  lastName: string;
  slug: string | null;
  occupation: string | null;
  freelancerTimeZone: string | null;
};

function readQuery(db: DbOrTx) {
  return db
    .select(readColumns)
    .from(interviews)
    .innerJoin(companies, eq(companies.id, interviews.companyId))
    .innerJoin(users, eq(users.id, interviews.freelancerId))
    .leftJoin(freelancerPrivacy, eq(freelancerPrivacy.userId, interviews.freelancerId))
    .leftJoin(freelancerProfiles, eq(freelancerProfiles.userId, interviews.freelancerId))
    .leftJoin(freelancerSettings, eq(freelancerSettings.userId, interviews.freelancerId));
}

function toInterview(r: ReadRow, slots: SlotRow[], viewer: Viewer): Interview {
  const i = r.interview;
  const status = i.status as InterviewStatus;
  return {
    id: i.id,
    status,
    counterpart:
      viewer === 'company'
        ? { name: `${r.firstName} ${r.lastName}`.trim(), slug: r.slug, detail: r.occupation }
        : { name: r.companyName, slug: null, detail: null },
    candidateId: viewer === 'company' ? i.candidateId : null,
    durationMinutes: i.durationMinutes,
    locationKind: i.locationKind as InterviewLocationKind,
    location: i.location,
    note: i.note,
    companyTimeZone: i.companyTimeZone,
    freelancerTimeZone: r.freelancerTimeZone,
    slots:
      status === 'proposed'
        ? slots.map((s) => ({ id: s.id, position: s.position, startsAt: s.startsAt.toISOString(), endsAt: s.endsAt.toISOString() }))
        : [],
    startsAt: i.startsAt?.toISOString() ?? null,
    endsAt: i.endsAt?.toISOString() ?? null,
    reason: i.reason,
    changedBy: i.changedBy === 'company' || i.changedBy === 'freelancer' ? i.changedBy : null,
    sequence: i.sequence,
    version: i.version,
    createdAt: i.createdAt.toISOString(),
    updatedAt: i.updatedAt.toISOString(),
  };
}

/**
 * The interviews still ahead at `now` first (the soonest time first), then the others (ended by
 * their end time or closed by their status), newest change first: the contract's isInterviewAhead.
 */
function ordered(list: Interview[], now: Date): Interview[] {
  const soonest = (i: Interview) => Date.parse(i.startsAt ?? i.slots[0]?.startsAt ?? i.updatedAt);
  const ahead = list.filter((i) => isInterviewAhead(i, now)).sort((a, b) => soonest(a) - soonest(b));
  const rest = list.filter((i) => !isInterviewAhead(i, now));
  return [...ahead, ...rest];
}

async function readMany(db: DbOrTx, where: ReturnType<typeof and>, viewer: Viewer, now: Date): Promise<Interview[]> {
  const rows = await readQuery(db).where(where).orderBy(desc(interviews.updatedAt), desc(interviews.id)).limit(INTERVIEWS_LIST_MAX);
  const slots = await slotsOf(
    db,
    rows.map((r) => r.interview.id),
  );
  return ordered(
    rows.map((r) => toInterview(r, slots.get(r.interview.id) ?? [], viewer)),
    now,
  );
}

export function readCompanyInterviews(db: DbOrTx, companyId: string, candidateId: string | null, now: Date): Promise<Interview[]> {
  return readMany(
    db,
    and(
      eq(interviews.companyId, companyId),
      candidateId ? eq(interviews.candidateId, candidateId) : undefined,
      // A suspended freelancer is on no company surface (restored with the account).
      isNull(users.suspendedAt),
    ),
    'company',
    now,
  );
}

export function readFreelancerInterviews(db: DbOrTx, freelancerId: string, now: Date): Promise<Interview[]> {
  return readMany(db, and(eq(interviews.freelancerId, freelancerId)), 'freelancer', now);
}

export async function readInterview(db: DbOrTx, id: string, viewer: Viewer): Promise<Interview> {
  const [row] = await readQuery(db).where(eq(interviews.id, id));
  if (!row) throw new Error('interview vanished after its write');
  const slots = await slotsOf(db, [id]);
  return toInterview(row, slots.get(id) ?? [], viewer);
}

/** The two parties as mail needs them: address (when it may be mailed), name and zone. */
export type Party = { email: string | null; name: string; firstName: string; timeZone: string };
export type Parties = { company: Party & { id: string; ownerUserId: string }; freelancer: Party & { id: string } };

export async function readParties(db: DbOrTx, row: InterviewRow): Promise<Parties> {
  const [company] = await db
    .select({
      id: companies.id,
      name: companies.name,
      ownerUserId: companies.ownerUserId,
      email: users.email,
      firstName: users.firstName,
      verifiedAt: users.emailVerifiedAt,
      demo: users.demo,
      timeZone: companySettings.timeZone,
    })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.ownerUserId))
    .leftJoin(companySettings, eq(companySettings.companyId, companies.id))
    .where(eq(companies.id, row.companyId));
  const [freelancer] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      verifiedAt: users.emailVerifiedAt,
      demo: users.demo,
      timeZone: freelancerSettings.timeZone,
    })
    .from(users)
    .leftJoin(freelancerSettings, eq(freelancerSettings.userId, users.id))
    .where(eq(users.id, row.freelancerId));
  if (!company || !freelancer) throw new Error('interview without its parties');
  // Never a demo account, only a proven address (users.demo, email_verified_at).
  const mailable = (p: { email: string; verifiedAt: Date | null; demo: boolean }) => (p.demo || !p.verifiedAt ? null : p.email);
  return {
    company: {
      id: company.id,
      ownerUserId: company.ownerUserId,
      email: mailable(company),
      name: company.name,
      firstName: company.firstName,
      timeZone: company.timeZone ?? row.companyTimeZone,
    },
    freelancer: {
      id: freelancer.id,
      email: mailable(freelancer),
      name: `${freelancer.firstName} ${freelancer.lastName}`.trim(),
      firstName: freelancer.firstName,
      // Until the freelancer saves a zone (the web does on first visit), mail shows the company's, named.
      timeZone: freelancer.timeZone ?? row.companyTimeZone,
    },
  };
}

// ---- the service's statements (service.ts) ----

/** What a change of an interview may set. */
export type InterviewChange = PgUpdateSetSource<typeof interviews>;

/** The calendar SEQUENCE's next value (a change both calendars must see), for a change's `sequence`. */
export const nextSequence = (): SQL => sql`${interviews.sequence} + 1`;

/** The company of its owner, locked for the transaction when `lock` (null: none yet). */
export async function companyOfOwner(db: DbOrTx, ownerUserId: string, lock = false): Promise<CompanyRow | null> {
  const q = db.select().from(companies).where(eq(companies.ownerUserId, ownerUserId));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** The conditional write every change goes through: the row, or null when the status or version moved on. */
export async function updateInterview(
  tx: DbOrTx,
  before: InterviewRow,
  version: number,
  set: InterviewChange,
  now: Date,
): Promise<InterviewRow | null> {
  const [after] = await tx
    .update(interviews)
    .set({ ...set, version: sql`${interviews.version} + 1`, updatedAt: now })
    .where(and(eq(interviews.id, before.id), eq(interviews.status, before.status), eq(interviews.version, version)))
    .returning();
  return after ?? null;
}

/** Replaces the interview's proposed times, in order. */
export async function replaceSlots(tx: DbOrTx, interviewId: string, ranges: { start: Date; end: Date }[]): Promise<void> {
  await tx.delete(interviewSlots).where(eq(interviewSlots.interviewId, interviewId));
  await tx.insert(interviewSlots).values(ranges.map((r, position) => ({ interviewId, position, startsAt: r.start, endsAt: r.end })));
}

/** The company's candidate whose account is not suspended, or null. */
export async function findLiveCandidate(db: DbOrTx, companyId: string, candidateId: string) {
  const [candidate] = await db
    .select({ id: shortlistCandidates.id, freelancerId: shortlistCandidates.freelancerId, stage: shortlistCandidates.stage })
    .from(shortlistCandidates)
    .innerJoin(shortlists, eq(shortlists.id, shortlistCandidates.shortlistId))
    .innerJoin(users, eq(users.id, shortlistCandidates.freelancerId))
    .where(and(eq(shortlistCandidates.id, candidateId), eq(shortlists.companyId, companyId), isNull(users.suspendedAt)));
  return candidate ?? null;
}

/** The freelancer's talent search slug, or null (not findable). */
export async function searchSlugOf(db: DbOrTx, userId: string): Promise<{ slug: string } | null> {
  const [talent] = await db.select({ slug: talentSearch.slug }).from(talentSearch).where(eq(talentSearch.userId, userId));
  return talent ?? null;
}

/** The freelancer a company may find under this slug, or null. */
export async function searchableBySlug(db: DbOrTx, slug: string): Promise<{ userId: string } | null> {
  const [talent] = await db.select({ userId: talentSearch.userId }).from(talentSearch).where(eq(talentSearch.slug, slug));
  return talent ?? null;
}

/** The company's candidacies of this freelancer, the most recently moved first. */
export async function candidaciesOf(db: DbOrTx, companyId: string, freelancerId: string): Promise<{ id: string; stage: string }[]> {
  return db
    .select({ id: shortlistCandidates.id, stage: shortlistCandidates.stage })
    .from(shortlistCandidates)
    .innerJoin(shortlists, eq(shortlists.id, shortlistCandidates.shortlistId))
    .where(and(eq(shortlists.companyId, companyId), eq(shortlistCandidates.freelancerId, freelancerId)))
    .orderBy(desc(shortlistCandidates.updatedAt));
}

/** Whether the candidacy has an open interview. */
export async function hasOpenInterview(db: DbOrTx, candidateId: string): Promise<boolean> {
  const [open] = await db
    .select({ id: interviews.id })
    .from(interviews)
    .where(and(eq(interviews.candidateId, candidateId), inArray(interviews.status, [...OPEN_INTERVIEW_STATUSES])));
  return open !== undefined;
}

export async function insertInterview(tx: DbOrTx, values: typeof interviews.$inferInsert): Promise<InterviewRow | undefined> {
  const [row] = await tx.insert(interviews).values(values).returning();
  return row;
}

/** Locks the user's row: every accept of this freelancer waits for the one before it. */
export async function lockUser(tx: DbOrTx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** Another accepted interview of the freelancer that overlaps the time, or null. */
export async function acceptedOverlapping(
  db: DbOrTx,
  freelancerId: string,
  exceptId: string,
  time: { startsAt: Date; endsAt: Date },
): Promise<{ id: string } | null> {
  const [clash] = await db
    .select({ id: interviews.id })
    .from(interviews)
    .where(
      and(
        eq(interviews.freelancerId, freelancerId),
        eq(interviews.status, 'accepted'),
        ne(interviews.id, exceptId),
        lt(interviews.startsAt, time.endsAt),
        gt(interviews.endsAt, time.startsAt),
      ),
    )
    .limit(1);
  return clash ?? null;
}

export async function companyTimeZoneOf(db: DbOrTx, ownerUserId: string): Promise<{ timeZone: string | null } | null> {
  const [row] = await db
    .select({ timeZone: companySettings.timeZone })
    .from(companies)
    .leftJoin(companySettings, eq(companySettings.companyId, companies.id))
    .where(eq(companies.ownerUserId, ownerUserId));
  return row ?? null;
}

export async function saveCompanyTimeZoneRow(db: DbOrTx, companyId: string, timeZone: string, now: Date): Promise<void> {
  await db
    .insert(companySettings)
    .values({ companyId, timeZone, updatedAt: now })
    .onConflictDoUpdate({ target: companySettings.companyId, set: { timeZone, updatedAt: now } });
}

export async function freelancerTimeZoneOf(db: DbOrTx, userId: string): Promise<{ timeZone: string | null } | null> {
  const [row] = await db
    .select({ timeZone: freelancerSettings.timeZone })
    .from(freelancerSettings)
    .where(eq(freelancerSettings.userId, userId));
  return row ?? null;
}

export async function saveFreelancerTimeZoneRow(db: DbOrTx, userId: string, timeZone: string, now: Date): Promise<void> {
  await db
    .insert(freelancerSettings)
    .values({ userId, timeZone, updatedAt: now })
    .onConflictDoUpdate({ target: freelancerSettings.userId, set: { timeZone, updatedAt: now } });
}
