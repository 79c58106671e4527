import { SHORTLIST_STAGES, type Candidate, type ShortlistStage, type ShortlistSummary } from '@talentloop/contract/api/shortlists';
import { and, asc, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../infra/db/client.ts';
import {
  companies,
  freelancerPrivacy,
  freelancerProfiles,
  shortlistCandidates,
  shortlists,
  talentEvents,
  talentSearch,
  users,
} from '../../infra/db/schema.ts';
import type { CompanyRow } from '../company/service.ts';

// Reads of a company's shortlists. Every read names the company (the caller's own, found by its
// owner): a list of another company is simply not found.

export type ShortlistRow = typeof shortlists.$inferSelect;
export type CandidateRow = typeof shortlistCandidates.$inferSelect;

const emptyCounts = (): Record<ShortlistStage, number> =>
  Object.fromEntries(SHORTLIST_STAGES.map((s) => [s, 0])) as Record<ShortlistStage, number>;

export async function countsOf(db: DbOrTx, ids: readonly string[]): Promise<Map<string, Record<ShortlistStage, number>>> {
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

export async function readSummary(db: DbOrTx, row: ShortlistRow): Promise<ShortlistSummary> {
  return toSummary(row, (await countsOf(db, [row.id])).get(row.id));
}

/** The company's lists, newest first, with candidates per stage. */
export async function listSummaries(db: DbOrTx, companyId: string): Promise<ShortlistSummary[]> {
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
export async function findShortlist(db: DbOrTx, companyId: string, shortlistId: string): Promise<ShortlistRow | null> {
  const [row] = await db
    .select()
    .from(shortlists)
    .where(and(eq(shortlists.id, shortlistId), eq(shortlists.companyId, companyId)));
  return row ?? null;
}

/** One candidate of this list, or null (also when the freelancer is suspended: on no company surface until reactivated). */
export async function findCandidate(db: DbOrTx, shortlistId: string, candidateId: string): Promise<CandidateRow | null> {
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

function candidateQuery(db: DbOrTx) {
  return db
    .select(candidateColumns)
    .from(shortlistCandidates)
    .innerJoin(users, eq(users.id, shortlistCandidates.freelancerId))
    .leftJoin(freelancerProfiles, eq(freelancerProfiles.userId, shortlistCandidates.freelancerId))
    .leftJoin(freelancerPrivacy, eq(freelancerPrivacy.userId, shortlistCandidates.freelancerId));
}

/** The list's candidates in the order they were added (a suspended freelancer's left out until reactivated). */
export async function readCandidates(db: DbOrTx, shortlistId: string): Promise<Candidate[]> {
  const rows = await candidateQuery(db)
    .where(and(eq(shortlistCandidates.shortlistId, shortlistId), isNull(users.suspendedAt)))
    .orderBy(asc(shortlistCandidates.createdAt), asc(shortlistCandidates.id));
  return rows.map(toCandidate);
}

export async function readCandidate(db: DbOrTx, candidateId: string): Promise<Candidate> {
  const [row] = await candidateQuery(db).where(eq(shortlistCandidates.id, candidateId));
  if (!row) throw new Error('candidate vanished after its write');
  return toCandidate(row);
}

// ---- the service's statements (service.ts) ----

/** The company of its owner, its row locked for the transaction; null when there is none yet. */
export async function lockCompanyOfOwner(tx: DbOrTx, ownerUserId: string): Promise<CompanyRow | null> {
  const [row] = await tx.select().from(companies).where(eq(companies.ownerUserId, ownerUserId)).for('update');
  return row ?? null;
}

export async function findCompanyOfOwner(db: DbOrTx, ownerUserId: string): Promise<CompanyRow | null> {
  const [row] = await db.select().from(companies).where(eq(companies.ownerUserId, ownerUserId));
  return row ?? null;
}

export async function countShortlists(db: DbOrTx, companyId: string): Promise<number> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(shortlists).where(eq(shortlists.companyId, companyId));
  return Number(n);
}

export async function insertShortlist(tx: DbOrTx, companyId: string, name: string, now: Date): Promise<ShortlistRow | undefined> {
  const [row] = await tx.insert(shortlists).values({ companyId, name, createdAt: now, updatedAt: now }).returning();
  return row;
}

/** Renames the list from `version`: the row, or null when it moved on. */
export async function renameShortlist(tx: DbOrTx, id: string, name: string, version: number, now: Date): Promise<ShortlistRow | null> {
  const [row] = await tx
    .update(shortlists)
    .set({ name, version: sql`${shortlists.version} + 1`, updatedAt: now })
    .where(and(eq(shortlists.id, id), eq(shortlists.version, version)))
    .returning();
  return row ?? null;
}

/** Another list of the company with this name (case-insensitive), or null. */
export async function otherListNamed(db: DbOrTx, companyId: string, name: string, exceptId: string | null): Promise<{ id: string } | null> {
  const [taken] = await db
    .select({ id: shortlists.id })
    .from(shortlists)
    .where(
      and(
        eq(shortlists.companyId, companyId),
        sql`lower(${shortlists.name}) = lower(${name})`,
        exceptId ? ne(shortlists.id, exceptId) : undefined,
      ),
    );
  return taken ?? null;
}

export async function candidatesOf(db: DbOrTx, shortlistId: string): Promise<{ id: string; freelancerId: string }[]> {
  return db
    .select({ id: shortlistCandidates.id, freelancerId: shortlistCandidates.freelancerId })
    .from(shortlistCandidates)
    .where(eq(shortlistCandidates.shortlistId, shortlistId));
}

/** Deletes the list from `version` (its candidates go with it): null when it moved on. */
export async function deleteShortlist(tx: DbOrTx, id: string, version: number): Promise<{ id: string } | null> {
  const [gone] = await tx
    .delete(shortlists)
    .where(and(eq(shortlists.id, id), eq(shortlists.version, version)))
    .returning({ id: shortlists.id });
  return gone ?? null;
}

/** The freelancer a company may find under this slug (a talent search row), or null. */
export async function findSearchableBySlug(db: DbOrTx, slug: string): Promise<{ userId: string } | null> {
  const [talent] = await db.select({ userId: talentSearch.userId }).from(talentSearch).where(eq(talentSearch.slug, slug));
  return talent ?? null;
}

/** The list's candidates other than this freelancer. */
export async function countOtherCandidates(db: DbOrTx, shortlistId: string, freelancerId: string): Promise<number> {
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(shortlistCandidates)
    .where(and(eq(shortlistCandidates.shortlistId, shortlistId), ne(shortlistCandidates.freelancerId, freelancerId)));
  return Number(n);
}

/** Adds the freelancer to the list: the row, or null when they are on it already. */
export async function insertCandidate(tx: DbOrTx, shortlistId: string, freelancerId: string, now: Date): Promise<CandidateRow | null> {
  const [inserted] = await tx
    .insert(shortlistCandidates)
    .values({ shortlistId, freelancerId, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [shortlistCandidates.shortlistId, shortlistCandidates.freelancerId] })
    .returning();
  return inserted ?? null;
}

/** Saves a candidate's stage, reason and note from `version`: the row, or null when it moved on. */
export async function updateCandidateRow(
  tx: DbOrTx,
  id: string,
  version: number,
  set: { stage: ShortlistStage; reason: string | null; note: string },
  now: Date,
): Promise<CandidateRow | null> {
  const [after] = await tx
    .update(shortlistCandidates)
    .set({ ...set, version: sql`${shortlistCandidates.version} + 1`, updatedAt: now })
    .where(and(eq(shortlistCandidates.id, id), eq(shortlistCandidates.version, version)))
    .returning();
  return after ?? null;
}

/** Deletes a candidate from `version`: the row, or null when it moved on. */
export async function deleteCandidate(tx: DbOrTx, id: string, version: number): Promise<CandidateRow | null> {
  const [gone] = await tx
    .delete(shortlistCandidates)
    .where(and(eq(shortlistCandidates.id, id), eq(shortlistCandidates.version, version)))
    .returning();
  return gone ?? null;
}

/** A move's timeline event. */
export async function insertMoveEvent(tx: DbOrTx, event: typeof talentEvents.$inferInsert): Promise<void> {
  await tx.insert(talentEvents).values(event);
}

/** A company's candidate with its list and company, or null. */
export async function findCompanyCandidate(db: DbOrTx, companyId: string, candidateId: string) {
  const [found] = await db
    .select({ candidate: shortlistCandidates, list: shortlists, company: companies })
    .from(shortlistCandidates)
    .innerJoin(shortlists, eq(shortlists.id, shortlistCandidates.shortlistId))
    .innerJoin(companies, eq(companies.id, shortlists.companyId))
    .where(and(eq(shortlistCandidates.id, candidateId), eq(shortlists.companyId, companyId)));
  return found ?? null;
}

/** Shortlisted -> Interview: the row, or null when it was no longer Shortlisted. */
export async function moveShortlistedToInterview(tx: DbOrTx, id: string, now: Date): Promise<CandidateRow | null> {
  const [after] = await tx
    .update(shortlistCandidates)
    .set({ stage: 'interview', reason: null, version: sql`${shortlistCandidates.version} + 1`, updatedAt: now })
    .where(and(eq(shortlistCandidates.id, id), eq(shortlistCandidates.stage, 'shortlisted')))
    .returning();
  return after ?? null;
}
