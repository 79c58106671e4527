import { type SQL, and, asc, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../infra/db/client.ts';
import {
  companies,
  companySettings,
  engagementTerms,
  engagements,
  files,
  freelancerPrivacy,
  hires,
  milestones,
  timesheetReminders,
  timesheets,
  users,
} from '../../infra/db/schema.ts';
import { companiesWantingMail } from '../company-settings/service.ts';
import { mailableFreelancers } from '../talent-pool/service.ts';

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
export async function mailParties(db: DbOrTx, e: EngagementRow): Promise<MailParties> {
  const p = (await mailPartiesOf(db, [e])).get(e.id);
  if (!p) throw new Error('engagement without its parties');
  return p;
}

export type MailParties = ReturnType<typeof partiesOf> & { roleTitle: string };

/** `mailParties` and the role title of many engagements in five reads (the sweep's batch), by engagement id. */
export async function mailPartiesOf(db: DbOrTx, rows: readonly EngagementRow[]): Promise<Map<string, MailParties>> {
  const out = new Map<string, MailParties>();
  if (rows.length === 0) return out;
  const companyIds = [...new Set(rows.map((e) => e.companyId))];
  const freelancerIds = [...new Set(rows.map((e) => e.freelancerId))];
  const [owners, people, wanting, mailable, terms] = await Promise.all([
    db
      .select({
        id: companies.id,
        name: companies.name,
        email: users.email,
        firstName: users.firstName,
        verifiedAt: users.emailVerifiedAt,
        demo: users.demo,
      })
      .from(companies)
      .innerJoin(users, eq(users.id, companies.ownerUserId))
      .where(inArray(companies.id, companyIds)),
    db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, freelancerIds)),
    companiesWantingMail(db, companyIds, 'talent'),
    mailableFreelancers(db, freelancerIds, 'shortlist'),
    db
      .select({ engagementId: engagementTerms.engagementId, version: engagementTerms.version, terms: engagementTerms.terms })
      .from(engagementTerms)
      .where(
        inArray(
          engagementTerms.engagementId,
          rows.map((e) => e.id),
        ),
      ),
  ]);
  const companyOf = new Map(owners.map((c) => [c.id, c]));
  const personOf = new Map(people.map((p) => [p.id, p]));
  const titleOf = new Map(terms.map((t) => [`${t.engagementId}:${t.version}`, t.terms.roleTitle]));
  for (const e of rows) {
    const company = companyOf.get(e.companyId);
    const freelancer = personOf.get(e.freelancerId);
    if (!company || !freelancer) throw new Error('engagement without its parties');
    const f = mailable.get(e.freelancerId);
    out.set(e.id, {
      ...partiesOf(company, freelancer, wanting.has(e.companyId), f ? { email: f.email, firstName: f.firstName } : null),
      roleTitle: titleOf.get(`${e.id}:${e.termsVersion}`) ?? '',
    });
  }
  return out;
}

function partiesOf(
  company: { name: string; email: string; firstName: string; verifiedAt: Date | null; demo: boolean },
  freelancer: { firstName: string; lastName: string },
  companyWants: boolean,
  f: { email: string; firstName: string } | null,
) {
  const ownerProven = !company.demo && company.verifiedAt !== null;
  return {
    companyName: company.name,
    freelancerName: `${freelancer.firstName} ${freelancer.lastName}`.trim(),
    company: ownerProven && companyWants ? { to: company.email, firstName: company.firstName } : null,
    /** The owner's proven address whatever the choices (for a document the company must receive). */
    owner: ownerProven ? { to: company.email, firstName: company.firstName } : null,
    freelancer: f ? { to: f.email, firstName: f.firstName } : null,
  };
}

// Writes of engagements, terms, weeks and milestones (issue 34, moved here by issue 33). Each
// runs in the caller's transaction; a conditional write names the state and version it expects
// and returns null when the row was no longer there to change (someone answered first: 409).

/** The role title of the engagement's accepted terms ('' when none yet). */
export async function roleTitleOf(db: DbOrTx, e: EngagementRow): Promise<string> {
  const [t] = await db
    .select({ terms: engagementTerms.terms })
    .from(engagementTerms)
    .where(and(eq(engagementTerms.engagementId, e.id), eq(engagementTerms.version, e.termsVersion)));
  return t?.terms.roleTitle ?? '';
}

/** The hire's live (offered or active) engagement's id, or null. */
export async function liveEngagementOf(db: DbOrTx, hireId: string): Promise<string | null> {
  const [live] = await db
    .select({ id: engagements.id })
    .from(engagements)
    .where(and(eq(engagements.hireId, hireId), inArray(engagements.status, ['offered', 'active'])));
  return live?.id ?? null;
}

export async function insertEngagement(db: DbOrTx, values: typeof engagements.$inferInsert): Promise<EngagementRow> {
  const [e] = await db.insert(engagements).values(values).returning();
  if (!e) throw new Error('engagement insert returned nothing');
  return e;
}

/** One engagement by id (no party check: for a row the caller already holds). */
export async function engagementById(db: DbOrTx, id: string): Promise<EngagementRow | null> {
  const [row] = await db.select().from(engagements).where(eq(engagements.id, id));
  return row ?? null;
}

/** Changes the engagement's row and counts its version up; the row after. */
export async function updateEngagement(
  db: DbOrTx,
  id: string,
  set: Partial<typeof engagements.$inferInsert>,
  now: Date,
): Promise<EngagementRow | null> {
  const [after] = await db
    .update(engagements)
    .set({ ...set, version: sql`${engagements.version} + 1`, updatedAt: now })
    .where(eq(engagements.id, id))
    .returning();
  return after ?? null;
}

export async function insertTerms(db: DbOrTx, values: typeof engagementTerms.$inferInsert): Promise<void> {
  await db.insert(engagementTerms).values(values);
}

/** The highest terms version of the engagement (0 when none). */
export async function lastTermsVersion(db: DbOrTx, engagementId: string): Promise<number> {
  const [last] = await db
    .select({ max: sql<number>`max(${engagementTerms.version})` })
    .from(engagementTerms)
    .where(eq(engagementTerms.engagementId, engagementId));
  return Number(last?.max ?? 0);
}

/** One version of the engagement's terms, or null. */
export async function findTerms(db: DbOrTx, engagementId: string, version: number): Promise<TermsRow | null> {
  const [row] = await db
    .select()
    .from(engagementTerms)
    .where(and(eq(engagementTerms.engagementId, engagementId), eq(engagementTerms.version, version)));
  return row ?? null;
}

/** Records the answer on one version of the terms. */
export async function setTermsStatus(
  db: DbOrTx,
  engagementId: string,
  version: number,
  set: Pick<typeof engagementTerms.$inferInsert, 'status' | 'decidedAt' | 'declineReason'>,
): Promise<void> {
  await db
    .update(engagementTerms)
    .set(set)
    .where(and(eq(engagementTerms.engagementId, engagementId), eq(engagementTerms.version, version)));
}

export async function deleteMilestones(db: DbOrTx, ids: readonly string[]): Promise<void> {
  await db.delete(milestones).where(inArray(milestones.id, [...ids]));
}

/** Rewrites a milestone of the engagement still pending, then sets its position whatever its state. */
export async function updateMilestoneTerms(
  db: DbOrTx,
  engagementId: string,
  id: string,
  m: { position: number; title: string; amountMinor: number; dueDate: string },
  updatedAt: Date,
): Promise<void> {
  await db
    .update(milestones)
    .set({ position: m.position, title: m.title, amountMinor: m.amountMinor, dueDate: m.dueDate, updatedAt })
    .where(and(eq(milestones.id, id), eq(milestones.engagementId, engagementId), eq(milestones.status, 'pending')));
  await db
    .update(milestones)
    .set({ position: m.position })
    .where(and(eq(milestones.id, id), eq(milestones.engagementId, engagementId)));
}

export async function insertMilestone(db: DbOrTx, values: typeof milestones.$inferInsert): Promise<void> {
  await db.insert(milestones).values(values);
}

/** Sets a milestone's state from `from` (at `version` when given) and counts its version up; null when it was not there to change. */
export async function updateMilestone(
  db: DbOrTx,
  id: string,
  from: { status?: MilestoneRow['status']; version?: number },
  set: Partial<typeof milestones.$inferInsert>,
  now: Date,
): Promise<MilestoneRow | null> {
  const [after] = await db
    .update(milestones)
    .set({ ...set, version: sql`${milestones.version} + 1`, updatedAt: now })
    .where(
      and(
        eq(milestones.id, id),
        ...(from.status === undefined ? [] : [eq(milestones.status, from.status)]),
        ...(from.version === undefined ? [] : [eq(milestones.version, from.version)]),
      ),
    )
    .returning();
  return after ?? null;
}

export async function setMilestoneFundingInvoice(db: DbOrTx, id: string, invoiceId: string): Promise<void> {
  await db.update(milestones).set({ fundingInvoiceId: invoiceId }).where(eq(milestones.id, id));
}

/** How many of these files the user uploaded and attached (ids lower case). */
export async function ownAttachedFileCount(db: DbOrTx, userId: string, ids: readonly string[]): Promise<number> {
  const own = await db
    .select({ id: files.id })
    .from(files)
    .where(and(inArray(files.id, [...ids]), eq(files.ownerId, userId), isNotNull(files.attachedAt)));
  return own.length;
}

/** The stored type and size of files a submission names (the ones still stored), by id. */
export async function deliverablesOf(db: DbOrTx, ids: readonly string[]): Promise<Map<string, { mime: string; size: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: files.id, mime: files.mime, size: files.size })
    .from(files)
    .where(and(inArray(files.id, [...new Set(ids)]), isNotNull(files.attachedAt)));
  return new Map(rows.map((r) => [r.id, { mime: r.mime, size: r.size }]));
}

/** Sets a week's state from `from` (at `version` when given) and counts its version up; null when it was not there to change. */
export async function updateTimesheet(
  db: DbOrTx,
  id: string,
  from: { status?: TimesheetRow['status']; version?: number },
  set: Partial<typeof timesheets.$inferInsert>,
  now: Date,
): Promise<TimesheetRow | null> {
  const [after] = await db
    .update(timesheets)
    .set({ ...set, version: sql`${timesheets.version} + 1`, updatedAt: now })
    .where(
      and(
        eq(timesheets.id, id),
        ...(from.status === undefined ? [] : [eq(timesheets.status, from.status)]),
        ...(from.version === undefined ? [] : [eq(timesheets.version, from.version)]),
      ),
    )
    .returning();
  return after ?? null;
}

/** A week's first save (version 1); null when another first save of that week won (unique engagement, week). */
export async function insertWeek(
  db: DbOrTx,
  engagementId: string,
  weekStart: string,
  lines: TimesheetRow['lines'],
  now: Date,
): Promise<TimesheetRow | null> {
  const [saved] = await db
    .insert(timesheets)
    .values({ engagementId, weekStart, lines, version: 1, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  return saved ?? null;
}

/**
 * Approves many submitted weeks in one conditional statement (the sweep's batch): only those still
 * 'submitted' are set approved (version counted up); the rows it changed.
 */
export async function approveSubmittedWeeks(db: DbOrTx, ids: readonly string[], by: 'automatic', now: Date): Promise<TimesheetRow[]> {
  if (ids.length === 0) return [];
  return db
    .update(timesheets)
    .set({
      status: 'approved',
      approvedAt: now,
      approvedBy: by,
      autoApproveAt: null,
      version: sql`${timesheets.version} + 1`,
      updatedAt: now,
    })
    .where(and(inArray(timesheets.id, [...ids]), eq(timesheets.status, 'submitted')))
    .returning();
}

/** The statement that sets many weeks' invoices (run inside the batch's journal statement, decision 282). */
export function timesheetInvoicesStatement(pairs: ReadonlyArray<{ id: string; invoiceId: string }>): SQL {
  const values = sql.join(
    pairs.map((p) => sql`(${p.id}::uuid, ${p.invoiceId}::uuid)`),
    sql`, `,
  );
  return sql`UPDATE timesheets AS t SET invoice_id = v.invoice_id FROM (VALUES ${values}) AS v(id, invoice_id) WHERE t.id = v.id`;
}

export async function setTimesheetInvoice(db: DbOrTx, id: string, invoiceId: string): Promise<void> {
  await db.update(timesheets).set({ invoiceId }).where(eq(timesheets.id, id));
}

/**
 * The sweep's claims: up to `limit` submitted weeks (milestones) past their deadline, oldest
 * first, locked for the caller's transaction; a row another transaction holds is skipped
 * (FOR UPDATE SKIP LOCKED), so concurrent sweeps never take the same row.
 */
export async function claimDueTimesheets(db: DbOrTx, now: Date, limit: number) {
  return db
    .select({ timesheet: timesheets, engagement: engagements })
    .from(timesheets)
    .innerJoin(engagements, eq(engagements.id, timesheets.engagementId))
    .where(and(eq(timesheets.status, 'submitted'), lte(timesheets.autoApproveAt, now)))
    .orderBy(asc(timesheets.autoApproveAt))
    .limit(limit)
    .for('update', { of: timesheets, skipLocked: true });
}

/** The same weeks as `claimDueTimesheets`, read with no lock (decision 298: the guarded batch re-checks them). */
export async function peekDueTimesheets(db: DbOrTx, now: Date, limit: number) {
  return db
    .select({ timesheet: timesheets, engagement: engagements })
    .from(timesheets)
    .innerJoin(engagements, eq(engagements.id, timesheets.engagementId))
    .where(and(eq(timesheets.status, 'submitted'), lte(timesheets.autoApproveAt, now)))
    .orderBy(asc(timesheets.autoApproveAt))
    .limit(limit);
}

/** True when every one of these weeks is still submitted, due at `now`, at the version read: a guard's condition (decision 298). */
function weeksStillDueSql(weeks: ReadonlyArray<{ id: string; version: number }>, now: Date): SQL {
  const values = sql.join(
    weeks.map((w) => sql`(${w.id}::uuid, ${w.version}::int)`),
    sql`, `,
  );
  return sql`(SELECT count(*) FROM timesheets t JOIN (VALUES ${values}) AS v(id, version) ON t.id = v.id
    WHERE t.status = 'submitted' AND t.version = v.version AND t.auto_approve_at <= ${now.toISOString()}::timestamptz) = ${weeks.length}`;
}

/** The guard of a prepared batch (decision 298): its weeks still due as read, and `also` (the invoices' counters as read). */
export function batchGuard(weeks: ReadonlyArray<{ id: string; version: number }>, now: Date, also: SQL | undefined): SQL {
  return sql`SELECT ${weeksStillDueSql(weeks, now)} AND ${also ?? sql`true`} AS ok`;
}

/**
 * The statement approving many weeks automatically with their invoices (decision 298: in a guarded
 * transaction, after the invoices' statement): still 'submitted', as `approveSubmittedWeeks`.
 */
export function approveWeeksStatement(weeks: ReadonlyArray<{ id: string; invoiceId: string | null }>, now: Date): SQL {
  const values = sql.join(
    weeks.map((w) => sql`(${w.id}::uuid, ${w.invoiceId}::uuid)`),
    sql`, `,
  );
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`UPDATE timesheets AS t SET status = 'approved', approved_at = ${at}, approved_by = 'automatic', auto_approve_at = NULL,
      version = t.version + 1, updated_at = ${at}, invoice_id = coalesce(v.invoice_id, t.invoice_id)
    FROM (VALUES ${values}) AS v(id, invoice_id) WHERE t.id = v.id AND t.status = 'submitted'`;
}

export async function claimDueMilestones(db: DbOrTx, now: Date, limit: number) {
  return db
    .select({ milestone: milestones, engagement: engagements })
    .from(milestones)
    .innerJoin(engagements, eq(engagements.id, milestones.engagementId))
    .where(and(eq(milestones.status, 'submitted'), lte(milestones.autoApproveAt, now)))
    .orderBy(asc(milestones.autoApproveAt))
    .limit(limit)
    .for('update', { of: milestones, skipLocked: true });
}

export async function activeHourlyEngagements(db: DbOrTx): Promise<EngagementRow[]> {
  return db
    .select()
    .from(engagements)
    .where(and(eq(engagements.status, 'active'), eq(engagements.kind, 'hourly')));
}

/** Whether the engagement's week was submitted or approved. */
export async function weekSent(db: DbOrTx, engagementId: string, weekStart: string): Promise<boolean> {
  const [sent] = await db
    .select({ id: timesheets.id })
    .from(timesheets)
    .where(
      and(
        eq(timesheets.engagementId, engagementId),
        eq(timesheets.weekStart, weekStart),
        inArray(timesheets.status, ['submitted', 'approved']),
      ),
    );
  return sent !== undefined;
}

/** Claims the week's reminder by its (engagement, week) key: true for the one caller that inserted it. */
export async function claimReminder(db: DbOrTx, engagementId: string, weekStart: string, now: Date): Promise<boolean> {
  const [claimed] = await db.insert(timesheetReminders).values({ engagementId, weekStart, sentAt: now }).onConflictDoNothing().returning();
  return claimed !== undefined;
}

// ---- ending with notice (issue 35) ----

/**
 * Claims active engagements whose end date has begun in their own zone, FOR UPDATE SKIP LOCKED (a
 * row another instance holds is skipped): the sweep ends each once.
 */
export async function claimEndingEngagements(db: DbOrTx, now: Date, limit: number): Promise<EngagementRow[]> {
  return db
    .select()
    .from(engagements)
    .where(
      and(
        eq(engagements.status, 'active'),
        isNotNull(engagements.endDate),
        sql`${engagements.endDate} <= (${now.toISOString()}::timestamptz AT TIME ZONE ${engagements.timeZone})::date`,
      ),
    )
    .orderBy(asc(engagements.endDate), asc(engagements.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Ends an active engagement (a conditional write: null when it is no longer active). */
export async function markEngagementEnded(db: DbOrTx, id: string, now: Date): Promise<EngagementRow | null> {
  const [after] = await db
    .update(engagements)
    .set({
      status: 'ended',
      endedAt: now,
      earlyEndDate: null,
      earlyEndBy: null,
      earlyEndAt: null,
      version: sql`${engagements.version} + 1`,
      updatedAt: now,
    })
    .where(and(eq(engagements.id, id), eq(engagements.status, 'active')))
    .returning();
  return after ?? null;
}

/** The hire of an ended engagement is finished (once: a finished hire stays as it was); its review opens by the reviews rule. */
export async function finishHireOf(db: DbOrTx, hireId: string, now: Date): Promise<void> {
  await db
    .update(hires)
    .set({ finishedAt: now, version: sql`${hires.version} + 1` })
    .where(and(eq(hires.id, hireId), sql`${hires.finishedAt} IS NULL`));
}
