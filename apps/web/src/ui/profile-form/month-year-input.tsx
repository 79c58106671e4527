import { GRADUATION_YEAR_MIN } from '@talentloop/contract/lists/profile';
import { useEffect, useState } from 'react';
import { SelectInput } from '../select-input.tsx';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const MONTH_OPTIONS = MONTHS.map((name, i) => ({ value: String(i + 1).padStart(2, '0'), label: name }));
const yearOptions = (now = new Date()) =>
  Array.from({ length: now.getFullYear() - GRADUATION_YEAR_MIN + 1 }, (_, i) => {
    const y = String(now.getFullYear() - i);
    return { value: y, label: y };
  });

/** 'YYYY-MM' (or a full date) as its month and year parts. */
export function splitMonth(value: string | null | undefined): { month: string; year: string } {
  const m = /^(\d{4})-(\d{2})/.exec(value ?? '');
  return m ? { year: m[1] ?? '', month: m[2] ?? '' } : { month: '', year: '' };
}

/** 'Jul 2019' for a saved date or a 'YYYY-MM' value. */
export function formatMonth(value: string): string {
  const { month, year } = splitMonth(value);
  if (!month || !year) return value;
  return `${MONTHS[Number(month) - 1]?.slice(0, 3) ?? ''} ${year}`;
}

/** '15 Feb 2024' for a yyyy-MM-dd day (read as written: no time zone can move it). */
export function formatDay(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return value;
  return `${Number(m[3])} ${MONTHS[Number(m[2]) - 1]?.slice(0, 3) ?? ''} ${m[1]}`;
}

/**
 * A work date as a month and a year (work history is told in months: the list shows 'Jul 2019'), two
 * selects whose value is 'YYYY-MM', or '' until both are chosen. spec: auth-onboarding §5 (issue 9:
 * no exact day in a US-format picker)
 */
export function MonthYearInput({
  id,
  label,
  value,
  onChange,
  disabled,
  invalid,
  describedBy,
  triggerRef,
  labelledBy,
}: {
  id: string;
  /** The id of the field's visible label, naming the pair as a group. */
  labelledBy: string;
  /** The field's name, e.g. 'Start': the selects are 'Start month' and 'Start year'. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  triggerRef?: React.Ref<HTMLButtonElement>;
}) {
  const [parts, setParts] = useState(() => splitMonth(value));
  // A value changed from outside (cleared by 'I currently work here', or a later start) resets the parts.
  useEffect(() => {
    setParts((p) => {
      const complete = p.month !== '' && p.year !== '';
      if (value === '' && complete) return { month: '', year: '' };
      if (value !== '' && `${p.year}-${p.month}` !== value.slice(0, 7)) return splitMonth(value);
      return p;
    });
  }, [value]);

  function change(next: { month: string; year: string }) {
    setParts(next);
    onChange(next.month && next.year ? `${next.year}-${next.month}` : '');
  }

  return (
    <fieldset aria-labelledby={labelledBy} className="m-0 grid min-w-0 grid-cols-[minmax(0,3fr)_minmax(0,2fr)] gap-2 border-0 p-0">
      <label htmlFor={`${id}-month`} className="sr-only">
        {label} month
      </label>
      <SelectInput
        id={`${id}-month`}
        triggerRef={triggerRef}
        value={parts.month}
        onChange={(month) => change({ ...parts, month })}
        options={MONTH_OPTIONS}
        placeholder="Month"
        disabled={disabled}
        invalid={invalid}
        describedBy={describedBy}
      />
      <label htmlFor={`${id}-year`} className="sr-only">
        {label} year
      </label>
      <SelectInput
        id={`${id}-year`}
        value={parts.year}
        onChange={(year) => change({ ...parts, year })}
        options={yearOptions()}
        placeholder="Year"
        disabled={disabled}
        invalid={invalid}
        describedBy={describedBy}
      />
    </fieldset>
  );
}
