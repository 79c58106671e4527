import {
  CancelSupportCallBody,
  SUPPORT_CALLS_PAST_DAYS,
  SUPPORT_CALL_OUTCOME_LABELS,
  SUPPORT_CANCEL_MESSAGE_MAX,
  SUPPORT_CONSOLE_MESSAGES,
  type SupportCallOutcome,
  type SupportCallRead,
} from '@talentloop/contract/api/support-booking';
import { CalendarX2, Check, Headset, Mail, UserX } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/error-message.ts';
import { Button } from '../../../ui/button.tsx';
import { cn } from '../../../ui/cn.ts';
import { LoadError } from '../../../ui/section-boundary.tsx';
import { EmptyState } from '../../../ui/queue-page.tsx';
import { ReasonDialog } from '../../../ui/reason-dialog.tsx';
import { notify } from '../../../ui/toast.ts';
import { ConsolePage, formatDateTime } from '../console-page.tsx';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import { callTimes, groupByDay } from './group-calls.ts';
import { useCancelSupportCall } from '../api/cancel-support-call.ts';
import { useSupportCalls } from '../api/get-support-calls.ts';
import { useMarkSupportCall } from '../api/mark-support-call.ts';

// Support calls (issue 21): the calls companies booked, by day in the operator's own time zone with
// the support zone beside each time. Upcoming first (cancel with a message: the company is mailed
// and the seat freed), then the last two weeks (mark each call held or missed once it has ended).

const FAILURE_CODES = ['TL_CORE_14122_E', 'TL_CORE_14123_E', 'TL_CORE_14124_E', 'TL_CORE_14125_E', 'TL_CORE_14126_E'] as const;
const failure = (err: unknown) =>
  errorMessage(err, { fallback: { title: 'Could not save', message: 'Please try again.' }, codes: FAILURE_CODES });

export function SupportCallsPage() {
  const calls = useSupportCalls();
  const zone = browserTimeZone();
  const [cancelling, setCancelling] = useState<SupportCallRead | null>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  // After a cancel its button is gone: focus goes to the call's card instead.
  const cancelledId = useRef<string | null>(null);
  const returnFocus = () => {
    const card = cancelledId.current ? document.getElementById(cardId(cancelledId.current)) : null;
    cancelledId.current = null;
    (card ?? returnTo.current)?.focus();
  };
  const data = calls.data;

  return (
    <ConsolePage
      wide
      title="Support calls"
      description={
        <>
          Calls companies booked, by day in your time zone ({zone}), with the support time
          {data ? ` (${data.timeZone})` : ''} beside each. Cancel a call with a message, or mark a past call held or missed.
        </>
      }
    >
      {calls.isError ? (
        <LoadError
          message={
            errorMessage(calls.error, {
              fallback: { title: 'Could not load', message: 'Could not load the support calls. Please try again.' },
            }).message
          }
          onRetry={() => calls.refetch()}
        />
      ) : !data ? (
        <CallsSkeleton />
      ) : (
        <div className="space-y-10" aria-busy={calls.isFetching}>
          <CallSection
            id="upcoming-calls"
            title="Upcoming"
            calls={data.upcoming}
            zone={zone}
            empty={{ title: 'No upcoming calls', text: 'Calls companies book from Account Verification appear here.' }}
            onCancel={(call, trigger) => {
              returnTo.current = trigger;
              setCancelling(call);
            }}
          />
          <CallSection
            id="past-calls"
            title={`Past ${SUPPORT_CALLS_PAST_DAYS} days`}
            calls={data.past}
            zone={zone}
            empty={{ title: 'No past calls', text: `No call ended in the last ${SUPPORT_CALLS_PAST_DAYS} days.` }}
          />
        </div>
      )}
      <CancelDialog
        call={cancelling}
        onClose={() => setCancelling(null)}
        onCancelled={(id) => {
          cancelledId.current = id;
        }}
        returnFocus={returnFocus}
      />
    </ConsolePage>
  );
}

const cardId = (id: string) => `support-call-${id}`;

function CallsSkeleton() {
  return (
    <div aria-hidden="true" className="space-y-3">
      <div className="h-6 w-40 animate-pulse rounded bg-white" />
      {[0, 1, 2].map((i) => (
        <div key={i} className="h-28 animate-pulse rounded-[var(--radius-card)] bg-white" />
      ))}
    </div>
  );
}

function CallSection({
  id,
  title,
  calls,
  zone,
  empty,
  onCancel,
}: {
  id: string;
  title: string;
  calls: SupportCallRead[];
  zone: string;
  empty: { title: string; text: string };
  onCancel?: (call: SupportCallRead, trigger: HTMLElement) => void;
}) {
  const days = groupByDay(calls, zone);
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-lg font-bold tracking-tight">
        {title} <span className="font-normal text-muted">({calls.length})</span>
      </h2>
      {days.length === 0 ? (
        <EmptyState icon={Headset} title={empty.title} message={empty.text} padding="py-10" className="mt-3" />
      ) : (
        <div className="mt-3 space-y-6">
          {days.map((day) => (
            <section key={day.date} aria-labelledby={`${id}-${day.date}`}>
              <h3 id={`${id}-${day.date}`} className="mb-2 text-sm font-semibold text-muted">
                <time dateTime={day.date}>{day.label}</time>
              </h3>
              <ul className="space-y-2">
                {day.calls.map((c) => (
                  <CallCard key={c.id} call={c} zone={zone} onCancel={onCancel} />
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </section>
  );
}

function Badge({ tone, children }: { tone: 'brand' | 'muted' | 'success' | 'danger' | 'warning'; children: ReactNode }) {
  const tones = {
    brand: 'bg-brand-50 text-brand-800',
    muted: 'bg-surface text-muted',
    success: 'bg-success-soft text-success',
    danger: 'bg-danger-soft text-danger',
    warning: 'bg-warning-soft text-warning',
  };
  return <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', tones[tone])}>{children}</span>;
}

function statusBadge(call: SupportCallRead, now: number) {
  if (call.status === 'cancelled') {
    return <Badge tone="muted">{call.cancelledBy === 'operator' ? 'Cancelled by the team' : 'Cancelled by the company'}</Badge>;
  }
  if (call.outcome) return <Badge tone={call.outcome === 'held' ? 'success' : 'danger'}>{SUPPORT_CALL_OUTCOME_LABELS[call.outcome]}</Badge>;
  if (Date.parse(call.slotEnd) <= now) return <Badge tone="warning">Held or missed?</Badge>;
  if (Date.parse(call.slotStart) <= now) return <Badge tone="brand">In progress</Badge>;
  return <Badge tone="brand">Booked</Badge>;
}

function CallCard({
  call,
  zone,
  onCancel,
}: {
  call: SupportCallRead;
  zone: string;
  onCancel?: (call: SupportCallRead, trigger: HTMLElement) => void;
}) {
  const now = Date.now();
  const times = callTimes(call, zone);
  const company = call.companyName || 'A company';
  const cancellable = call.status === 'booked' && Date.parse(call.slotStart) > now && !!onCancel;
  const markable = call.status === 'booked' && Date.parse(call.slotEnd) <= now;
  return (
    <li
      id={cardId(call.id)}
      tabIndex={-1}
      className="rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-sm outline-none focus-visible:ring-2 focus-visible:ring-brand-600 sm:p-5"
    >
      <div className="grid gap-4 lg:grid-cols-[14rem_1fr_auto] lg:items-start">
        <div>
          <p className="text-base font-semibold tabular-nums">
            <time dateTime={call.slotStart}>{times.local}</time>
          </p>
          <p className="text-xs text-muted">
            Your time ({times.localOffset})
            {times.support ? (
              <>
                <br />
                <span className="tabular-nums">{times.support}</span> support time ({times.supportZone})
              </>
            ) : (
              <>, the same as support time ({times.supportZone})</>
            )}
          </p>
        </div>
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-semibold break-words">{company}</p>
            {statusBadge(call, now)}
          </div>
          <p className="mt-0.5 text-sm">{call.reason}</p>
          <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm text-muted sm:grid-cols-[auto_1fr]">
            {call.bookedByEmail?.toLowerCase() !== call.email.toLowerCase() && (
              <>
                <dt className="font-medium text-ink">Booked by</dt>
                <dd className="break-all">{call.bookedByEmail ?? 'A deleted account'}</dd>
              </>
            )}
            <dt className="font-medium text-ink">
              {call.bookedByEmail?.toLowerCase() === call.email.toLowerCase() ? 'Booked by' : 'Invitation to'}
            </dt>
            <dd>
              <a href={`mailto:${call.email}`} className="inline-flex items-center gap-1 break-all text-brand-700 hover:underline">
                <Mail className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
                {call.email}
              </a>
            </dd>
            {call.notes && (
              <>
                <dt className="font-medium text-ink">Notes</dt>
                <dd className="break-words whitespace-pre-line">{call.notes}</dd>
              </>
            )}
            {call.status === 'cancelled' && call.cancelledAt && (
              <>
                <dt className="font-medium text-ink">Cancelled</dt>
                <dd>
                  <time dateTime={call.cancelledAt}>{formatDateTime(call.cancelledAt)}</time>
                  {call.cancelMessage && (
                    <span className="mt-0.5 block break-words whitespace-pre-line text-ink">“{call.cancelMessage}”</span>
                  )}
                </dd>
              </>
            )}
          </dl>
        </div>
        <div className="flex flex-wrap gap-2 lg:justify-end">
          {cancellable && (
            <Button variant="secondary" className="min-h-10 px-4" onClick={(e) => onCancel?.(call, e.currentTarget)}>
              <CalendarX2 className="h-4 w-4" aria-hidden="true" />
              Cancel call<span className="sr-only"> with {company}</span>
            </Button>
          )}
          {markable && <OutcomeButtons call={call} company={company} />}
        </div>
      </div>
    </li>
  );
}

function OutcomeButtons({ call, company }: { call: SupportCallRead; company: string }) {
  const mark = useMarkSupportCall();
  const pendingOutcome = mark.isPending ? mark.variables?.outcome : undefined;
  const choose = (outcome: SupportCallOutcome) =>
    mark.mutate(
      { id: call.id, outcome },
      {
        onSuccess: (res) => notify.success(res.responseMessage, company),
        onError: (err) => {
          const shown = failure(err);
          notify.error(shown.title, shown.message);
        },
      },
    );
  return (
    <fieldset className="flex gap-2">
      <legend className="sr-only">Outcome of the call with {company}</legend>
      <Button
        variant={call.outcome === 'held' ? 'primary' : 'secondary'}
        className="min-h-10 px-4"
        aria-pressed={call.outcome === 'held'}
        pending={pendingOutcome === 'held'}
        disabled={mark.isPending}
        onClick={() => choose('held')}
      >
        {pendingOutcome !== 'held' && <Check className="h-4 w-4" aria-hidden="true" />}
        Mark held
      </Button>
      <Button
        variant={call.outcome === 'missed' ? 'danger' : 'secondary'}
        className="min-h-10 px-4"
        aria-pressed={call.outcome === 'missed'}
        pending={pendingOutcome === 'missed'}
        disabled={mark.isPending}
        onClick={() => choose('missed')}
      >
        {pendingOutcome !== 'missed' && <UserX className="h-4 w-4" aria-hidden="true" />}
        Mark missed
      </Button>
    </fieldset>
  );
}

function CancelDialog({
  call,
  onClose,
  onCancelled,
  returnFocus,
}: {
  call: SupportCallRead | null;
  onClose: () => void;
  onCancelled: (id: string) => void;
  returnFocus: () => void;
}) {
  const cancel = useCancelSupportCall();
  const zone = browserTimeZone();
  const company = call?.companyName || 'the company';

  const close = () => {
    if (cancel.isPending) return;
    cancel.reset();
    onClose();
  };

  const submit = (message: string) => {
    if (!call) return;
    cancel.mutate(
      { id: call.id, message },
      {
        onSuccess: (res) => {
          notify.success(res.responseMessage, company);
          onCancelled(res.call.id);
          onClose();
        },
        onError: (err) => {
          const shown = failure(err);
          notify.error(shown.title, shown.message);
        },
      },
    );
  };

  return (
    <ReasonDialog
      open={!!call}
      onOpenChange={(open) => !open && close()}
      returnFocus={returnFocus}
      title={`Cancel the call with ${company}?`}
      description={
        call ? (
          <>
            {groupByDay([call], zone)[0]?.label}, {callTimes(call, zone).local} your time. The company is mailed the cancellation with your
            message, and the seat is free for others at once.
          </>
        ) : null
      }
      label="Message to the company"
      hint="Say why, and what they can do next. It is sent as written."
      max={SUPPORT_CANCEL_MESSAGE_MAX}
      schema={CancelSupportCallBody.shape.message}
      requiredMessage={SUPPORT_CONSOLE_MESSAGES.messageRequired}
      cancelLabel="Keep the call"
      submitLabel="Cancel call"
      tone="danger"
      pending={cancel.isPending}
      error={cancel.error ? failure(cancel.error).message : null}
      onSubmit={submit}
    />
  );
}
