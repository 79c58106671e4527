import { type Interview, isInterviewAhead } from '@talentloop/contract/api/interviews';
import { formatZoneName } from '@talentloop/contract/rules/interview-times';
import { CalendarCheck, CalendarClock } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import type { ReturnFocus } from '../../ui/dialog.tsx';
import { FieldError } from '../../ui/form-field.tsx';
import { LoadError } from '../../ui/section-boundary.tsx';
import { notify } from '../../ui/toast.ts';
import { useAcceptInterview } from './api/accept-interview.ts';
import { useFreelancerInterviews } from './api/get-freelancer-interviews.ts';
import { useMyTimeZone } from './api/get-my-time-zone.ts';
import type { ReasonAction } from './api/reason-action.ts';
import { useSaveMyTimeZone } from './api/save-my-time-zone.ts';
import { Place, StatusBadge, TimeRange, failureText, useNow } from './parts.tsx';
import { InterviewReasonDialog } from './reason-dialog.tsx';
import { zoneOptions } from './schedule-dialog.tsx';

// The freelancer's interviews (issue 22), on the dashboard: proposals with their times in the
// freelancer's own zone (saved in their settings, first guessed from the browser) and its name;
// accept one, decline with a reason or ask for other times; an accepted one can be cancelled or
// moved (ask for other times). Those whose time has ended, and closed ones, are listed under them
// as 'Earlier' (the contract's isInterviewAhead: by end time, not by status alone).

export function FreelancerInterviewsSection() {
  const query = useFreelancerInterviews();
  const { zone } = useMyTimeZone('freelancer');
  const all = query.data?.interviews ?? [];
  const now = useNow();
  const open = all.filter((i) => isInterviewAhead(i, now));
  const past = all.filter((i) => !isInterviewAhead(i, now)).slice(0, 5);

  return (
    <section aria-labelledby="interviews-title" className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="interviews-title" className="flex items-center gap-2 text-base font-semibold">
          <CalendarClock className="h-5 w-5 text-brand-700" aria-hidden="true" />
          Interviews
        </h2>
        <ZoneSetting zone={zone} />
      </div>
      {query.isPending ? (
        <div aria-busy="true" className="mt-4 space-y-3">
          <span className="sr-only">Loading interviews</span>
          <div className="h-24 animate-pulse rounded-xl bg-surface" />
          <div className="h-24 animate-pulse rounded-xl bg-surface" />
        </div>
      ) : query.isError ? (
        <div className="mt-4">
          <LoadError what="your interviews" onRetry={() => query.refetch()} />
        </div>
      ) : all.length === 0 ? (
        <p className="mt-4 text-sm text-muted">
          No interviews yet. When a company invites you, its proposed times show here and you pick the one that suits you.
        </p>
      ) : (
        <>
          {open.length === 0 ? (
            <p className="mt-4 text-sm text-muted">Nothing to answer right now.</p>
          ) : (
            <ul className="mt-4 space-y-3">
              {open.map((i) => (
                <FreelancerInterview key={i.id} interview={i} zone={zone} />
              ))}
            </ul>
          )}
          {past.length > 0 && (
            <>
              <h3 className="mt-6 text-sm font-semibold text-muted">Earlier</h3>
              <ul className="mt-2 divide-y divide-line">
                {past.map((i) => (
                  <li key={i.id} className="flex flex-col gap-1 py-2.5 text-sm sm:flex-row sm:items-center sm:justify-between">
                    <span className="min-w-0 font-medium break-words">{i.counterpart.name}</span>
                    <span className="flex flex-wrap items-center gap-2 text-muted">
                      {i.startsAt && i.endsAt && <TimeRange start={i.startsAt} end={i.endsAt} zone={zone} />}
                      <StatusBadge interview={i} now={now} />
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}

/** 'Times in <zone>' and, on request, the setting to change it (saved for every interview and mail). */
function ZoneSetting({ zone }: { zone: string }) {
  const [editing, setEditing] = useState(false);
  const save = useSaveMyTimeZone('freelancer');
  const id = useId();
  const change = useRef<HTMLButtonElement>(null);
  if (!editing)
    return (
      <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted">
        Times in {formatZoneName(zone)}
        <button
          ref={change}
          type="button"
          onClick={() => setEditing(true)}
          className="font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          Change<span className="sr-only"> time zone</span>
        </button>
      </p>
    );
  return (
    <div className="flex w-full flex-col gap-1.5 sm:w-auto">
      <label htmlFor={id} className="text-xs font-medium">
        Your time zone (interview times and mails use it)
      </label>
      <select
        id={id}
        // biome-ignore lint/a11y/noAutofocus: opened by the user's own click on Change
        autoFocus
        className="min-h-10 rounded-xl border border-line bg-white px-3 text-sm"
        defaultValue={zone}
        disabled={save.isPending}
        onChange={(e) =>
          save.mutate(e.target.value, {
            onSuccess: (res) => {
              notify.success('Time zone saved', formatZoneName(res.timeZone ?? zone));
              setEditing(false);
              requestAnimationFrame(() => change.current?.focus());
            },
            onError: (err) => notify.error('Time zone not saved', failureText(err)),
          })
        }
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          setEditing(false);
          requestAnimationFrame(() => change.current?.focus());
        }}
      >
        {zoneOptions(zone).map((z) => (
          <option key={z.value} value={z.value}>
            {z.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function FreelancerInterview({ interview: i, zone }: { interview: Interview; zone: string }) {
  const uid = useId();
  const accept = useAcceptInterview();
  const [picked, setPicked] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const [dialog, setDialog] = useState<{ action: ReasonAction; returnFocus: ReturnFocus } | null>(null);
  const declineRef = useRef<HTMLButtonElement>(null);
  const otherRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const company = i.counterpart.name;

  async function submitAccept() {
    if (accept.isPending) return;
    setError(undefined);
    if (!picked) return setError('Choose one of the times first.');
    try {
      const res = await accept.mutateAsync({ interviewId: i.id, slotId: picked, version: i.version });
      notify.success(res.responseMessage, `${company} is told; the invitation is in your mail.`);
    } catch (err) {
      setError(failureText(err));
    }
  }

  return (
    <li className="rounded-xl border border-line p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="min-w-0 font-semibold break-words">{company}</h3>
        <StatusBadge interview={i} />
      </div>
      <p className="mt-1 text-sm text-muted">{i.durationMinutes} minutes</p>
      <div className="mt-1">
        <Place interview={i} />
      </div>
      {i.note && <p className="mt-2 text-sm break-words whitespace-pre-line">{i.note}</p>}
      {i.reason && (
        <p className="mt-2 text-sm break-words text-muted">
          <span className="font-medium text-ink">{i.changedBy === 'company' ? `${company} wrote: ` : 'Your reason: '}</span>
          {i.reason}
        </p>
      )}

      {i.status === 'proposed' && (
        <fieldset className="mt-3 min-w-0" aria-describedby={error ? `${uid}-error` : undefined}>
          <legend className="text-sm font-medium">Choose a time</legend>
          <div className="mt-2 grid gap-2">
            {i.slots.map((s) => (
              <label
                key={s.id}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border px-3.5 py-2 text-sm transition-colors',
                  picked === s.id ? 'border-brand-600 bg-brand-50' : 'border-line hover:bg-surface',
                )}
              >
                <input
                  type="radio"
                  name={`${uid}-slot`}
                  value={s.id}
                  checked={picked === s.id}
                  onChange={() => {
                    setPicked(s.id);
                    setError(undefined);
                  }}
                  className="h-4 w-4 accent-brand-700"
                />
                <TimeRange start={s.startsAt} end={s.endsAt} zone={zone} />
              </label>
            ))}
          </div>
          <FieldError id={`${uid}-error`}>{error}</FieldError>
        </fieldset>
      )}
      {i.status === 'accepted' && i.startsAt && i.endsAt && (
        <p className="mt-3 flex items-center gap-2 rounded-xl bg-success-soft px-3.5 py-2.5 text-sm font-medium text-ink">
          <CalendarCheck className="h-4 w-4 shrink-0 text-success" aria-hidden="true" />
          <TimeRange start={i.startsAt} end={i.endsAt} zone={zone} />
        </p>
      )}
      {i.status === 'new_times_requested' && <p className="mt-3 text-sm text-muted">Waiting for {company} to propose new times.</p>}

      {(i.status === 'proposed' || i.status === 'accepted') && (
        <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {i.status === 'proposed' ? (
            <>
              <Button onClick={submitAccept} pending={accept.isPending}>
                Accept time
              </Button>
              <Button ref={otherRef} variant="secondary" onClick={() => setDialog({ action: 'otherTimes', returnFocus: otherRef })}>
                Ask for other times
              </Button>
              <Button
                ref={declineRef}
                variant="ghost"
                className="text-danger hover:bg-danger-soft"
                onClick={() => setDialog({ action: 'decline', returnFocus: declineRef })}
              >
                Decline
              </Button>
            </>
          ) : (
            <>
              <Button ref={otherRef} variant="secondary" onClick={() => setDialog({ action: 'otherTimes', returnFocus: otherRef })}>
                Reschedule
              </Button>
              <Button
                ref={cancelRef}
                variant="ghost"
                className="text-danger hover:bg-danger-soft"
                onClick={() => setDialog({ action: 'freelancerCancel', returnFocus: cancelRef })}
              >
                Cancel interview
              </Button>
            </>
          )}
        </div>
      )}
      {dialog && (
        <InterviewReasonDialog
          action={dialog.action}
          interview={i}
          withName={company}
          onClose={() => setDialog(null)}
          returnFocus={dialog.returnFocus}
        />
      )}
    </li>
  );
}
