import { type Interview, OPEN_INTERVIEW_STATUSES, interviewStatusLabel } from '@talentloop/contract/api/interviews';
import { mayInterviewFromProfile } from '@talentloop/contract/api/shortlists';
import { CalendarClock, CalendarPlus, CheckCircle2, UserX } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { Dialog, type ReturnFocus } from '../../ui/dialog.tsx';
import { notify } from '../../ui/toast.ts';
import { useCompanyInterviews } from './api/get-company-interviews.ts';
import { useMyTimeZone } from './api/get-my-time-zone.ts';
import { useRecordOutcome } from './api/record-outcome.ts';
import { Place, StatusBadge, TimeRange, ZoneNote, failureText } from './parts.tsx';
import { InterviewReasonDialog } from './reason-dialog.tsx';
import { ScheduleDialog } from './schedule-dialog.tsx';

// A candidate's interviews as the company sees them (issue 22), on the shortlist's candidate card:
// 'Schedule Interview' while none is open and the candidacy is not decided (Selected or Not
// selected: `canSchedule`), then each interview with its status and times in the
// company's zone (named), Reschedule and Cancel while it is open, Held / No-show once it has ended.
// Every card asks the same query (one request for the page; TanStack Query shares it).

export function CandidateInterviews({
  candidateId,
  slug,
  name,
  canSchedule = true,
}: {
  candidateId: string;
  slug: string;
  name: string;
  canSchedule?: boolean;
}) {
  const query = useCompanyInterviews();
  const { zone } = useMyTimeZone('company');
  const [scheduling, setScheduling] = useState(false);
  const scheduleRef = useRef<HTMLButtonElement>(null);
  const mine = (query.data?.interviews ?? []).filter((i) => i.candidateId === candidateId);
  const open = mine.some((i) => OPEN_INTERVIEW_STATUSES.includes(i.status));
  // The latest closed one stays in view (its outcome); older ones are in the company's history.
  const shown = [
    ...mine.filter((i) => OPEN_INTERVIEW_STATUSES.includes(i.status)),
    ...mine.filter((i) => !OPEN_INTERVIEW_STATUSES.includes(i.status)).slice(0, 1),
  ];

  return (
    <section aria-label={`Interviews with ${name}`} className="mt-4 space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="flex items-center gap-1.5 text-sm font-medium text-ink">
          <CalendarClock className="h-4 w-4 text-muted" aria-hidden="true" />
          Interview
        </h4>
        {query.isSuccess && !open && canSchedule && (
          <Button ref={scheduleRef} variant="secondary" className="min-h-10 px-3.5" onClick={() => setScheduling(true)}>
            <CalendarPlus className="h-4 w-4" aria-hidden="true" />
            Schedule Interview
          </Button>
        )}
      </div>
      {query.isPending ? (
        <div aria-busy="true" className="h-16 animate-pulse rounded-xl bg-surface">
          <span className="sr-only">Loading interviews</span>
        </div>
      ) : query.isError ? (
        <p className="text-sm text-danger">
          Failed to get the interviews.{' '}
          <button type="button" onClick={() => query.refetch()} className="font-semibold underline underline-offset-2">
            Try again
          </button>
        </p>
      ) : shown.length === 0 ? (
        <p className="text-sm text-muted">No interview yet.</p>
      ) : (
        <ul className="space-y-2">
          {shown.map((i) => (
            <InterviewRow key={i.id} interview={i} zone={zone} name={name} slug={slug} />
          ))}
        </ul>
      )}
      {scheduling && <ScheduleDialog target={{ slug, name, candidateId }} onClose={() => setScheduling(false)} returnFocus={scheduleRef} />}
    </section>
  );
}

type Open = { kind: 'reschedule' | 'cancel'; returnFocus: ReturnFocus } | null;

/** One interview of the company: status, times, place and what can be done now. */
export function InterviewRow({ interview: i, zone, name, slug }: { interview: Interview; zone: string; name: string; slug: string }) {
  const [dialog, setDialog] = useState<Open>(null);
  const outcome = useRecordOutcome();
  const rescheduleRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const isOpen = OPEN_INTERVIEW_STATUSES.includes(i.status);
  const ended = i.status === 'accepted' && i.endsAt !== null && Date.parse(i.endsAt) <= Date.now();

  async function mark(value: 'held' | 'no_show') {
    try {
      const res = await outcome.mutateAsync({ interviewId: i.id, outcome: value, version: i.version });
      notify.success(res.responseMessage, value === 'held' ? `Now move ${name} to Selected or Not selected.` : undefined);
    } catch (err) {
      notify.error('Not saved', failureText(err));
    }
  }

  return (
    <li className="rounded-xl border border-line bg-surface/60 px-3.5 py-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge interview={i} />
        {i.changedBy && i.reason && (
          <span className="text-xs text-muted">{i.changedBy === 'freelancer' ? `by ${name}` : 'by your company'}</span>
        )}
      </div>
      {i.startsAt && i.endsAt ? (
        <p className="mt-2 font-medium text-ink">
          <TimeRange start={i.startsAt} end={i.endsAt} zone={zone} />
        </p>
      ) : i.slots.length > 0 ? (
        <ul className="mt-2 space-y-0.5 text-ink" aria-label="Proposed times">
          {i.slots.map((s) => (
            <li key={s.id}>
              <TimeRange start={s.startsAt} end={s.endsAt} zone={zone} />
            </li>
          ))}
        </ul>
      ) : null}
      {(i.startsAt || i.slots.length > 0) && <ZoneNote zone={zone} at={i.startsAt ?? i.slots[0]?.startsAt} className="mt-0.5" />}
      {isOpen && (
        <div className="mt-1.5">
          <Place interview={i} />
        </div>
      )}
      {i.reason && (
        <p className="mt-2 break-words text-muted">
          <span className="font-medium text-ink">Reason: </span>
          {i.reason}
        </p>
      )}
      {(isOpen || ended) && (
        <div className="mt-3 flex flex-wrap gap-2">
          {ended ? (
            <>
              <Button
                className="min-h-10 px-3.5"
                pending={outcome.isPending && outcome.variables?.outcome === 'held'}
                onClick={() => mark('held')}
              >
                <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
                Mark held
              </Button>
              <Button
                variant="secondary"
                className="min-h-10 px-3.5"
                pending={outcome.isPending && outcome.variables?.outcome === 'no_show'}
                onClick={() => mark('no_show')}
              >
                <UserX className="h-4 w-4" aria-hidden="true" />
                No-show
              </Button>
            </>
          ) : (
            <>
              <Button
                ref={rescheduleRef}
                variant="secondary"
                className="min-h-10 px-3.5"
                onClick={() => setDialog({ kind: 'reschedule', returnFocus: rescheduleRef })}
              >
                {i.status === 'new_times_requested' ? 'Propose new times' : 'Reschedule'}
              </Button>
              <Button
                ref={cancelRef}
                variant="ghost"
                className="min-h-10 px-3.5 text-danger hover:bg-danger-soft"
                onClick={() => setDialog({ kind: 'cancel', returnFocus: cancelRef })}
              >
                Cancel interview
              </Button>
            </>
          )}
        </div>
      )}
      {dialog?.kind === 'reschedule' && (
        <ScheduleDialog target={{ slug, name }} interview={i} onClose={() => setDialog(null)} returnFocus={dialog.returnFocus} />
      )}
      {dialog?.kind === 'cancel' && (
        <InterviewReasonDialog
          action="companyCancel"
          interview={i}
          withName={name}
          onClose={() => setDialog(null)}
          returnFocus={dialog.returnFocus}
        />
      )}
    </li>
  );
}

/**
 * 'Schedule Interview' on the profile a company opens (issue 22): while an interview with this
 * freelancer is open (proposed from here or from a list), the button opens it instead, with its
 * Reschedule / Cancel / Held / No-show, so an interview proposed from the profile is never out of reach.
 */
export function ProfileInterviewAction({
  slug,
  name,
  canSchedule,
  stages = [],
  variant = 'secondary',
}: {
  slug: string;
  name: string;
  canSchedule: boolean;
  /** The freelancer's stages on the company's lists (the profile's memberships). */
  stages?: readonly string[];
  variant?: 'primary' | 'secondary';
}) {
  const query = useCompanyInterviews();
  const { zone } = useMyTimeZone('company');
  const [open, setOpen] = useState<'schedule' | 'view' | null>(null);
  const ref = useRef<HTMLButtonElement>(null);
  if (!canSchedule) return null;
  const current = (query.data?.interviews ?? []).filter((i) => i.counterpart.slug === slug && OPEN_INTERVIEW_STATUSES.includes(i.status));
  // Decided on every list (Selected or Not selected): nothing to schedule, as on the candidate's card.
  if (current.length === 0 && !mayInterviewFromProfile(stages)) return null;
  return (
    <>
      {current.length > 0 ? (
        <Button ref={ref} variant={variant} onClick={() => setOpen('view')}>
          <CalendarClock className="h-4 w-4" aria-hidden="true" />
          Interview: {current[0] ? <StatusLabel interview={current[0]} /> : null}
        </Button>
      ) : (
        <Button ref={ref} variant={variant} onClick={() => setOpen('schedule')}>
          <CalendarPlus className="h-4 w-4" aria-hidden="true" />
          Schedule Interview
        </Button>
      )}
      {open === 'schedule' && <ScheduleDialog target={{ slug, name }} onClose={() => setOpen(null)} returnFocus={ref} />}
      {open === 'view' && (
        <Dialog open onOpenChange={(o) => (o ? undefined : setOpen(null))} title={`Interview with ${name}`} returnFocus={ref} size="lg">
          <ul className="space-y-2">
            {current.map((i) => (
              <InterviewRow key={i.id} interview={i} zone={zone} name={name} slug={slug} />
            ))}
          </ul>
        </Dialog>
      )}
    </>
  );
}

function StatusLabel({ interview }: { interview: Interview }) {
  return <span className="font-normal">{interviewStatusLabel(interview, Date.now())}</span>;
}
