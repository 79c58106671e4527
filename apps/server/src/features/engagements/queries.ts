import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../infra/db/client.ts';
import {
  companies,
  companySettings,
  engagementTerms,
  engagements,
  freelancerPrivacy,
  hires,
  milestones,
  timesheets,
  users,
} from '../../infra/db/schema.ts';
import { companyWantsMail } from '../company-settings/service.ts';
import { mailableFreelancer } from '../talent-pool/service.ts';

// Reads of engagements (issue 34). Every read names its party (the caller's company, or the caller
// as the freelancer): anyone else's engagement, week or milestone is simply not found.

export type EngagementRow = typeof engagements.$inferSelect;
export type TermsRow = typeof engagementTerms.$inferSelect;
export type TimesheetRow = typeof timesheets.$inferSelect;
export type MilestoneRow = typeof milestones.$inferSelect;
export type HireRow = typeof hires.$inferSelect;

/** The most engagements one list answers (newest first). */
export const ENGAGEMENTS_LIST_MAX = 200;

export async function companyIdOf(db: DbOrTx, ownerUserId: string): Promise<string | null> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.ownerUserId, ownerUserId));
  return row?.id ?? null;
}

export async function companyHire(db: DbOrTx, companyId: string, hireId: string): Promise<HireRow | null> {
  const [row] = await db
    .select()
    .from(hires)
    .where(and(eq(hires.id, hireId), eq(hires.companyId, companyId)));
  return row ?? null;
}

/** The company's zone (its settings), else null. */
export async function companyZone(db: DbOrTx, companyId: string): Promise<string | null> {
  const [row] = await db.select({ zone: companySettings.timeZone }).from(companySettings).where(eq(companySettings.companyId, companyId));
  return row?.zone ?? null;
}

export type Side = { kind: 'company'; companyId: string } | { kind: 'freelancer'; userId: string };

const sideFilter = (side: Side) =>
  side.kind === 'company' ? eq(engagements.companyId, side.companyId) : eq(engagements.freelancerId, side.userId);

/** One engagement of this party (locked for the caller's transaction when `lock`), or null. */
export async function findEngagement(db: DbOrTx, side: Side, id: string, lock = false): Promise<EngagementRow | null> {
  const q = db
    .select()
    .from(engagements)
    .where(and(eq(engagements.id, id), sideFilter(side)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function listEngagementRows(db: DbOrTx, side: Side): Promise<EngagementRow[]> {
  return db
    .select()
    .from(engagements)
    .where(sideFilter(side))
    .orderBy(desc(engagements.createdAt), desc(engagements.id))
    .limit(ENGAGEMENTS_LIST_MAX);
}

export async function termsOf(db: DbOrTx, ids: readonly string[]): Promise<Map<string, TermsRow[]>> {
  const out = new Map<string, TermsRow[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .select()
    .from(engagementTerms)
    .where(inArray(engagementTerms.engagementId, [...ids]))
    .orderBy(asc(engagementTerms.version));
  for (const r of rows) out.set(r.engagementId, [...(out.get(r.engagementId) ?? []), r]);
  return out;
}

export async function timesheetsOf(db: DbOrTx, ids: readonly string[]): Promise<Map<string, TimesheetRow[]>> {
  const out = new Map<string, TimesheetRow[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .select()
    .from(timesheets)
    .where(inArray(timesheets.engagementId, [...ids]))
    .orderBy(desc(timesheets.weekStart));
  for (const r of rows) out.set(r.engagementId, [...(out.get(r.engagementId) ?? []), r]);
  return out;
}

export async function milestonesOf(db: DbOrTx, ids: readonly string[]): Promise<Map<string, MilestoneRow[]>> {
  const out = new Map<string, MilestoneRow[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .select()
    .from(milestones)
    .where(inArray(milestones.engagementId, [...ids]))
    .orderBy(asc(milestones.position));
  for (const r of rows) out.set(r.engagementId, [...(out.get(r.engagementId) ?? []), r]);
  return out;
}

export type Names = { companyName: string; firstName: string; lastName: string; slug: string | null };

export async function namesOf(db: DbOrTx, rows: readonly EngagementRow[]): Promise<Map<string, Names>> {
  const out = new Map<string, Names>();
  if (rows.length === 0) return out;
  const found = await db
    .select({
      id: engagements.id,
      companyName: companies.name,
      firstName: users.firstName,
      lastName: users.lastName,
      slug: freelancerPrivacy.slug,
    })
    .from(engagements)
    .innerJoin(companies, eq(companies.id, engagements.companyId))
    .innerJoin(users, eq(users.id, engagements.freelancerId))
    .leftJoin(freelancerPrivacy, eq(freelancerPrivacy.userId, engagements.freelancerId))
    .where(
      inArray(
        engagements.id,
        rows.map((r) => r.id),
      ),
    );
  for (const f of found) out.set(f.id, { companyName: f.companyName, firstName: f.firstName, lastName: f.lastName, slug: f.slug });
  return out;
}

/** A week of one of this party's engagements, with its engagement; null for anyone else's. */
export async function findTimesheet(db: DbOrTx, side: Side, id: string, lock = false) {
  const q = db
    .select({ timesheet: timesheets, engagement: engagements })
    .from(timesheets)
    .innerJoin(engagements, eq(engagements.id, timesheets.engagementId))
    .where(and(eq(timesheets.id, id), sideFilter(side)));
  const [row] = lock ? await q.for('update', { of: timesheets }) : await q;
  return row ?? null;
}

export async function findWeek(db: DbOrTx, engagementId: string, weekStart: string, lock = false): Promise<TimesheetRow | null> {
  const q = db
    .select()
    .from(timesheets)
    .where(and(eq(timesheets.engagementId, engagementId), eq(timesheets.weekStart, weekStart)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function findMilestone(db: DbOrTx, side: Side, id: string, lock = false) {
  const q = db
    .select({ milestone: milestones, engagement: engagements })
    .from(milestones)
    .innerJoin(engagements, eq(engagements.id, milestones.engagementId))
    .where(and(eq(milestones.id, id), sideFilter(side)));
  const [row] = lock ? await q.for('update', { of: milestones }) : await q;
  return row ?? null;
}

/**
 * The two parties as mail needs them: each address only when it may be mailed (proven, not a demo,
 * the kind chosen: 'talent' for the company, 'shortlist' for the freelancer), else null; `owner`
 * is the company owner's proven address whatever the choices.
 */
export async function mailParties(db: DbOrTx, e: EngagementRow) {
  const [company] = await db
    .select({
      name: companies.name,
      email: users.email,
      firstName: users.firstName,
      verifiedAt: users.emailVerifiedAt,
      demo: users.demo,
    })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.ownerUserId))
    .where(eq(companies.id, e.companyId));
  const [freelancer] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, e.freelancerId));
  if (!company || !freelancer) throw new Error('engagement without its parties');
  const ownerProven = !company.demo && company.verifiedAt !== null;
  const companyMailable = ownerProven && (await companyWantsMail(db, e.companyId, 'talent'));
  const f = await mailableFreelancer(db, e.freelancerId, 'shortlist');
  return {
    companyName: company.name,
    freelancerName: `${freelancer.firstName} ${freelancer.lastName}`.trim(),
    company: companyMailable ? { to: company.email, firstName: company.firstName } : null,
    /** The owner's proven address whatever the choices (for a document the company must receive). */
    owner: ownerProven ? { to: company.email, firstName: company.firstName } : null,
    freelancer: f ? { to: f.email, firstName: f.firstName } : null,
  };
}
