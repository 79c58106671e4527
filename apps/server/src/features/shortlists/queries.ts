import { SHORTLIST_STAGES, type Candidate, type ShortlistStage, type ShortlistSummary } from '@talentloop/contract/api/shortlists';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client.ts';
import { freelancerPrivacy, freelancerProfiles, shortlistCandidates, shortlists, users } from '../../infra/db/schema.ts';

// Reads of a company's shortlists. Every read names the company (the caller's own, found by its
// owner): a list of another company is simply not found.

type Reader = Pick<Db, 'select'>;
export type ShortlistRow = typeof shortlists.$inferSelect;
export type CandidateRow = typeof shortlistCandidates.$inferSelect;

const emptyCounts = (): Record<ShortlistStage, number> =>
  Object.fromEntries(SHORTLIST_STAGES.map((s) => [s, 0])) as Record<ShortlistStage, number>;

export async function countsOf(db: Reader, ids: readonly string[]): Promise<Map<string, Record<ShortlistStage, number>>> {
  const out = new Map(ids.map((id) => [id, emptyCounts()]));
  if (ids.length === 0) return out;
  const rows = await db
    .select({ id: shortlistCandidates.shortlistId, stage: shortlistCandidates.stage, n: sql<number>`count(*)::int` })
    .from(shortlistCandidates)
    .innerJoin(users, eq(users.id, shortlistCandidates.freelancerId))
    .where(and(inArray(shortlistCandidates.shortlistId, [...ids]), isNull(users.suspendedAt)))
    .groupBy(shortlistCandidates.shortlistId, shortlistCandidates.stage);
  for (const r of rows) {
    const counts = out.get(r.id);
    if (counts && (SHORTLIST_STAGES as readonly string[]).includes(r.stage)) counts[r.stage as ShortlistStage] = Number(r.n);
  }
  return out;
}

export function toSummary(row: ShortlistRow, counts: Record<ShortlistStage, number> = emptyCounts()): ShortlistSummary {
  return { id: row.id, name: row.name, version: row.version, createdAt: row.createdAt.toISOString(), counts };
}

export async function readSummary(db: Reader, row: ShortlistRow): Promise<ShortlistSummary> {
  return toSummary(row, (await countsOf(db, [row.id])).get(row.id));
}

/** The company's lists, newest first, with candidates per stage. */
export async function listSummaries(db: Reader, companyId: string): Promise<ShortlistSummary[]> {
  const rows = await db
    .select()
    .from(shortlists)
    .where(eq(shortlists.companyId, companyId))
    .orderBy(desc(shortlists.createdAt), desc(shortlists.id));
  const counts = await countsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toSummary(r, counts.get(r.id)));
}

/** One list of this company, or null (unknown, or another company's). */
export async function findShortlist(db: Reader, companyId: string, shortlistId: string): Promise<ShortlistRow | null> {
  const [row] = await db
    .select()
    .from(shortlists)
    .where(and(eq(shortlists.id, shortlistId), eq(shortlists.companyId, companyId)));
  return row ?? null;
}

/** One candidate of this list, or null (also when the freelancer is suspended: on no company surface until reactivated). */
export async function findCandidate(db: Reader, shortlistId: string, candidateId: string): Promise<CandidateRow | null> {
  const [row] = await db
    .select({ candidate: shortlistCandidates })
    .from(shortlistCandidates)
    .innerJoin(users, eq(users.id, shortlistCandidates.freelancerId))
    .where(and(eq(shortlistCandidates.id, candidateId), eq(shortlistCandidates.shortlistId, shortlistId), isNull(users.suspendedAt)));
  return row?.candidate ?? null;
}

const candidateColumns = {
  candidate: shortlistCandidates,
  slug: freelancerPrivacy.slug,
  firstName: users.firstName,
  lastName: users.lastName,
  photoUrl: users.profilePhotoUrl,
  occupation: freelancerProfiles.occupation,
  demo: users.demo,
};

type CandidateJoin = {
  candidate: CandidateRow;
  slug: string | null;
  firstName: string;
  lastName: string;
  photoUrl: string | null;
  occupation: string | null;
  demo: boolean;
};

function toCandidate(r: CandidateJoin): Candidate {
  const c = r.candidate;
  return {
    id: c.id,
    slug: r.slug ?? '',
    firstName: r.firstName,
    lastName: r.lastName,
    photoUrl: r.photoUrl,
    occupation: r.occupation,
    demo: r.demo,
    stage: c.stage as ShortlistStage,
    reason: c.reason,
    note: c.note,
    version: c.version,
    addedAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

function candidateQuery(db: Reader) {
  return db
    .select(candidateColumns)
    .from(shortlistCandidates)
    .innerJoin(users, eq(users.id, shortlistCandidates.freelancerId))
    .leftJoin(freelancerProfiles, eq(freelancerProfiles.userId, shortlistCandidates.freelancerId))
    .leftJoin(freelancerPrivacy, eq(freelancerPrivacy.userId, shortlistCandidates.freelancerId));
}

/** The list's candidates in the order they were added (a suspended freelancer's left out until reactivated). */
export async function readCandidates(db: Reader, shortlistId: string): Promise<Candidate[]> {
  const rows = await candidateQuery(db)
    .where(and(eq(shortlistCandidates.shortlistId, shortlistId), isNull(users.suspendedAt)))
    .orderBy(asc(shortlistCandidates.createdAt), asc(shortlistCandidates.id));
  return rows.map(toCandidate);
}

export async function readCandidate(db: Reader, candidateId: string): Promise<Candidate> {
  const [row] = await candidateQuery(db).where(eq(shortlistCandidates.id, candidateId));
  if (!row) throw new Error('candidate vanished after its write');
  return toCandidate(row);
}
