import {
  INVOICE_DUE_DAYS,
  type Timesheet,
  type TimesheetLine,
  addDays,
  localDay,
  timesheetAutoApproveAt,
  timesheetProblem,
  weekAmount,
} from '@talentloop/contract/api/engagements';
import { type Currency, hoursAmount } from '@talentloop/contract/rules/money';
import { AppError } from '../../http/app-error.ts';
import type { Tx } from '../../infra/db/client.ts';
import { invoiceMailFor } from './invoice-mail.ts';
import { weekApprovedMail, weekQueriedMail, weekSubmittedMail } from './mails.ts';
import { type IssueInvoiceInput, issueInvoice } from '../invoices/service.ts';
import {
  type EngagementRow,
  type MailParties,
  type TimesheetRow,
  companyZone,
  findEngagement,
  findTimesheet,
  findWeek,
  insertWeek,
  mailParties,
  roleTitleOf,
  setTimesheetInvoice,
  updateTimesheet,
} from './queries.ts';
import { type Deps, type Urls, companySide, freelancerSide, queue, urlsOf } from './service.ts';
import { toTimesheet } from './views.ts';

// Weekly timesheets of hourly engagements (issue 34). The freelancer saves a week's lines (drafts,
// `version` for stale saves) and submits it; the company approves the version it saw or queries
// days with a reason (the freelancer edits and submits again). A company never edits hours, and a
// freelancer never approves (the contract's roles: 403). A draft is the freelancer's alone: the
// company's reads of it are 404. Approving is one conditional write on the locked row (status
// 'submitted' and the version seen): of any number of approvals at once one wins, the rest are 409,
// and the week's invoice is issued in the same transaction. The sweep (sweep.ts) approves weeks
// left unanswered past their deadline through the same `approveWeek`.

/** Why a week cannot be used now: before the engagement, after its end, or not begun yet in its zone. */
function weekOutside(e: EngagementRow, weekStart: string, now: Date): boolean {
  const today = localDay(now, e.timeZone);
  return addDays(weekStart, 6) < e.startDate || weekStart > today || (e.endDate !== null && weekStart > e.endDate);
}

/**
 * Approves a submitted week (by the company, or automatically) in the caller's transaction: the
 * row is set approved only if it is still 'submitted' (at `version` when given); null when it was
 * not (someone else answered first). Issues the invoice and queues both mails.
 */
export async function approveWeek(
  tx: Tx,
  urls: Urls,
  e: EngagementRow,
  sheet: TimesheetRow,
  by: 'company' | 'automatic',
  now: Date,
  version?: number,
): Promise<TimesheetRow | null> {
  const after = await updateTimesheet(
    tx,
    sheet.id,
    { status: 'submitted', version },
    { status: 'approved', approvedAt: now, approvedBy: by, autoApproveAt: null },
    now,
  );
  if (!after) return null;
  const input = weekInvoiceInput(e, after, now);
  // A week that comes to nothing (tiny hours at a tiny rate) is approved without an invoice (decision 241).
  const invoice = input ? await issueInvoice(tx, input) : null;
  if (invoice) {
    await setTimesheetInvoice(tx, after.id, invoice.invoiceId);
    after.invoiceId = invoice.invoiceId;
  }
  const week = approvedWeekFacts(e, after, by);
  const p = await mailParties(tx, e);
  const party = { ...p, roleTitle: await roleTitleOf(tx, e) };
  await queue(
    tx,
    [...weekApprovedMails(urls, party, week), invoice && (await invoiceMailFor(tx, e, urls, party, invoiceFacts(week)))],
    now,
  );
  return after;
}

/** The rate a week is paid at: the one stored when it was submitted, else the engagement's. */
const weekRate = (e: EngagementRow, sheet: TimesheetRow) => sheet.rateMinor ?? e.rateMinor ?? 0;

/**
 * The invoice of an approved week: one line per day (hours x rate, rounded half up), lines that
 * round to nothing left out; null when the whole week comes to nothing (no zero invoice).
 */
export function weekInvoiceInput(e: EngagementRow, sheet: TimesheetRow, now: Date): IssueInvoiceInput | null {
  const currency = e.currency as Currency;
  const rate = weekRate(e, sheet);
  const lines = sheet.lines
    .map((l) => ({
      description: `${l.day}: ${l.description}`,
      quarterHours: l.quarterHours,
      unitMinor: rate,
      amountMinor: hoursAmount(l.quarterHours, rate, currency),
    }))
    .filter((l) => l.amountMinor > 0);
  if (lines.length === 0) return null;
  return {
    engagementId: e.id,
    companyId: e.companyId,
    freelancerId: e.freelancerId,
    currency,
    source: { kind: 'timesheet', id: sheet.id },
    purpose: 'work_approved',
    lines,
    issueDate: localDay(now, e.timeZone),
    dueDays: INVOICE_DUE_DAYS,
  };
}

export type ApprovedWeek = ReturnType<typeof approvedWeekFacts>;

/** What the approval mails say of a week. */
export function approvedWeekFacts(e: EngagementRow, sheet: TimesheetRow, by: 'company' | 'automatic') {
  const currency = e.currency as Currency;
  return {
    weekStart: sheet.weekStart,
    totalQuarterHours: sheet.lines.reduce((s, l) => s + l.quarterHours, 0),
    amountMinor: weekAmount(sheet.lines, weekRate(e, sheet), currency),
    currency,
    by,
  };
}

/** The week-approved mails to both parties (each only where it may be mailed). */
export function weekApprovedMails(urls: Urls, party: MailParties, week: ApprovedWeek) {
  return [
    party.freelancer && weekApprovedMail({ ...party.freelancer, url: urls.freelancer }, party, { ...week, recipient: 'freelancer' }),
    party.company && weekApprovedMail({ ...party.company, url: urls.company }, party, { ...week, recipient: 'company' }),
  ];
}

export const invoiceFacts = (week: ApprovedWeek) => ({
  what: `the week of ${week.weekStart}`,
  amountMinor: week.amountMinor,
  currency: week.currency,
});

export function createTimesheetService({ db, clock, config }: Deps) {
  const urls = urlsOf(config);

  async function ownEngagement(tx: Tx, userId: string, engagementId: string, lock: boolean) {
    const e = await findEngagement(tx, freelancerSide(userId), engagementId, lock);
    if (!e) throw new AppError('TL_CORE_18100_E');
    return e;
  }

  async function getWeek(userId: string, engagementId: string, weekStart: string): Promise<Timesheet> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const e = await ownEngagement(tx, userId, engagementId, false);
      if (e.status !== 'active' && e.status !== 'ended') throw new AppError('TL_CORE_18104_E');
      if (e.kind !== 'hourly') throw new AppError('TL_CORE_18104_E');
      if (weekOutside(e, weekStart, now)) throw new AppError('TL_CORE_18113_E');
      return toTimesheet(e, await findWeek(tx, e.id, weekStart), weekStart, now);
    });
  }

  async function saveWeek(
    userId: string,
    engagementId: string,
    weekStart: string,
    version: number,
    lines: TimesheetLine[],
  ): Promise<Timesheet> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const e = await ownEngagement(tx, userId, engagementId, true);
      if ((e.status !== 'active' && e.status !== 'ended') || e.kind !== 'hourly') throw new AppError('TL_CORE_18104_E');
      if (weekOutside(e, weekStart, now)) throw new AppError('TL_CORE_18113_E');
      const row = await findWeek(tx, e.id, weekStart, true);
      if ((row?.version ?? 0) !== version) throw new AppError('TL_CORE_10110_E');
      if (row && (row.status === 'submitted' || row.status === 'approved')) throw new AppError('TL_CORE_18115_E');
      const problem = timesheetProblem(lines, {
        weekStart,
        startDate: e.startDate,
        endDate: e.endDate,
        today: localDay(now, e.timeZone),
        weeklyCapHours: e.weeklyCapHours ?? 0,
      });
      if (problem) throw new AppError('TL_CORE_18114_E', problem.day ? `${problem.day}: ${problem.message}` : problem.message);
      const sorted = [...lines].sort((a, b) => a.day.localeCompare(b.day));
      let saved: TimesheetRow | null;
      if (row) {
        saved = await updateTimesheet(tx, row.id, {}, { lines: sorted }, now);
      } else {
        // Two first saves at once: the unique (engagement, week) refuses the second (stale: 409).
        saved = await insertWeek(tx, e.id, weekStart, sorted, now);
        if (!saved) throw new AppError('TL_CORE_10110_E');
      }
      return toTimesheet(e, saved, weekStart, now);
    });
  }

  async function submitWeek(userId: string, engagementId: string, weekStart: string, version: number): Promise<Timesheet> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const e = await ownEngagement(tx, userId, engagementId, true);
      if ((e.status !== 'active' && e.status !== 'ended') || e.kind !== 'hourly') throw new AppError('TL_CORE_18104_E');
      if (weekOutside(e, weekStart, now)) throw new AppError('TL_CORE_18113_E');
      const row = await findWeek(tx, e.id, weekStart, true);
      if ((row?.version ?? 0) !== version) throw new AppError('TL_CORE_10110_E');
      if (!row || row.lines.length === 0) throw new AppError('TL_CORE_18116_E');
      if (row.status !== 'draft' && row.status !== 'queried') throw new AppError('TL_CORE_18115_E');
      // A week is invoiced when approved: one that comes to nothing at the rate is refused here (decision 241).
      if (weekAmount(row.lines, e.rateMinor ?? 0, e.currency as Currency) <= 0) throw new AppError('TL_CORE_18145_E');
      const zone = (await companyZone(tx, e.companyId)) ?? e.timeZone;
      const autoApproveAt = timesheetAutoApproveAt(now, zone);
      const after = await updateTimesheet(
        tx,
        row.id,
        {},
        { status: 'submitted', submittedAt: now, autoApproveAt, rateMinor: e.rateMinor, queriedDays: [], queryReason: null },
        now,
      );
      if (!after) throw new Error('timesheet vanished');
      const currency = e.currency as Currency;
      const p = await mailParties(tx, e);
      await queue(
        tx,
        [
          p.company &&
            weekSubmittedMail(
              { ...p.company, url: urls.company },
              { ...p, roleTitle: await roleTitleOf(tx, e) },
              {
                weekStart,
                totalQuarterHours: after.lines.reduce((s, l) => s + l.quarterHours, 0),
                amountMinor: weekAmount(after.lines, after.rateMinor ?? 0, currency),
                currency,
                autoApproveAt,
                zone,
              },
            ),
        ],
        now,
      );
      return toTimesheet(e, after, weekStart, now);
    });
  }

  /** A submitted or answered week of the company's engagement (a draft or queried week it has not seen is 404 while a draft). */
  async function companySheet(tx: Tx, userId: string, timesheetId: string, lock: boolean) {
    const side = await companySide(tx, userId, 'TL_CORE_18110_E');
    const found = await findTimesheet(tx, side, timesheetId, lock);
    if (!found || found.timesheet.status === 'draft') throw new AppError('TL_CORE_18110_E');
    return found;
  }

  async function getForCompany(userId: string, timesheetId: string): Promise<Timesheet> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const { timesheet, engagement } = await companySheet(tx, userId, timesheetId, false);
      return toTimesheet(engagement, timesheet, timesheet.weekStart, now);
    });
  }

  async function approve(userId: string, timesheetId: string, version: number): Promise<Timesheet> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const { timesheet, engagement } = await companySheet(tx, userId, timesheetId, true);
      if (timesheet.version !== version) throw new AppError('TL_CORE_10110_E');
      if (timesheet.status !== 'submitted') throw new AppError('TL_CORE_18111_E');
      const after = await approveWeek(tx, urls, engagement, timesheet, 'company', now, version);
      if (!after) throw new AppError('TL_CORE_10110_E');
      return toTimesheet(engagement, after, after.weekStart, now);
    });
  }

  async function query(userId: string, timesheetId: string, body: { version: number; reason: string; days: string[] }): Promise<Timesheet> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const { timesheet, engagement: e } = await companySheet(tx, userId, timesheetId, true);
      if (timesheet.version !== body.version) throw new AppError('TL_CORE_10110_E');
      if (timesheet.status !== 'submitted') throw new AppError('TL_CORE_18111_E');
      const logged = new Set(timesheet.lines.map((l) => l.day));
      const days = [...new Set(body.days)].sort();
      if (days.some((d) => !logged.has(d))) throw new AppError('TL_CORE_18112_E');
      const after = await updateTimesheet(
        tx,
        timesheet.id,
        { status: 'submitted', version: body.version },
        { status: 'queried', queriedDays: days, queryReason: body.reason, autoApproveAt: null },
        now,
      );
      if (!after) throw new AppError('TL_CORE_10110_E');
      const p = await mailParties(tx, e);
      await queue(
        tx,
        [
          p.freelancer &&
            weekQueriedMail(
              { ...p.freelancer, url: urls.freelancer },
              { ...p, roleTitle: await roleTitleOf(tx, e) },
              {
                weekStart: after.weekStart,
                reason: body.reason,
                days,
              },
            ),
        ],
        now,
      );
      return toTimesheet(e, after, after.weekStart, now);
    });
  }

  return { getWeek, saveWeek, submitWeek, getForCompany, approve, query };
}
