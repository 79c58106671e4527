import {
  INTERVIEW_DURATIONS,
  INTERVIEW_LOCATION_MAX,
  INTERVIEW_MESSAGES,
  INTERVIEW_NOTE_MAX,
  INTERVIEW_REASON_MAX,
  INTERVIEW_TIMES_MAX,
  type Interview,
  InterviewReason,
  ProposeInterviewBody,
  type ProposedTime,
  proposalTimesProblem,
} from '@talentloop/contract/api/interviews';
import {
  INTERVIEW_GRID_MINUTES,
  INTERVIEW_HORIZON_DAYS,
  formatZoneName,
  timeZoneNames,
  isIanaTimeZone,
  utcToZoned,
} from '@talentloop/contract/rules/interview-times';
import { CalendarPlus, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { CountedTextarea } from '../../ui/counted-textarea.tsx';
import { Dialog, type ReturnFocus } from '../../ui/dialog.tsx';
import { inputClass } from '../../ui/field.tsx';
import { FieldError, FormField } from '../../ui/form-field.tsx';
import { notify } from '../../ui/toast.ts';
import { useMyTimeZone } from './api/get-my-time-zone.ts';
import { useProposeInterview } from './api/propose-interview.ts';
import { useRescheduleInterview } from './api/reschedule-interview.ts';
import { failureText } from './parts.tsx';

// 'Schedule Interview' (issue 22): up to three times picked in the company's zone (native date and
// time inputs on the 15-minute grid, the zone named beside them), a duration, a meeting link or a
// phone number and a note. The contract's schema checks the form (the same one the server runs),
// plus the rules that need a clock with the browser's (in the future, an hour ahead, within 60
// days); the server checks again with its own. Reschedule opens the same form with the interview's
// place, duration and note.

type Row = { key: number; date: string; time: string };
type Errors = {
  times: (string | undefined)[];
  durationMinutes?: string;
  location?: string;
  note?: string;
  timeZone?: string;
  reason?: string;
};

let rowKey = 0;
const newRow = (): Row => ({ key: ++rowKey, date: '', time: '' });

// Every zone's label ('Europe/Berlin (GMT+1)') is formatted once per page load: a select lists
// about 400 zones, and formatting them all on every render of a form costs a second on a slow box.
const zoneLabels = new Map<string, string>();
const zoneLabel = (zone: string) => {
  let label = zoneLabels.get(zone);
  if (label === undefined) {
    label = formatZoneName(zone);
    zoneLabels.set(zone, label);
  }
  return label;
};

/** Every IANA zone this browser knows (by its canonical name), with its label; the current one first when it is not among them. */
export function zoneOptions(current: string): { value: string; label: string }[] {
  const all = timeZoneNames();
  return (all.includes(current) ? all : [current, ...all]).map((value) => ({ value, label: zoneLabel(value) }));
}

export function ScheduleDialog({
  target,
  interview,
  onClose,
  returnFocus,
}: {
  /** Who the interview is with (a new proposal). */
  target: { slug: string; name: string; candidateId?: string | null };
  /** Rescheduling this interview instead of proposing a new one. */
  interview?: Interview;
  onClose: () => void;
  returnFocus?: ReturnFocus;
}) {
  const uid = useId();
  const saved = useMyTimeZone('company');
  const propose = useProposeInterview();
  const reschedule = useRescheduleInterview();
  const pending = propose.isPending || reschedule.isPending;
  const [zone, setZone] = useState<string | null>(null);
  const timeZone = zone ?? (interview && !saved.saved ? interview.companyTimeZone : saved.zone);
  const [rows, setRows] = useState<Row[]>(() => [newRow()]);
  const [duration, setDuration] = useState<number>(interview?.durationMinutes ?? 60);
  const [location, setLocation] = useState(interview?.location ?? '');
  const [note, setNote] = useState(interview?.note ?? '');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({ times: [] });
  const [failure, setFailure] = useState<string | null>(null);
  const firstDateRef = useRef<HTMLInputElement>(null);

  // The calendar's bounds in the company's zone: today .. today + 60 days.
  const bounds = useMemo(() => {
    const now = new Date();
    return {
      min: utcToZoned(now, timeZone).date,
      max: utcToZoned(new Date(now.getTime() + INTERVIEW_HORIZON_DAYS * 86_400_000), timeZone).date,
    };
  }, [timeZone]);

  const times = (): ProposedTime[] => rows.map((r) => ({ date: r.date, time: r.time }));

  function check(): Errors | null {
    const body = { slug: target.slug, timeZone, times: times(), durationMinutes: duration, location, note };
    const found: Errors = { times: rows.map(() => undefined) };
    let bad = false;
    rows.forEach((r, i) => {
      if (!r.date || !r.time) {
        found.times[i] = INTERVIEW_MESSAGES.timeRequired;
        bad = true;
      }
    });
    const parsed = ProposeInterviewBody.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [field, index] = issue.path;
        if (field === 'times' && typeof index === 'number') found.times[index] ??= issue.message;
        else if (field === 'times') found.times[0] ??= issue.message;
        else if (field === 'durationMinutes' || field === 'location' || field === 'note' || field === 'timeZone')
          found[field] ??= issue.message;
        bad = true;
      }
    } else {
      const late = proposalTimesProblem(body, new Date());
      if (late) {
        found.times[late.index] = late.message;
        bad = true;
      }
    }
    const why = reason.trim();
    if (why) {
      const parsed = InterviewReason.safeParse(why);
      if (!parsed.success) {
        found.reason = parsed.error.issues[0]?.message;
        bad = true;
      }
    }
    return bad ? found : null;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (pending) return;
    setFailure(null);
    const found = check();
    setErrors(found ?? { times: [] });
    if (found) return;
    try {
      const common = { timeZone, times: times(), durationMinutes: duration, location, note };
      if (interview) {
        const res = await reschedule.mutateAsync({
          interviewId: interview.id,
          ...common,
          reason: reason.trim() || null,
          version: interview.version,
        });
        notify.success(res.responseMessage, `${target.name} gets a mail with the new times.`);
      } else {
        const res = await propose.mutateAsync({ slug: target.slug, candidateId: target.candidateId ?? null, ...common });
        notify.success(res.responseMessage, `${target.name} gets a mail and picks one of them.`);
      }
      onClose();
    } catch (err) {
      setFailure(failureText(err));
    }
  }

  const setRow = (key: number, patch: Partial<Row>) => {
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
    setErrors((e) => ({ ...e, times: [] }));
  };

  return (
    <Dialog
      open
      size="lg"
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={interview ? `Reschedule the interview with ${target.name}` : `Schedule an interview with ${target.name}`}
      description={
        interview
          ? 'Propose new times. They pick one; an accepted time is released and both calendars are updated.'
          : `Propose up to ${INTERVIEW_TIMES_MAX} times. ${target.name} sees them in their own time zone and accepts one.`
      }
      returnFocus={returnFocus}
      closable={!pending}
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        <fieldset disabled={pending} className="min-w-0 space-y-5">
          <FormField label="Time zone" id={`${uid}-zone`} error={errors.timeZone} hint="The times below are in this zone.">
            {(control) => (
              <select
                {...control}
                value={timeZone}
                onChange={(e) => setZone(isIanaTimeZone(e.target.value) ? e.target.value : null)}
                className={inputClass(Boolean(errors.timeZone))}
              >
                {zoneOptions(timeZone).map((z) => (
                  <option key={z.value} value={z.value}>
                    {z.label}
                  </option>
                ))}
              </select>
            )}
          </FormField>

          <fieldset className="min-w-0 space-y-3">
            <legend className="text-sm font-medium text-ink">Proposed times</legend>
            <ol className="space-y-3">
              {rows.map((row, i) => {
                const error = errors.times[i];
                const errorId = `${uid}-time-${row.key}-error`;
                return (
                  <li key={row.key} className="rounded-xl border border-line p-3">
                    <div className="flex min-h-6 items-center justify-between gap-2">
                      <span className="text-sm font-semibold text-ink">Time {i + 1}</span>
                      {rows.length > 1 && (
                        <Button
                          variant="ghost"
                          className="-my-2 min-h-10 px-3 text-muted hover:text-danger"
                          aria-label={`Remove time ${i + 1}`}
                          onClick={() => {
                            setRows((rs) => rs.filter((r) => r.key !== row.key));
                            setErrors((e) => ({ ...e, times: [] }));
                            requestAnimationFrame(() => firstDateRef.current?.focus());
                          }}
                        >
                          <Trash2 className="h-4 w-4" aria-hidden="true" />
                        </Button>
                      )}
                    </div>
                    <div className="mt-2 grid gap-3 sm:grid-cols-2">
                      <div className="min-w-0 space-y-1.5">
                        <label htmlFor={`${uid}-date-${row.key}`} className="block text-sm font-medium text-ink">
                          Date<span className="sr-only"> {i + 1}</span>
                        </label>
                        <input
                          ref={i === 0 ? firstDateRef : undefined}
                          id={`${uid}-date-${row.key}`}
                          type="date"
                          min={bounds.min}
                          max={bounds.max}
                          value={row.date}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? errorId : undefined}
                          onChange={(e) => setRow(row.key, { date: e.target.value })}
                          className={inputClass(Boolean(error))}
                        />
                      </div>
                      <div className="min-w-0 space-y-1.5">
                        <label htmlFor={`${uid}-clock-${row.key}`} className="block text-sm font-medium text-ink">
                          Start time<span className="sr-only"> {i + 1}</span>
                        </label>
                        <input
                          id={`${uid}-clock-${row.key}`}
                          type="time"
                          step={INTERVIEW_GRID_MINUTES * 60}
                          value={row.time}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? errorId : undefined}
                          onChange={(e) => setRow(row.key, { time: e.target.value })}
                          className={inputClass(Boolean(error))}
                        />
                      </div>
                    </div>
                    <FieldError id={errorId}>{error}</FieldError>
                  </li>
                );
              })}
            </ol>
            {rows.length < INTERVIEW_TIMES_MAX && (
              <Button variant="secondary" onClick={() => setRows((rs) => [...rs, newRow()])}>
                <Plus className="h-4 w-4" aria-hidden="true" />
                Add another time
              </Button>
            )}
            <p className="text-xs text-muted">
              Quarter hours only, at least an hour from now and within the next {INTERVIEW_HORIZON_DAYS} days. Times are in{' '}
              {formatZoneName(timeZone)}.
            </p>
          </fieldset>

          <div className="grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)]">
            <FormField label="Duration" id={`${uid}-duration`} error={errors.durationMinutes}>
              {(control) => (
                <select
                  {...control}
                  value={duration}
                  onChange={(e) => setDuration(Number(e.target.value))}
                  className={inputClass(Boolean(errors.durationMinutes))}
                >
                  {INTERVIEW_DURATIONS.map((d) => (
                    <option key={d} value={d}>
                      {d} minutes
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField
              label="Meeting link or phone number"
              id={`${uid}-location`}
              error={errors.location}
              hint="An https:// link (Zoom, Meet, Teams…) or a phone number with its country code."
            >
              {(control) => (
                <input
                  {...control}
                  type="text"
                  inputMode="url"
                  autoComplete="off"
                  maxLength={INTERVIEW_LOCATION_MAX}
                  value={location}
                  placeholder="https://meet.example.com/abc-defg"
                  onChange={(e) => {
                    setLocation(e.target.value);
                    setErrors((er) => ({ ...er, location: undefined }));
                  }}
                  className={inputClass(Boolean(errors.location))}
                />
              )}
            </FormField>
          </div>

          <CountedTextarea
            label="Note (optional)"
            max={INTERVIEW_NOTE_MAX}
            value={note}
            error={errors.note}
            rows={3}
            placeholder="What you would like to talk about, who joins from your side…"
            onChange={(e) => {
              setNote(e.target.value);
              setErrors((er) => ({ ...er, note: undefined }));
            }}
          />
          {interview?.status === 'accepted' && (
            <CountedTextarea
              label="Why the change (optional)"
              max={INTERVIEW_REASON_MAX}
              value={reason}
              error={errors.reason}
              rows={2}
              onChange={(e) => {
                setReason(e.target.value);
                setErrors((er) => ({ ...er, reason: undefined }));
              }}
            />
          )}
        </fieldset>
        {failure && <Alert>{failure}</Alert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" pending={pending}>
            <CalendarPlus className="h-4 w-4" aria-hidden="true" />
            {interview ? 'Send new times' : 'Send invitation'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
