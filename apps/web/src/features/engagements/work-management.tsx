import {
  ENGAGEMENT_MESSAGES,
  ENGAGEMENT_REASON_MAX,
  ENGAGEMENT_STATUS_LABELS,
  type DeliverableRead,
  EngagementReason,
  type EngagementDetail,
  type EngagementSummary,
  MILESTONE_STATUS_LABELS,
  type Milestone,
  SUBMISSION_LINKS_MAX,
  SUBMISSION_NOTE_MAX,
  SubmitMilestoneBody,
  TIMESHEET_STATUS_LABELS,
  type Terms,
  type TimesheetLine,
  addDays,
  currentWeekStart,
  formatQuarterHours,
  weekStartOf,
} from '@talentloop/contract/api/engagements';
import { BILLING_MISSING_LABELS } from '@talentloop/contract/api/billing';
import { ChevronLeft, ChevronRight, Clock } from 'lucide-react';
import { type ComponentType, useId, useState } from 'react';
import { errorMessage } from '../../lib/error-message.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { inputClass } from '../../ui/field.tsx';
import { FailureAlert, type Failure } from '../../ui/form-actions.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { notify } from '../../ui/toast.ts';
import { useAcceptTerms } from './api/accept-terms.ts';
import { useDeclineTerms } from './api/decline-terms.ts';
import { useEarnings } from './api/get-earnings.ts';
import { useFreelancerBilling } from './api/get-freelancer-billing.ts';
import { useFreelancerEngagement } from './api/get-freelancer-engagement.ts';
import { useFreelancerEngagements } from './api/get-freelancer-engagements.ts';
import { useWeek } from './api/get-week.ts';
import { useSaveWeek } from './api/save-week.ts';
import { useSubmitMilestone } from './api/submit-milestone.ts';
import { useSubmitWeek } from './api/submit-week.ts';
import { FreelancerBillingSection } from './billing-forms.tsx';
import { EngagementEnding } from './ending.tsx';
import { DocumentsList } from './documents.tsx';
import { formatDay, formatInstant, formatLongDay, money, waitingLabel } from './format.ts';
import { termsChanges } from './terms-diff.ts';
import { DeliverablesField } from './deliverables.tsx';
import { ReasonDialog } from '../../ui/reason-dialog.tsx';
import { useReasonSend } from './reason-send.ts';
import { TermsSummary } from './terms-summary.tsx';
import { TimesheetGrid } from './timesheet-grid.tsx';
import { ColumnHeads } from './column-heads.tsx';

// The freelancer's Work Management (issue 34): offers with the fee and their net before they accept,
// active and past engagements, the week's timesheet (earlier weeks a click away), milestones,
// statements and earnings to date. With no offer and no engagement, the spec's empty state (given by
// the router: features do not import each other).

const FAILED = { title: 'Could not save', message: 'Please try again.' };
const fail = (err: unknown) => {
  const s = errorMessage(err, { fallback: FAILED, codes: ['TL_CORE_10110_E', 'TL_CORE_18109_E'] });
  notify.error(s.title, s.message);
};

export function WorkManagement({ EmptyState }: { EmptyState: ComponentType }) {
  const engagements = useFreelancerEngagements();
  if (engagements.isError) {
    return (
      <main className="mx-auto w-full max-w-5xl px-4 pt-6 pb-16 sm:px-6">
        <Alert>Failed to get your work. Please try again.</Alert>
        <Button variant="secondary" className="mt-3" onClick={() => engagements.refetch()}>
          Try again
        </Button>
      </main>
    );
  }
  if (!engagements.data) {
    return (
      <main aria-busy="true" className="mx-auto w-full max-w-5xl px-4 pt-6 pb-16 sm:px-6">
        <span className="sr-only">Loading your work</span>
        <div className="h-40 animate-pulse rounded-[var(--radius-card)] border border-line bg-white" />
      </main>
    );
  }
  const list = engagements.data.engagements;
  if (list.length === 0) return <EmptyState />;
  const offers = list.filter((e) => e.status === 'offered' || (e.status === 'active' && e.pendingTerms));
  // An engagement that ended stays here for a week after its end date (issue 35): its last week or milestone settles as usual.
  const settleFrom = new Date(Date.now() - SETTLE_DAYS * 86_400_000).toISOString().slice(0, 10);
  const settling = (e: EngagementSummary) => e.status === 'ended' && e.endDate !== null && e.endDate >= settleFrom;
  const active = list.filter((e) => e.status === 'active' || settling(e));
  const past = list.filter((e) => (e.status === 'ended' && !settling(e)) || e.status === 'declined');
  return (
    <main className="mx-auto w-full max-w-5xl px-4 pt-6 pb-16 sm:px-6 sm:pt-8">
      <header>
        <p className="text-sm font-semibold text-brand-700">Work</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">Work Management</h1>
        <p className="mt-2 max-w-2xl text-muted">Your offers, this week's hours, milestones, statements and what you have earned.</p>
      </header>
      <div className="mt-6 space-y-8">
        {offers.length > 0 && (
          <section aria-labelledby="offers-title">
            <h2 id="offers-title" className="text-lg font-bold tracking-tight text-ink">
              Offers waiting for you
            </h2>
            <ul className="mt-3 space-y-3">
              {offers.map((e) => (
                <OfferCard key={e.id} engagement={e} />
              ))}
            </ul>
          </section>
        )}
        <section aria-labelledby="active-title">
          <h2 id="active-title" className="text-lg font-bold tracking-tight text-ink">
            Active engagements
          </h2>
          {active.length === 0 ? (
            <p className="mt-3 rounded-[var(--radius-card)] border border-dashed border-line bg-white p-5 text-sm text-muted">
              Nothing active yet. Once you accept an offer, its timesheet or milestones show here.
            </p>
          ) : (
            <ul className="mt-3 space-y-4">
              {active.map((e) => (
                <ActiveEngagement key={e.id} summary={e} />
              ))}
            </ul>
          )}
        </section>
        <Earnings />
        <div className="rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-sm sm:p-5">
          <DocumentsList side="freelancer" />
        </div>
        {past.length > 0 && (
          <section aria-labelledby="past-title">
            <h2 id="past-title" className="text-lg font-bold tracking-tight text-ink">
              Past engagements and offers
            </h2>
            <ul className="mt-3 divide-y divide-line rounded-[var(--radius-card)] border border-line bg-white">
              {past.map((e) => (
                <li key={e.id} className="flex flex-wrap justify-between gap-2 p-4 text-sm">
                  <span className="font-medium break-words text-ink">
                    {e.terms.roleTitle} · {e.companyName}
                  </span>
                  <span className="text-muted">
                    {ENGAGEMENT_STATUS_LABELS[e.status]}
                    {e.endedAt ? ` ${formatInstant(e.endedAt)}` : ''}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        )}
        <FreelancerBillingSection />
      </div>
    </main>
  );
}

/** Days after its end date an ended engagement stays with the active ones while its last work settles. */
const SETTLE_DAYS = 7;
/** What the new version changes against the terms in force, before the freelancer answers. */
function TermsChanges({ current, proposed }: { current: Terms; proposed: Terms }) {
  const changes = termsChanges(current, proposed);
  const id = `changes-${proposed.version}-${current.version}`;
  return (
    <section aria-labelledby={id} className="mt-3 rounded-md border border-line bg-brand-50 p-3 text-sm">
      <h4 id={id} className="font-semibold text-ink">
        What changes from version {current.version}
      </h4>
      {changes.length === 0 ? (
        <p className="mt-1 text-muted">Nothing but the wording of the terms.</p>
      ) : (
        <table className="mt-2 w-full border-collapse text-left">
          <ColumnHeads
            rowClassName="text-muted"
            columns={[{ label: 'Term', className: 'pr-3' }, { label: 'Now', className: 'pr-3' }, { label: 'New' }]}
          />
          <tbody>
            {changes.map((c) => (
              <tr key={`${c.what}-${c.from}-${c.to}`} className="border-t border-line align-top">
                <th scope="row" className="py-1 pr-3 font-medium text-ink">
                  {c.what}
                </th>
                <td className="py-1 pr-3 break-words text-muted">{c.from}</td>
                <td className="py-1 break-words text-ink">{c.to}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function OfferCard({ engagement: e }: { engagement: EngagementSummary }) {
  const terms: Terms = e.pendingTerms ?? e.terms;
  const accept = useAcceptTerms();
  const decline = useDeclineTerms();
  const billing = useFreelancerBilling();
  const [declining, setDeclining] = useState(false);
  const declineSend = useReasonSend(
    async (reason) => {
      const res = await decline.mutateAsync({ engagementId: e.id, body: { termsVersion: terms.version, reason } });
      notify.success(res.responseMessage || ENGAGEMENT_MESSAGES.declined);
    },
    () => setDeclining(false),
  );
  const titleId = `offer-${e.id}`;
  const missing = billing.data && !billing.data.readiness.ready ? billing.data.readiness.missing : null;
  return (
    <li aria-labelledby={titleId} className="rounded-[var(--radius-card)] border border-brand-200 bg-white p-4 shadow-sm sm:p-5">
      <h3 id={titleId} className="font-semibold break-words text-ink">
        {terms.roleTitle} · {e.companyName}
      </h3>
      <p className="mt-1 text-sm text-muted">
        {e.status === 'offered' ? 'A new offer' : `New terms (version ${terms.version}) for your engagement`} · sent{' '}
        {formatInstant(terms.proposedAt)}
      </p>
      {e.status === 'active' && e.pendingTerms && <TermsChanges current={e.terms} proposed={e.pendingTerms} />}
      <p className="mt-3 text-sm break-words whitespace-pre-line text-ink">{terms.scope}</p>
      <div className="mt-3">
        <TermsSummary terms={terms} />
      </div>
      {missing && (
        <div className="mt-3">
          <Alert>
            Before you accept, add {missing.map((m) => BILLING_MISSING_LABELS[m]).join(', ')} to your{' '}
            <a href="#billing" className="font-semibold underline">
              billing details
            </a>
            .
          </Alert>
        </div>
      )}
      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => setDeclining(true)}>
          Decline
        </Button>
        <Button
          pending={accept.isPending}
          disabled={!!missing}
          onClick={() =>
            accept.mutate(
              { engagementId: e.id, body: { termsVersion: terms.version } },
              { onSuccess: (res) => notify.success(res.responseMessage || ENGAGEMENT_MESSAGES.accepted), onError: fail },
            )
          }
        >
          Accept {e.status === 'offered' ? 'offer' : 'new terms'}
        </Button>
      </div>
      <ReasonDialog
        open={declining}
        onOpenChange={setDeclining}
        title={`Decline ${e.status === 'offered' ? 'the offer' : 'the new terms'} from ${e.companyName}?`}
        description={
          e.status === 'offered' ? 'The company sees your reason. This cannot be undone.' : 'The terms in force stay as they are.'
        }
        submitLabel="Decline"
        max={ENGAGEMENT_REASON_MAX}
        schema={EngagementReason}
        pending={declineSend.pending}
        error={declineSend.error}
        onSubmit={(reason) => void declineSend.submit(reason)}
      />
    </li>
  );
}

function ActiveEngagement({ summary }: { summary: EngagementSummary }) {
  const detail = useFreelancerEngagement(summary.id);
  const titleId = `engagement-${summary.id}`;
  const mine = summary.waiting.filter((w) => w.on === 'freelancer');
  return (
    <li aria-labelledby={titleId} className="rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-sm sm:p-5">
      <h3 id={titleId} className="font-semibold break-words text-ink">
        {summary.terms.roleTitle} · {summary.companyName}
      </h3>
      <p className="mt-1 text-sm text-muted">
        {summary.terms.kind === 'hourly' && summary.terms.rateMinor !== null && summary.terms.fees.perHour
          ? `${money(summary.terms.rateMinor, summary.terms.currency)} an hour (you receive ${money(summary.terms.fees.perHour.netMinor, summary.terms.currency)} after the fee), up to ${summary.terms.weeklyCapHours} h a week`
          : summary.terms.fees.total
            ? `Fixed price ${money(summary.terms.fees.total.grossMinor, summary.terms.currency)} (you receive ${money(summary.terms.fees.total.netMinor, summary.terms.currency)})`
            : null}
        {' · weeks in '}
        {summary.terms.timeZone}
      </p>
      {mine.length > 0 && (
        <ul className="mt-2 space-y-1" aria-label="Waiting for you">
          {mine.map((w) => (
            <li key={`${w.kind}-${w.id}`} className="flex items-start gap-1.5 text-sm text-ink">
              <Clock className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" />
              {waitingLabel(w)}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4">
        {detail.isError ? (
          <Alert>Failed to get this engagement. Please try again.</Alert>
        ) : !detail.data ? (
          <p className="text-sm text-muted">Loading…</p>
        ) : detail.data.engagement.terms.kind === 'hourly' ? (
          <Weeks engagement={detail.data.engagement} />
        ) : (
          <FreelancerMilestones engagement={detail.data.engagement} />
        )}
      </div>
      {detail.data && (
        <div className="mt-4">
          <EngagementEnding engagement={detail.data.engagement} side="freelancer" otherName={summary.companyName} />
        </div>
      )}
    </li>
  );
}

function Weeks({ engagement: e }: { engagement: EngagementDetail }) {
  const zone = e.terms.timeZone;
  const current = currentWeekStart(Date.now(), zone);
  const first = weekStartOf(e.terms.startDate);
  const [weekStart, setWeekStart] = useState([current, first].sort()[1] ?? current);
  const others = e.timesheets.filter((t) => t.weekStart !== weekStart && t.status !== 'draft');
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <h4 className="text-sm font-semibold text-ink">
          Timesheet: week of {formatDay(weekStart)}
          {weekStart === current ? ' (this week)' : ''}
        </h4>
        <div className="flex gap-1">
          <Button
            variant="ghost"
            aria-label="Previous week"
            disabled={weekStart <= first}
            onClick={() => setWeekStart(addDays(weekStart, -7))}
          >
            <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            aria-label="Next week"
            disabled={weekStart >= current}
            onClick={() => setWeekStart(addDays(weekStart, 7))}
          >
            <ChevronRight className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
      </div>
      <WeekPanel engagementId={e.id} weekStart={weekStart} />
      {others.length > 0 && (
        <div>
          <h4 className="text-sm font-semibold text-ink">Submitted and approved weeks</h4>
          <ul className="mt-2 divide-y divide-line rounded-xl border border-line text-sm">
            {others.map((t) => (
              <li key={t.weekStart} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <button
                  type="button"
                  className="font-medium text-brand-700 underline-offset-2 hover:underline"
                  onClick={() => setWeekStart(t.weekStart)}
                >
                  Week of {formatDay(t.weekStart)}
                </button>
                <span className="text-muted">
                  {TIMESHEET_STATUS_LABELS[t.status]} · {formatQuarterHours(t.totalQuarterHours)} h · net{' '}
                  {money(t.fee.netMinor, t.currency)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function WeekPanel({ engagementId, weekStart }: { engagementId: string; weekStart: string }) {
  const week = useWeek(engagementId, weekStart);
  const save = useSaveWeek();
  const submit = useSubmitWeek();
  const [submitting, setSubmitting] = useState(false);
  if (week.isError)
    return <Alert>{errorMessage(week.error, { fallback: { title: '', message: 'Failed to get this week.' } }).message}</Alert>;
  if (!week.data) return <p className="text-sm text-muted">Loading the week…</p>;
  const t = week.data.timesheet;

  async function onSubmit(lines: TimesheetLine[], dirty: boolean) {
    setSubmitting(true);
    try {
      let version = t.version;
      if (dirty || t.id === null) {
        const saved = await save.mutateAsync({ engagementId, weekStart, body: { version, lines } });
        version = saved.timesheet.version;
      }
      const res = await submit.mutateAsync({ engagementId, weekStart, body: { version } });
      notify.success(res.responseMessage || ENGAGEMENT_MESSAGES.submitted);
    } catch (err) {
      fail(err);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div>
      <TimesheetGrid
        key={`${t.weekStart}-${t.version}-${t.status}`}
        timesheet={t}
        saving={save.isPending && !submitting}
        submitting={submitting}
        onSave={(lines) =>
          save.mutate(
            { engagementId, weekStart, body: { version: t.version, lines } },
            { onSuccess: (res) => notify.success(res.responseMessage || ENGAGEMENT_MESSAGES.saved), onError: fail },
          )
        }
        onSubmit={(lines, dirty) => void onSubmit(lines, dirty)}
      />
      {t.status !== 'draft' && (
        <p className="mt-2 text-sm text-muted">
          Gross {money(t.amountMinor, t.currency)} · fee {money(t.fee.feeMinor, t.currency)} · net {money(t.fee.netMinor, t.currency)}
          {t.status === 'submitted' && t.autoApproveAt
            ? ` · approved automatically on ${formatInstant(t.autoApproveAt)} unless the company answers`
            : ''}
          {t.status === 'approved' && t.approvedAt
            ? ` · approved ${t.approvedBy === 'automatic' ? 'automatically' : 'by the company'} ${formatInstant(t.approvedAt)}`
            : ''}
        </p>
      )}
    </div>
  );
}

function FreelancerMilestones({ engagement: e }: { engagement: EngagementDetail }) {
  return (
    <div>
      <h4 className="text-sm font-semibold text-ink">Milestones</h4>
      <ul className="mt-2 space-y-3">
        {e.milestones.map((m) => (
          <FreelancerMilestone key={m.id} milestone={m} />
        ))}
      </ul>
    </div>
  );
}

function FreelancerMilestone({ milestone: m }: { milestone: Milestone }) {
  const canSubmit = m.status === 'funded' || m.status === 'changes_requested';
  const [open, setOpen] = useState(false);
  return (
    <li className="rounded-xl border border-line p-3 text-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words text-ink">{m.title}</p>
          <p className="text-muted">
            {money(m.amountMinor, m.currency)} (net {money(m.fee.netMinor, m.currency)}) · due {formatLongDay(m.dueDate)} ·{' '}
            <span className="font-semibold text-ink">{MILESTONE_STATUS_LABELS[m.status]}</span>
          </p>
        </div>
        {canSubmit && !open && (
          <Button onClick={() => setOpen(true)} aria-label={`Submit work on ${m.title}`}>
            Submit work
          </Button>
        )}
      </div>
      {m.status === 'pending' && <p className="mt-1 text-muted">Start once the company has funded it.</p>}
      {m.status === 'changes_requested' && m.changesReason && (
        <p className="mt-1 break-words text-ink">
          <span className="font-semibold">The company asked for changes:</span> {m.changesReason}
        </p>
      )}
      {m.status === 'submitted' && m.autoApproveAt && (
        <p className="mt-1 text-muted">Approved automatically on {formatInstant(m.autoApproveAt)} unless the company answers.</p>
      )}
      {open && canSubmit && <MilestoneSubmitForm milestone={m} onDone={() => setOpen(false)} />}
    </li>
  );
}

function MilestoneSubmitForm({ milestone: m, onDone }: { milestone: Milestone; onDone: () => void }) {
  const id = useId();
  const submit = useSubmitMilestone();
  const [note, setNote] = useState('');
  const [files, setFiles] = useState<Array<DeliverableRead & { name: string }>>([]);
  const [links, setLinks] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  return (
    <form
      noValidate
      className="mt-3 space-y-3"
      onSubmit={async (ev) => {
        ev.preventDefault();
        setFailure(null);
        const body = {
          version: m.version,
          note,
          links: links
            .split('\n')
            .map((l) => l.trim())
            .filter(Boolean),
          fileIds: files.map((f) => f.id),
        };
        const parsed = SubmitMilestoneBody.safeParse(body);
        if (!parsed.success) {
          const found: Record<string, string> = {};
          for (const i of parsed.error.issues) found[String(i.path[0])] ??= i.message;
          setErrors(found);
          document.getElementById(`${id}-${found.note ? 'note' : 'links'}`)?.focus();
          return;
        }
        setErrors({});
        try {
          const res = await submit.mutateAsync({ milestoneId: m.id, body });
          notify.success(res.responseMessage || ENGAGEMENT_MESSAGES.milestoneSubmitted);
          onDone();
        } catch (err) {
          setFailure(errorMessage(err, { fallback: FAILED }));
        }
      }}
    >
      <FormField id={`${id}-note`} label="What you delivered" error={errors.note}>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={SUBMISSION_NOTE_MAX}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            className={`${inputClass(!!errors.note)} py-2.5`}
          />
        )}
      </FormField>
      <FormField id={`${id}-links`} label="Links (optional)" hint={`One per line, up to ${SUBMISSION_LINKS_MAX}.`} error={errors.links}>
        {(control) => (
          <textarea
            {...control}
            rows={2}
            value={links}
            placeholder="https://"
            onChange={(e) => setLinks(e.target.value)}
            className={`${inputClass(!!errors.links)} py-2.5`}
          />
        )}
      </FormField>
      <DeliverablesField milestoneId={m.id} files={files} onChange={setFiles} disabled={submit.isPending} />
      <FailureAlert failure={failure} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={submit.isPending}>
          Cancel
        </Button>
        <Button type="submit" pending={submit.isPending}>
          Submit milestone
        </Button>
      </div>
    </form>
  );
}

/** Earnings to date per currency, as the server computes them from the ledger's lines (approved weeks and released milestones, less credit notes). */
function Earnings() {
  const earnings = useEarnings();
  const rows = earnings.data?.earnings ?? [];
  return (
    <section aria-labelledby="earnings-title" className="rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-sm sm:p-5">
      <h2 id="earnings-title" className="text-lg font-bold tracking-tight text-ink">
        Earnings to date
      </h2>
      {!earnings.data ? (
        <p className="mt-2 text-sm text-muted">{earnings.isError ? 'Failed to get your earnings.' : 'Loading…'}</p>
      ) : rows.length === 0 ? (
        <p className="mt-2 text-sm text-muted">Nothing yet. Approved weeks and approved milestones add up here.</p>
      ) : (
        <table className="mt-3 w-full text-sm">
          <caption className="sr-only">Earnings to date by currency</caption>
          <ColumnHeads
            className="text-left text-xs text-muted"
            columns={[
              { label: 'Currency' },
              { label: 'Gross', className: 'text-right' },
              { label: 'Fee', className: 'text-right' },
              { label: 'Net', className: 'text-right' },
            ]}
          />
          <tbody>
            {rows.map((r) => (
              <tr key={r.currency} className="border-t border-line">
                <th scope="row" className="py-2 text-left font-medium">
                  {r.currency}
                </th>
                <td className="py-2 text-right">{money(r.grossMinor, r.currency)}</td>
                <td className="py-2 text-right">{money(r.feeMinor, r.currency)}</td>
                <td className="py-2 text-right font-semibold">{money(r.netMinor, r.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
