import { uuidOrNull } from '@talentloop/contract/validation/ids';
import { type Interview, type InterviewLocationKind, type InterviewStatus, isInterviewAhead } from '@talentloop/contract/api/interviews';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../infra/db/client.ts';
import {
  companies,
  companySettings,
  freelancerPrivacy,
  freelancerProfiles,
  freelancerSettings,
  interviewSlots,
  interviews,
  users,
} from '../../infra/db/schema.ts';

// Reads of interviews. Every read names its party (the caller's company, or the caller as the
// freelancer): an interview of anyone else is simply not found.

type Reader = Pick<Db, 'select'>;
export type InterviewRow = typeof interviews.$inferSelect;
export type SlotRow = typeof interviewSlots.$inferSelect;
export type Viewer = 'company' | 'freelancer';

/** The most interviews one list answers (newest first beyond the open ones). */
export const INTERVIEWS_LIST_MAX = 200;

/** One interview of this company, or null (also when its freelancer is suspended: gone from every company surface). */
export async function findCompanyInterview(db: Reader, companyId: string, id: unknown): Promise<InterviewRow | null> {
  const interviewId = uuidOrNull(id);
  if (!interviewId) return null;
  const [row] = await db
    .select({ interview: interviews })
    .from(interviews)
    .innerJoin(users, eq(users.id, interviews.freelancerId))
    .where(and(eq(interviews.id, interviewId), eq(interviews.companyId, companyId), isNull(users.suspendedAt)));
  return row?.interview ?? null;
}

/** One interview of this freelancer, or null. */
export async function findFreelancerInterview(db: Reader, freelancerId: string, id: unknown): Promise<InterviewRow | null> {
  const interviewId = uuidOrNull(id);
  if (!interviewId) return null;
  const [row] = await db
    .select()
    .from(interviews)
    .where(and(eq(interviews.id, interviewId), eq(interviews.freelancerId, freelancerId)));
  return row ?? null;
}

export async function slotsOf(db: Reader, interviewIds: readonly string[]): Promise<Map<string, SlotRow[]>> {
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

function readQuery(db: Reader) {
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

async function readMany(db: Reader, where: ReturnType<typeof and>, viewer: Viewer, now: Date): Promise<Interview[]> {
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

export function readCompanyInterviews(db: Reader, companyId: string, candidateId: string | null, now: Date): Promise<Interview[]> {
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

export function readFreelancerInterviews(db: Reader, freelancerId: string, now: Date): Promise<Interview[]> {
  return readMany(db, and(eq(interviews.freelancerId, freelancerId)), 'freelancer', now);
}

export async function readInterview(db: Reader, id: string, viewer: Viewer): Promise<Interview> {
  const [row] = await readQuery(db).where(eq(interviews.id, id));
  if (!row) throw new Error('interview vanished after its write');
  const slots = await slotsOf(db, [id]);
  return toInterview(row, slots.get(id) ?? [], viewer);
}

/** The two parties as mail needs them: address (when it may be mailed), name and zone. */
export type Party = { email: string | null; name: string; firstName: string; timeZone: string };
export type Parties = { company: Party & { id: string; ownerUserId: string }; freelancer: Party & { id: string } };

export async function readParties(db: Reader, row: InterviewRow): Promise<Parties> {
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
