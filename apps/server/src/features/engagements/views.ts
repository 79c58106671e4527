import {
  type EngagementDetail,
  type EngagementSummary,
  type Milestone,
  type NoticeSide,
  type Terms,
  type Timesheet,
  type Waiting,
  addDays,
  feeOf,
  localDay,
  noticeEndDate,
  weekAmount,
  weekDays,
} from '@talentloop/contract/api/engagements';
import { type Currency, hoursAmount } from '@talentloop/contract/rules/money';
import type { StoredTerms } from '../../infra/db/schema.ts';
import type { EngagementRow, MilestoneRow, Names, TermsRow, TimesheetRow } from './queries.ts';

// Rows to the contract's shapes (issue 34). Fees and nets are computed here by the contract's rule
// (feeOf -> splitFee), never stored apart from the rate (fee_bps).

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toTerms(row: TermsRow): Terms {
  const t = row.terms;
  const total = t.milestones.reduce((s, m) => s + m.amountMinor, 0);
  return {
    version: row.version,
    status: row.status as Terms['status'],
    roleTitle: t.roleTitle,
    scope: t.scope,
    kind: t.kind,
    currency: t.currency,
    rateMinor: t.rateMinor,
    weeklyCapHours: t.weeklyCapHours,
    milestones: t.milestones.map((m) => ({ ...m, fee: feeOf(m.amountMinor, t.currency) })),
    startDate: t.startDate,
    noticeDays: t.noticeDays,
    timeZone: t.timeZone,
    fees: {
      perHour: t.kind === 'hourly' && t.rateMinor !== null ? feeOf(t.rateMinor, t.currency) : null,
      total: t.kind === 'fixed' ? feeOf(total, t.currency) : null,
    },
    feeBps: row.feeBps,
    proposedAt: row.proposedAt.toISOString(),
    decidedAt: iso(row.decidedAt),
    declineReason: row.declineReason,
  };
}

/** The days of a week that can take hours at `now`: within the engagement's dates and not after today in its zone. */
export function openDaysOf(e: EngagementRow, weekStart: string, now: Date): string[] {
  const today = localDay(now, e.timeZone);
  return weekDays(weekStart).filter((d) => d >= e.startDate && (e.endDate === null || d <= e.endDate) && d <= today);
}

export function toTimesheet(e: EngagementRow, row: TimesheetRow | null, weekStart: string, now: Date): Timesheet {
  const currency = e.currency as Currency;
  const rate = row?.rateMinor ?? e.rateMinor ?? 0;
  const lines = [...(row?.lines ?? [])].sort((a, b) => a.day.localeCompare(b.day));
  const amount = weekAmount(lines, rate, currency);
  const queried = new Set(row?.status === 'queried' ? row.queriedDays : []);
  return {
    id: row?.id ?? null,
    engagementId: e.id,
    weekStart,
    openDays: row?.status === 'submitted' || row?.status === 'approved' ? [] : openDaysOf(e, weekStart, now),
    status: (row?.status ?? 'draft') as Timesheet['status'],
    version: row?.version ?? 0,
    lines: lines.map((l) => ({ ...l, amountMinor: hoursAmount(l.quarterHours, rate, currency), queried: queried.has(l.day) })),
    totalQuarterHours: lines.reduce((s, l) => s + l.quarterHours, 0),
    weeklyCapHours: e.weeklyCapHours ?? 0,
    currency,
    rateMinor: rate,
    amountMinor: amount,
    fee: feeOf(amount, currency),
    submittedAt: iso(row?.submittedAt ?? null),
    autoApproveAt: row?.status === 'submitted' ? iso(row.autoApproveAt) : null,
    approvedAt: iso(row?.approvedAt ?? null),
    approvedBy: (row?.approvedBy ?? null) as Timesheet['approvedBy'],
    queryReason: row?.status === 'queried' ? row.queryReason : null,
    invoiceId: row?.invoiceId ?? null,
  };
}

export type Deliverables = ReadonlyMap<string, { mime: string; size: number }>;

export function toMilestone(row: MilestoneRow, deliverables: Deliverables = new Map()): Milestone {
  const currency = row.currency as Currency;
  return {
    id: row.id,
    engagementId: row.engagementId,
    position: row.position,
    title: row.title,
    amountMinor: row.amountMinor,
    currency,
    fee: feeOf(row.amountMinor, currency),
    dueDate: row.dueDate,
    status: row.status as Milestone['status'],
    version: row.version,
    fundedAt: iso(row.fundedAt),
    fundingInvoiceId: row.fundingInvoiceId,
    submission:
      row.submittedAt && row.note !== null
        ? {
            note: row.note,
            links: row.links,
            fileIds: row.fileIds,
            files: row.fileIds.flatMap((id) => {
              const f = deliverables.get(id);
              return f ? [{ id, ...f }] : [];
            }),
            submittedAt: row.submittedAt.toISOString(),
          }
        : null,
    changesReason: row.status === 'changes_requested' ? row.changesReason : null,
    autoApproveAt: row.status === 'submitted' ? iso(row.autoApproveAt) : null,
    approvedAt: iso(row.approvedAt),
    approvedBy: (row.approvedBy ?? null) as Milestone['approvedBy'],
  };
}

/** The terms in force (accepted), else the first offer. */
function currentTerms(e: EngagementRow, terms: readonly TermsRow[]): TermsRow {
  const inForce = terms.find((t) => t.version === e.termsVersion) ?? terms[0];
  if (!inForce) throw new Error('engagement without terms');
  return inForce;
}

function waitingOf(e: EngagementRow, terms: readonly TermsRow[], sheets: readonly TimesheetRow[], ms: readonly MilestoneRow[]): Waiting[] {
  const out: Waiting[] = [];
  const pending = e.pendingTermsVersion === null ? null : terms.find((t) => t.version === e.pendingTermsVersion);
  if (pending) {
    out.push({
      kind: e.status === 'offered' ? 'offer' : 'terms',
      on: 'freelancer',
      id: `${e.id}:${pending.version}`,
      label: e.status === 'offered' ? 'Offer waiting for an answer' : `New terms (version ${pending.version}) waiting for an answer`,
      weekStart: null,
      autoApproveAt: null,
    });
  }
  if (e.status !== 'active') return out;
  for (const s of sheets) {
    if (s.status === 'submitted') {
      out.push({
        kind: 'timesheet',
        on: 'company',
        id: s.id,
        label: `Week of ${s.weekStart} to approve`,
        weekStart: s.weekStart,
        autoApproveAt: iso(s.autoApproveAt),
      });
    } else if (s.status === 'queried') {
      out.push({
        kind: 'timesheet_query',
        on: 'freelancer',
        id: s.id,
        label: `Week of ${s.weekStart} queried`,
        weekStart: s.weekStart,
        autoApproveAt: null,
      });
    }
  }
  for (const m of ms) {
    if (m.status === 'pending')
      out.push({ kind: 'milestone_funding', on: 'company', id: m.id, label: `Fund ${m.title}`, weekStart: null, autoApproveAt: null });
    if (m.status === 'funded' || m.status === 'changes_requested') {
      out.push({
        kind: 'milestone_submission',
        on: 'freelancer',
        id: m.id,
        label: `Submit ${m.title}`,
        weekStart: null,
        autoApproveAt: null,
      });
    }
    if (m.status === 'submitted') {
      out.push({
        kind: 'milestone_review',
        on: 'company',
        id: m.id,
        label: `Review ${m.title}`,
        weekStart: null,
        autoApproveAt: iso(m.autoApproveAt),
      });
    }
  }
  return out;
}

export function toSummary(
  e: EngagementRow,
  names: Names,
  terms: readonly TermsRow[],
  sheets: readonly TimesheetRow[],
  ms: readonly MilestoneRow[],
): EngagementSummary {
  const pending = e.pendingTermsVersion === null ? null : (terms.find((t) => t.version === e.pendingTermsVersion) ?? null);
  return {
    id: e.id,
    hireId: e.hireId,
    status: e.status as EngagementSummary['status'],
    companyName: names.companyName,
    freelancer: { firstName: names.firstName, lastName: names.lastName, slug: names.slug },
    terms: toTerms(currentTerms(e, terms)),
    pendingTerms: pending && e.status === 'active' ? toTerms(pending) : null,
    feeBps: e.feeBps,
    startedAt: iso(e.startedAt),
    endedAt: iso(e.endedAt),
    endDate: e.endDate,
    notice: {
      days: e.noticeDays,
      givenBy: (e.noticeGivenBy as NoticeSide | null) ?? null,
      givenAt: iso(e.noticeGivenAt),
      earlyEnd:
        e.earlyEndDate && e.earlyEndBy && e.earlyEndAt
          ? { date: e.earlyEndDate, proposedBy: e.earlyEndBy as NoticeSide, proposedAt: e.earlyEndAt.toISOString() }
          : null,
    },
    version: e.version,
    waiting: waitingOf(e, terms, sheets, ms),
    createdAt: e.createdAt.toISOString(),
  };
}

/** Whether every week and milestone is answered: nothing submitted, queried, funded or pending. */
export function allWorkApproved(sheets: readonly TimesheetRow[], ms: readonly MilestoneRow[]): boolean {
  return (
    sheets.every((s) => s.status === 'approved' || (s.status === 'draft' && s.lines.length === 0)) &&
    ms.every((m) => m.status === 'approved')
  );
}

export function hasApprovedWork(sheets: readonly TimesheetRow[], ms: readonly MilestoneRow[]): boolean {
  return sheets.some((s) => s.status === 'approved') || ms.some((m) => m.status === 'approved');
}

export function toDetail(
  e: EngagementRow,
  names: Names,
  terms: readonly TermsRow[],
  sheets: readonly TimesheetRow[],
  ms: readonly MilestoneRow[],
  now: Date,
  viewer: 'company' | 'freelancer',
  deliverables: Deliverables = new Map(),
): EngagementDetail {
  // The company sees weeks once submitted (a draft is the freelancer's own).
  const shown = viewer === 'company' ? sheets.filter((s) => s.status !== 'draft') : sheets;
  return {
    ...toSummary(e, names, terms, sheets, ms),
    termsHistory: terms.map(toTerms),
    timesheets: shown.map((s) => toTimesheet(e, s, s.weekStart, now)),
    milestones: ms.map((m) => toMilestone(m, deliverables)),
    today: localDay(now, e.timeZone),
    earliestEndDate: e.status === 'active' && e.endDate === null ? noticeEndDate(localDay(now, e.timeZone), e.noticeDays) : null,
  };
}

/** A short line of the terms for mails: '₹1,500.00 an hour, at most 40 hours a week' or '3 milestones, ₹90,000.00'. */
export function termsSummary(t: StoredTerms, format: (amountMinor: number, currency: Currency) => string): string {
  if (t.kind === 'hourly')
    return `${format(t.rateMinor ?? 0, t.currency)} an hour, at most ${t.weeklyCapHours} hours a week, from ${t.startDate}`;
  const total = t.milestones.reduce((s, m) => s + m.amountMinor, 0);
  return `${t.milestones.length} milestone${t.milestones.length === 1 ? '' : 's'}, ${format(total, t.currency)} in all, from ${t.startDate}`;
}

export { addDays };
