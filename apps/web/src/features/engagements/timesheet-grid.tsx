import {
  QUARTERS_PER_HOUR,
  TERMS_MESSAGES,
  TIMESHEET_STATUS_LABELS,
  type Timesheet,
  type TimesheetLine,
  formatQuarterHours,
  weekAmount,
  weekDays,
} from '@talentloop/contract/api/engagements';
import { useId, useMemo, useState } from 'react';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { inputClass } from '../../ui/field.tsx';
import { formatDay, money } from './format.ts';
import { parseHours } from './hours.ts';

// The week grid (issue 34): the seven days of the week in the engagement's zone (Monday first), hours
// in quarter hours and a description per day. Days outside the engagement or not begun yet take no
// hours. Checked as typed with the contract's messages: at most 24 hours a day, the week within the
// cap; the server checks the same again. Editable while a draft or queried.

type Row = { hours: string; description: string };
type RowErrors = { hours?: string; description?: string };

function initialRows(t: Timesheet): Record<string, Row> {
  const rows: Record<string, Row> = {};
  for (const day of weekDays(t.weekStart)) {
    const line = t.lines.find((l) => l.day === day);
    rows[day] = { hours: line ? formatQuarterHours(line.quarterHours) : '', description: line?.description ?? '' };
  }
  return rows;
}

/** The lines typed, or the problems by day and for the week. */
export function readWeek(
  rows: Record<string, Row>,
  weeklyCapHours: number,
): { lines: TimesheetLine[]; errors: Record<string, RowErrors>; weekError?: string } {
  const lines: TimesheetLine[] = [];
  const errors: Record<string, RowErrors> = {};
  for (const [day, row] of Object.entries(rows)) {
    const parsed = parseHours(row.hours);
    if (parsed && 'error' in parsed) {
      errors[day] = { hours: parsed.error };
      continue;
    }
    const description = row.description.trim();
    if (!parsed) {
      if (description) errors[day] = { hours: 'Enter the hours of this day, or clear its description.' };
      continue;
    }
    if (!description) errors[day] = { description: TERMS_MESSAGES.descriptionRequired };
    else if (description.length < 2) errors[day] = { description: TERMS_MESSAGES.descriptionLength };
    lines.push({ day, quarterHours: parsed.quarterHours, description });
  }
  const total = lines.reduce((s, l) => s + l.quarterHours, 0);
  const weekError = total > weeklyCapHours * QUARTERS_PER_HOUR ? TERMS_MESSAGES.overCap(weeklyCapHours) : undefined;
  return { lines, errors, weekError };
}

export function TimesheetGrid({
  timesheet,
  onSave,
  onSubmit,
  saving = false,
  submitting = false,
}: {
  timesheet: Timesheet;
  onSave: (lines: TimesheetLine[]) => void;
  onSubmit: (lines: TimesheetLine[], dirty: boolean) => void;
  saving?: boolean;
  submitting?: boolean;
}) {
  const id = useId();
  const [rows, setRows] = useState(() => initialRows(timesheet));
  const [shown, setShown] = useState(false);
  const editable = timesheet.status === 'draft' || timesheet.status === 'queried';
  const read = useMemo(() => readWeek(rows, timesheet.weeklyCapHours), [rows, timesheet.weeklyCapHours]);
  const dirty = useMemo(() => JSON.stringify(rows) !== JSON.stringify(initialRows(timesheet)), [rows, timesheet]);
  const totalQuarters = read.lines.reduce((s, l) => s + l.quarterHours, 0);
  const amount = weekAmount(read.lines, timesheet.rateMinor, timesheet.currency);
  const invalid = Object.keys(read.errors).length > 0 || !!read.weekError;
  const queried = new Set(timesheet.lines.filter((l) => l.queried).map((l) => l.day));

  function set(day: string, patch: Partial<Row>) {
    setRows((r) => ({ ...r, [day]: { ...(r[day] ?? { hours: '', description: '' }), ...patch } }));
  }
  function attempt(then: (lines: TimesheetLine[]) => void) {
    setShown(true);
    if (invalid) {
      const first = Object.keys(read.errors)[0];
      if (first) document.getElementById(`${id}-${first}-${read.errors[first]?.hours ? 'hours' : 'desc'}`)?.focus();
      return;
    }
    then(read.lines);
  }

  return (
    <form
      noValidate
      aria-label={`Timesheet for the week of ${formatDay(timesheet.weekStart)}`}
      onSubmit={(e) => {
        e.preventDefault();
        attempt(onSave);
      }}
    >
      {timesheet.status === 'queried' && timesheet.queryReason && (
        <Alert>
          <span className="font-semibold">The company queried this week:</span> {timesheet.queryReason} Correct the marked days and submit
          the week again.
        </Alert>
      )}
      <ul className="mt-3 divide-y divide-line rounded-xl border border-line">
        {weekDays(timesheet.weekStart).map((day) => {
          const open = timesheet.openDays.includes(day);
          const row = rows[day] ?? { hours: '', description: '' };
          const err = shown ? read.errors[day] : undefined;
          const hoursId = `${id}-${day}-hours`;
          const descId = `${id}-${day}-desc`;
          return (
            <li
              key={day}
              className={`grid gap-2 p-3 sm:grid-cols-[11rem_7rem_minmax(0,1fr)] sm:items-start sm:gap-3 ${queried.has(day) ? 'bg-danger-soft/40' : ''}`}
            >
              <div className="pt-2 text-sm font-medium text-ink">
                {formatDay(day)}
                {queried.has(day) && (
                  <span className="ml-2 rounded-full bg-danger-soft px-2 py-0.5 text-xs font-semibold text-danger">Queried</span>
                )}
              </div>
              {open && editable ? (
                <>
                  <div>
                    <label htmlFor={hoursId} className="sr-only">
                      Hours on {formatDay(day)}
                    </label>
                    <input
                      id={hoursId}
                      inputMode="decimal"
                      autoComplete="off"
                      placeholder="0"
                      value={row.hours}
                      onChange={(e) => set(day, { hours: e.target.value })}
                      aria-invalid={err?.hours ? true : undefined}
                      aria-describedby={err?.hours ? `${hoursId}-error` : undefined}
                      className={inputClass(!!err?.hours)}
                    />
                    {err?.hours && (
                      <p id={`${hoursId}-error`} className="mt-1 text-sm text-danger">
                        {err.hours}
                      </p>
                    )}
                  </div>
                  <div>
                    <label htmlFor={descId} className="sr-only">
                      What you worked on, {formatDay(day)}
                    </label>
                    <input
                      id={descId}
                      placeholder="What you worked on"
                      value={row.description}
                      maxLength={500}
                      onChange={(e) => set(day, { description: e.target.value })}
                      aria-invalid={err?.description ? true : undefined}
                      aria-describedby={err?.description ? `${descId}-error` : undefined}
                      className={inputClass(!!err?.description)}
                    />
                    {err?.description && (
                      <p id={`${descId}-error`} className="mt-1 text-sm text-danger">
                        {err.description}
                      </p>
                    )}
                  </div>
                </>
              ) : (
                <>
                  <p className="text-sm text-ink sm:pt-2">{row.hours ? `${row.hours} h` : editable ? 'Not open for hours' : 'No hours'}</p>
                  <p className="text-sm break-words text-muted sm:pt-2">{row.description}</p>
                </>
              )}
            </li>
          );
        })}
      </ul>
      <div className="mt-3 flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <p>
          <span className="font-semibold text-ink">{formatQuarterHours(totalQuarters)} h</span>{' '}
          <span className="text-muted">of the {timesheet.weeklyCapHours} h weekly cap</span>
        </p>
        <p className="text-ink">
          {money(amount, timesheet.currency)} <span className="text-muted">at {money(timesheet.rateMinor, timesheet.currency)}/h</span>
        </p>
      </div>
      {read.weekError && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {read.weekError}
        </p>
      )}
      {editable ? (
        <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="submit" variant="secondary" pending={saving} disabled={submitting}>
            Save draft
          </Button>
          <Button onClick={() => attempt((lines) => onSubmit(lines, dirty))} pending={submitting} disabled={saving}>
            Submit week
          </Button>
        </div>
      ) : (
        <p className="mt-3 text-sm text-muted">
          {TIMESHEET_STATUS_LABELS[timesheet.status]}
          {timesheet.status === 'submitted' ? ': waiting for the company.' : '.'}
        </p>
      )}
    </form>
  );
}
