import type { Hire } from '@talentloop/contract/api/reviews';
import {
  ENGAGEMENT_MESSAGES,
  ENGAGEMENT_REASON_MAX,
  ENGAGEMENT_STATUS_LABELS,
  type EngagementDetail,
  EngagementReason,
  type EngagementSummary,
  MILESTONE_STATUS_LABELS,
  type Milestone,
  TIMESHEET_STATUS_LABELS,
  type Timesheet,
  formatQuarterHours,
} from '@talentloop/contract/api/engagements';
import { ChevronDown, Clock, Handshake } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { errorMessage } from '../../lib/error-message.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog, Dialog } from '../../ui/dialog.tsx';
import { notify } from '../../ui/toast.ts';
import { useApproveMilestone } from './api/approve-milestone.ts';
import { useApproveTimesheet } from './api/approve-timesheet.ts';
import { useFundMilestone } from './api/fund-milestone.ts';
import { useCompanyBilling } from './api/get-company-billing.ts';
import { useCompanyEngagement } from './api/get-company-engagement.ts';
import { useCompanyEngagements } from './api/get-company-engagements.ts';
import { useCompanyTimeZone } from './api/get-company-time-zone.ts';
import { useMakeOffer } from './api/make-offer.ts';
import { useProposeTerms } from './api/propose-terms.ts';
import { useQueryTimesheet } from './api/query-timesheet.ts';
import { useRequestMilestoneChanges } from './api/request-milestone-changes.ts';
import { CompanyBillingSection } from './billing-forms.tsx';
import { EngagementEnding } from './ending.tsx';
import { formatDay, formatInstant, formatLongDay, money, waitingLabel } from './format.ts';
import { CompanyBalance, DocumentsList } from './documents.tsx';
import { OfferForm, offerValuesOf } from './offer-form.tsx';
import { ReasonDialog } from '../../ui/reason-dialog.tsx';
import { useReasonSend } from './reason-send.ts';
import { SubmittedFiles } from './deliverables.tsx';
import { TermsSummary } from './terms-summary.tsx';
import { ColumnHeads } from './column-heads.tsx';

// The company's side of engagements on Projects (issue 34): 'Make an offer' on each Selected hire,
// the engagements with what waits for the company and when it is approved automatically (in the
// company's zone), the terms' versions, week review (approve, or query days with a reason),
// milestones (fund, approve, ask for changes), ending with notice (issue 35), and the invoices. Composed into the hires
// page by the router (features do not import each other).

const FAILED = { title: 'Could not save', message: 'Please try again.' };
const fail = (err: unknown) => {
  const shown = errorMessage(err, { fallback: FAILED, codes: ['TL_CORE_10110_E'] });
  notify.error(shown.title, shown.message);
};
const personName = (f: { firstName: string; lastName: string }) => `${f.firstName} ${f.lastName}`.trim();
export const engagementAnchor = (id: string) => `engagement-${id}`;

/** On a Selected hire: 'Make an offer', or where its engagement stands. */
export function HireOffer({ hire }: { hire: Hire }) {
  const engagements = useCompanyEngagements();
  const billing = useCompanyBilling();
  const make = useMakeOffer();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const name = personName(hire.freelancer);
  if (!engagements.data || hire.finishedAt) return null;
  const live = engagements.data.engagements.find((e) => e.hireId === hire.id && e.status !== 'declined');
  if (live) {
    return (
      <a href={`#${engagementAnchor(live.id)}`} className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
        {ENGAGEMENT_STATUS_LABELS[live.status]}: see the engagement
      </a>
    );
  }
  return (
    <>
      <Button ref={opener} onClick={() => setOpen(true)} aria-label={`Make an offer to ${name}`}>
        <Handshake className="h-4 w-4" aria-hidden="true" />
        Make an offer
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={`Offer to ${name}`} size="lg" returnFocus={opener} closable={!make.isPending}>
        <OfferForm
          freelancerName={hire.freelancer.firstName}
          billing={billing.data?.readiness}
          billingHref="#billing"
          pending={make.isPending}
          onCancel={() => setOpen(false)}
          onSubmit={async (body) => {
            const res = await make.mutateAsync({ hireId: hire.id, body });
            notify.success(res.responseMessage || ENGAGEMENT_MESSAGES.offered);
            setOpen(false);
          }}
        />
      </Dialog>
    </>
  );
}

/** Projects' engagements and billing details, above the hires. */
export function CompanyEngagementsSection() {
  const engagements = useCompanyEngagements();
  const zone = useCompanyTimeZone().data?.timeZone ?? undefined;
  const list = engagements.data?.engagements ?? [];
  return (
    <div className="space-y-8">
      <section aria-labelledby="engagements-title">
        <h2 id="engagements-title" className="flex items-center gap-2 text-lg font-bold tracking-tight text-ink">
          Engagements
          <span className="rounded-full bg-surface px-2 py-0.5 text-xs font-semibold text-muted">{list.length}</span>
        </h2>
        <CompanyBalance />
        {engagements.isError ? (
          <div className="mt-3">
            <Alert>Failed to get your engagements. Please try again.</Alert>
          </div>
        ) : !engagements.data ? (
          <div aria-busy="true" className="mt-3 h-24 animate-pulse rounded-[var(--radius-card)] border border-line bg-white">
            <span className="sr-only">Loading engagements</span>
          </div>
        ) : list.length === 0 ? (
          <p className="mt-3 rounded-[var(--radius-card)] border border-dashed border-line bg-white p-5 text-sm text-muted">
            No engagements yet. Make an offer to someone you selected below: they see the price, the fee and their net before they accept.
          </p>
        ) : (
          <ul className="mt-3 space-y-3">
            {list.map((e) => (
              <CompanyEngagementCard key={e.id} engagement={e} zone={zone} />
            ))}
          </ul>
        )}
      </section>
      <CompanyBillingSection />
    </div>
  );
}

function StatusPill({ children, tone = 'neutral' }: { children: ReactNode; tone?: 'neutral' | 'brand' | 'danger' | 'success' }) {
  const tones = {
    neutral: 'bg-surface text-muted',
    brand: 'bg-brand-50 text-brand-800',
    danger: 'bg-danger-soft text-danger',
    success: 'bg-success-soft text-success',
  };
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${tones[tone]}`}>{children}</span>;
}

function CompanyEngagementCard({ engagement: e, zone }: { engagement: EngagementSummary; zone: string | undefined }) {
  const [open, setOpen] = useState(false);
  const name = personName(e.freelancer);
  const titleId = `${engagementAnchor(e.id)}-title`;
  const mine = e.waiting.filter((w) => w.on === 'company');
  return (
    <li
      id={engagementAnchor(e.id)}
      aria-labelledby={titleId}
      className="scroll-mt-24 rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold break-words text-ink">
            {e.terms.roleTitle} · {name}
          </h3>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
            <StatusPill tone={e.status === 'active' ? 'success' : e.status === 'declined' ? 'danger' : 'brand'}>
              {ENGAGEMENT_STATUS_LABELS[e.status]}
            </StatusPill>
            {e.terms.kind === 'hourly' && e.terms.rateMinor !== null
              ? `${money(e.terms.rateMinor, e.terms.currency)} an hour, up to ${e.terms.weeklyCapHours} h a week`
              : e.terms.fees.total
                ? `Fixed price ${money(e.terms.fees.total.grossMinor, e.terms.currency)}`
                : null}
          </p>
        </div>
        <Button variant="secondary" aria-expanded={open} aria-controls={`${engagementAnchor(e.id)}-detail`} onClick={() => setOpen(!open)}>
          {open ? 'Hide details' : 'Open'}
          <ChevronDown className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
        </Button>
      </div>
      {mine.length > 0 && (
        <ul className="mt-3 space-y-1" aria-label="Waiting for you">
          {mine.map((w) => (
            <li key={`${w.kind}-${w.id}`} className="flex items-start gap-1.5 text-sm text-ink">
              <Clock className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" />
              <span>
                {waitingLabel(w)}
                {w.autoApproveAt && (
                  <span className="text-muted"> · approved automatically on {formatInstant(w.autoApproveAt, zone)} unless you answer</span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {open && (
        <div id={`${engagementAnchor(e.id)}-detail`} className="mt-4 border-t border-line pt-4">
          <CompanyEngagementDetail id={e.id} zone={zone} />
        </div>
      )}
    </li>
  );
}

/** A new version of the terms (issue 34): the form starts from the terms in force; the freelancer accepts or declines it. */
function ProposeTerms({ engagement: e }: { engagement: EngagementDetail }) {
  const propose = useProposeTerms();
  const billing = useCompanyBilling();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <div className="mt-3">
      <Button ref={opener} variant="secondary" onClick={() => setOpen(true)}>
        Propose new terms
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={`New terms for ${e.terms.roleTitle}`}
        description="The terms in force stay until the freelancer accepts the new version. The kind, currency, start date and time zone stay as they are."
        size="lg"
        returnFocus={opener}
        closable={!propose.isPending}
      >
        <OfferForm
          freelancerName={e.freelancer.firstName}
          billing={billing.data?.readiness}
          billingHref="#billing"
          initial={offerValuesOf(e.terms)}
          submitLabel="Send new terms"
          pending={propose.isPending}
          onCancel={() => setOpen(false)}
          onSubmit={async (terms) => {
            const res = await propose.mutateAsync({ engagementId: e.id, body: { version: e.version, terms } });
            notify.success(res.responseMessage || ENGAGEMENT_MESSAGES.termsProposed);
            setOpen(false);
          }}
        />
      </Dialog>
    </div>
  );
}

function CompanyEngagementDetail({ id, zone }: { id: string; zone: string | undefined }) {
  const detail = useCompanyEngagement(id);
  if (detail.isError) return <Alert>Failed to get this engagement. Please try again.</Alert>;
  if (!detail.data) return <p className="text-sm text-muted">Loading…</p>;
  const e = detail.data.engagement;
  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-label="Terms in force">
          <h4 className="text-sm font-semibold text-ink">Terms (version {e.terms.version})</h4>
          <p className="mt-1 text-sm break-words whitespace-pre-line text-muted">{e.terms.scope}</p>
          <div className="mt-3">
            <TermsSummary terms={e.terms} />
          </div>
          {e.pendingTerms && (
            <p className="mt-2 text-sm text-muted">Version {e.pendingTerms.version} is waiting for the freelancer's answer.</p>
          )}
          {e.status === 'active' && !e.pendingTerms && <ProposeTerms engagement={e} />}
        </section>
        <TermsHistory engagement={e} />
      </div>
      {e.terms.kind === 'hourly' ? <CompanyWeeks engagement={e} zone={zone} /> : <CompanyMilestones engagement={e} zone={zone} />}
      <DocumentsList engagementId={e.id} side="company" />
      <EngagementEnding engagement={e} side="company" otherName={personName(e.freelancer)} />
    </div>
  );
}

function TermsHistory({ engagement: e }: { engagement: EngagementDetail }) {
  return (
    <section aria-label="Version history of the terms">
      <h4 className="text-sm font-semibold text-ink">Version history</h4>
      <ol className="mt-2 space-y-2 text-sm">
        {[...e.termsHistory].reverse().map((t) => (
          <li key={t.version} className="rounded-xl border border-line p-3">
            <p className="font-medium text-ink">
              Version {t.version} · {t.status === 'proposed' ? 'waiting for an answer' : t.status}
            </p>
            <p className="text-muted">
              Proposed {formatInstant(t.proposedAt)}
              {t.decidedAt ? ` · answered ${formatInstant(t.decidedAt)}` : ''}
            </p>
            <p className="text-muted">
              {t.kind === 'hourly' && t.rateMinor !== null
                ? `${money(t.rateMinor, t.currency)} an hour, cap ${t.weeklyCapHours} h`
                : `${t.milestones.length} milestone${t.milestones.length === 1 ? '' : 's'}${t.fees.total ? `, ${money(t.fees.total.grossMinor, t.currency)}` : ''}`}
            </p>
            {t.declineReason && <p className="mt-1 break-words text-ink">Declined: {t.declineReason}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}

function WeekLines({ week }: { week: Timesheet }) {
  return (
    <table className="mt-2 w-full text-sm">
      <caption className="sr-only">Hours of the week of {formatDay(week.weekStart)}</caption>
      <ColumnHeads
        className="text-left text-xs text-muted"
        columns={[
          { label: 'Day', className: 'pr-2' },
          { label: 'Hours', className: 'pr-2' },
          { label: 'Work', className: 'pr-2' },
          { label: 'Amount', className: 'text-right' },
        ]}
      />
      <tbody className="divide-y divide-line">
        {week.lines.map((l) => (
          <tr key={l.day} className={l.queried ? 'bg-danger-soft/40' : undefined}>
            <td className="py-1.5 pr-2 align-top whitespace-nowrap">
              {formatDay(l.day)}
              {l.queried && <span className="sr-only"> (queried)</span>}
            </td>
            <td className="py-1.5 pr-2 align-top">{formatQuarterHours(l.quarterHours)}</td>
            <td className="py-1.5 pr-2 align-top break-words">{l.description}</td>
            <td className="py-1.5 text-right align-top whitespace-nowrap">{money(l.amountMinor, week.currency)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="font-semibold text-ink">
          <td className="pt-2">Total</td>
          <td className="pt-2">{formatQuarterHours(week.totalQuarterHours)}</td>
          <td />
          <td className="pt-2 text-right">{money(week.amountMinor, week.currency)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

function CompanyWeeks({ engagement: e, zone }: { engagement: EngagementDetail; zone: string | undefined }) {
  const weeks = e.timesheets.filter((t) => t.status !== 'draft');
  return (
    <section aria-label="Timesheets">
      <h4 className="text-sm font-semibold text-ink">Timesheets</h4>
      {weeks.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No week submitted yet.</p>
      ) : (
        <ul className="mt-2 space-y-3">
          {weeks.map((w) => (
            <CompanyWeek key={w.id ?? w.weekStart} week={w} zone={zone} />
          ))}
        </ul>
      )}
    </section>
  );
}

function CompanyWeek({ week, zone }: { week: Timesheet; zone: string | undefined }) {
  const approve = useApproveTimesheet();
  const query = useQueryTimesheet();
  const [dialog, setDialog] = useState<'approve' | 'query' | null>(null);
  const [days, setDays] = useState<string[]>([]);
  const [daysMissing, setDaysMissing] = useState(false);
  const querySend = useReasonSend(
    async (reason) => {
      const res = await query.mutateAsync({ timesheetId, body: { version: week.version, reason, days } });
      notify.success(res.responseMessage || ENGAGEMENT_MESSAGES.queried);
      setDays([]);
      setDaysMissing(false);
    },
    () => setDialog(null),
  );
  const label = `Week of ${formatDay(week.weekStart)}`;
  const timesheetId = week.id ?? '';
  return (
    <li className="rounded-xl border border-line p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-ink">
          {label}{' '}
          <StatusPill tone={week.status === 'approved' ? 'success' : week.status === 'queried' ? 'danger' : 'brand'}>
            {TIMESHEET_STATUS_LABELS[week.status]}
          </StatusPill>
        </p>
        {week.status === 'submitted' && (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              onClick={() => setDialog('query')}
              aria-label={`Query lines of the week of ${formatDay(week.weekStart)}`}
            >
              Query lines
            </Button>
            <Button onClick={() => setDialog('approve')} aria-label={`Approve the week of ${formatDay(week.weekStart)}`}>
              Approve
            </Button>
          </div>
        )}
      </div>
      {week.status === 'submitted' && week.autoApproveAt && (
        <p className="mt-1 text-sm text-muted">Approved automatically on {formatInstant(week.autoApproveAt, zone)} unless you answer.</p>
      )}
      {week.status === 'queried' && week.queryReason && (
        <p className="mt-1 text-sm break-words text-muted">You asked: {week.queryReason}</p>
      )}
      {week.status === 'approved' && week.approvedAt && (
        <p className="mt-1 text-sm text-muted">
          Approved {week.approvedBy === 'automatic' ? 'automatically' : 'by you'} on {formatInstant(week.approvedAt, zone)}
        </p>
      )}
      <WeekLines week={week} />
      <ConfirmDialog
        open={dialog === 'approve'}
        onOpenChange={(o) => setDialog(o ? 'approve' : null)}
        title={`Approve the week of ${formatDay(week.weekStart)}?`}
        description={`${formatQuarterHours(week.totalQuarterHours)} hours, ${money(week.amountMinor, week.currency)}. Approving issues the invoice for this week; it cannot be undone.`}
        confirmLabel="Approve week"
        pending={approve.isPending}
        onConfirm={() =>
          approve.mutate(
            { timesheetId, body: { version: week.version } },
            {
              onSuccess: (res) => notify.success(res.responseMessage || ENGAGEMENT_MESSAGES.approved),
              onError: fail,
              onSettled: () => setDialog(null),
            },
          )
        }
      />
      <ReasonDialog
        open={dialog === 'query'}
        onOpenChange={(o) => setDialog(o ? 'query' : null)}
        title={`Query the week of ${formatDay(week.weekStart)}`}
        description="Choose the days you question and say why. The freelancer corrects them and submits the week again."
        submitLabel="Send query"
        max={ENGAGEMENT_REASON_MAX}
        schema={EngagementReason}
        pending={querySend.pending}
        error={querySend.error}
        onSubmit={(reason) => {
          if (days.length === 0) {
            setDaysMissing(true);
            return;
          }
          void querySend.submit(reason);
        }}
      >
        <fieldset>
          <legend className="text-sm font-medium text-ink">Days to query</legend>
          <div className="mt-2 space-y-1">
            {week.lines.map((l) => (
              <label key={l.day} className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="h-4 w-4"
                  checked={days.includes(l.day)}
                  onChange={(ev) => setDays(ev.target.checked ? [...days, l.day] : days.filter((d) => d !== l.day))}
                />
                {formatDay(l.day)}: {formatQuarterHours(l.quarterHours)} h, {l.description}
              </label>
            ))}
          </div>
          {days.length === 0 && (
            <p
              className={`mt-1 text-xs ${daysMissing ? 'font-medium text-danger' : 'text-muted'}`}
              role={daysMissing ? 'alert' : undefined}
            >
              Choose at least one day to query.
            </p>
          )}
        </fieldset>
      </ReasonDialog>
    </li>
  );
}

function CompanyMilestones({ engagement: e, zone }: { engagement: EngagementDetail; zone: string | undefined }) {
  return (
    <section aria-label="Milestones">
      <h4 className="text-sm font-semibold text-ink">Milestones</h4>
      <ul className="mt-2 space-y-3">
        {e.milestones.map((m) => (
          <CompanyMilestone key={m.id} milestone={m} zone={zone} active={e.status === 'active'} />
        ))}
      </ul>
    </section>
  );
}

function CompanyMilestone({ milestone: m, zone, active }: { milestone: Milestone; zone: string | undefined; active: boolean }) {
  const fund = useFundMilestone();
  const approve = useApproveMilestone();
  const changes = useRequestMilestoneChanges();
  const [dialog, setDialog] = useState<'fund' | 'approve' | 'changes' | null>(null);
  const changesSend = useReasonSend(
    async (reason) => {
      const res = await changes.mutateAsync({ milestoneId: m.id, body: { version: m.version, reason } });
      notify.success(res.responseMessage || ENGAGEMENT_MESSAGES.changesRequested);
    },
    () => setDialog(null),
  );
  const body = { version: m.version };
  return (
    <li className="rounded-xl border border-line p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words text-ink">{m.title}</p>
          <p className="text-sm text-muted">
            {money(m.amountMinor, m.currency)} · due {formatLongDay(m.dueDate)} ·{' '}
            <StatusPill tone={m.status === 'approved' ? 'success' : m.status === 'changes_requested' ? 'danger' : 'brand'}>
              {MILESTONE_STATUS_LABELS[m.status]}
            </StatusPill>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {m.status === 'pending' && active && (
            <Button onClick={() => setDialog('fund')} aria-label={`Fund ${m.title}`}>
              Fund
            </Button>
          )}
          {m.status === 'submitted' && (
            <>
              <Button variant="secondary" onClick={() => setDialog('changes')} aria-label={`Request changes to ${m.title}`}>
                Request changes
              </Button>
              <Button onClick={() => setDialog('approve')} aria-label={`Approve ${m.title}`}>
                Approve
              </Button>
            </>
          )}
        </div>
      </div>
      {m.submission && (
        <div className="mt-2 rounded-xl bg-surface p-3 text-sm">
          <p className="break-words whitespace-pre-line text-ink">{m.submission.note}</p>
          {m.submission.links.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {m.submission.links.map((l) => (
                <li key={l} className="break-all">
                  <a href={l} target="_blank" rel="noopener noreferrer nofollow" className="text-brand-700 underline">
                    {l}
                  </a>
                </li>
              ))}
            </ul>
          )}
          <SubmittedFiles milestoneId={m.id} position={m.position} files={m.submission.files} />
        </div>
      )}
      {m.status === 'submitted' && m.autoApproveAt && (
        <p className="mt-1 text-sm text-muted">Approved automatically on {formatInstant(m.autoApproveAt, zone)} unless you answer.</p>
      )}
      {m.changesReason && m.status === 'changes_requested' && (
        <p className="mt-1 text-sm break-words text-muted">You asked: {m.changesReason}</p>
      )}
      <ConfirmDialog
        open={dialog === 'fund'}
        onOpenChange={(o) => setDialog(o ? 'fund' : null)}
        title={`Fund ${m.title}?`}
        description={`${money(m.amountMinor, m.currency)}. Funding issues its invoice; the freelancer can then submit the work.`}
        confirmLabel="Fund milestone"
        pending={fund.isPending}
        onConfirm={() =>
          fund.mutate(
            { milestoneId: m.id, body },
            {
              onSuccess: (res) => notify.success(res.responseMessage || ENGAGEMENT_MESSAGES.funded),
              onError: fail,
              onSettled: () => setDialog(null),
            },
          )
        }
      />
      <ConfirmDialog
        open={dialog === 'approve'}
        onOpenChange={(o) => setDialog(o ? 'approve' : null)}
        title={`Approve ${m.title}?`}
        description="Approving releases its funds to the freelancer. It cannot be undone."
        confirmLabel="Approve milestone"
        pending={approve.isPending}
        onConfirm={() =>
          approve.mutate(
            { milestoneId: m.id, body },
            {
              onSuccess: (res) => notify.success(res.responseMessage || ENGAGEMENT_MESSAGES.milestoneApproved),
              onError: fail,
              onSettled: () => setDialog(null),
            },
          )
        }
      />
      <ReasonDialog
        open={dialog === 'changes'}
        onOpenChange={(o) => setDialog(o ? 'changes' : null)}
        title={`Request changes to ${m.title}`}
        description="Say what needs to change. The freelancer submits it again."
        label="What needs to change"
        submitLabel="Send request"
        max={ENGAGEMENT_REASON_MAX}
        schema={EngagementReason}
        pending={changesSend.pending}
        error={changesSend.error}
        onSubmit={(reason) => void changesSend.submit(reason)}
      />
    </li>
  );
}
