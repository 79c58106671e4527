import type { SupportDayRead } from '@talentloop/contract/api/support-booking';
import {
  SUPPORT_SLOT_LABELS,
  type SupportSlotLabel,
  formatSlotDay,
  formatSlotTime,
  formatSupportDate,
  formatZoneOffset,
  zonedDate,
} from '@talentloop/contract/rules/support-slots';
import { type ReactNode, useId, useState } from 'react';
import { cn } from '../../../ui/cn.ts';
import { FormActions } from '../../../ui/form-actions.tsx';
import { countLabel } from '../../../lib/plural.ts';

// The calendar view of the support booking (spec: profile-company §2, §4): the offered weekdays with
// their labels, the chosen day's 30-minute calls in the support time zone and the visitor's own,
// 'No available slot' not selectable, Back, and 'Confirm Booking' only with a day and a time, which
// returns to the form. Everything shown comes from the server's availability answer.

export type SupportChoice = { date: string; time: string; start: string };

const badgeClass: Record<SupportSlotLabel, string> = {
  [SUPPORT_SLOT_LABELS.available]: 'bg-success-soft text-success',
  [SUPPORT_SLOT_LABELS.limited]: 'bg-warning/10 text-warning',
  [SUPPORT_SLOT_LABELS.none]: 'bg-surface text-muted',
};

function LabelBadge({ label }: { label: SupportSlotLabel }) {
  return <span className={cn('inline-block self-start rounded-full px-2 py-0.5 text-xs font-medium', badgeClass[label])}>{label}</span>;
}

/** A radio shown as a card: the whole card is its label; a disabled one is dimmed and not selectable. */
function RadioCard({
  name,
  value,
  checked,
  disabled,
  onChange,
  className,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  disabled: boolean;
  onChange: () => void;
  className: string;
  children: ReactNode;
}) {
  return (
    <label
      className={cn(
        'flex rounded-xl border p-3 text-sm transition-colors',
        className,
        checked ? 'border-brand-700 bg-brand-50' : 'border-line bg-white',
        disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer hover:border-brand-300',
        'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600',
      )}
    >
      <input type="radio" name={name} value={value} checked={checked} disabled={disabled} onChange={onChange} className="sr-only" />
      {children}
    </label>
  );
}

const seatsLeft = (remaining: number, capacity: number) =>
  remaining === 0 ? 'Fully booked' : `${remaining} of ${countLabel(capacity, 'seat')} left`;

/** The call's start in the visitor's zone: its time, and its day when that differs from the support day. */
function visitorTime(start: string, supportDate: string, visitorZone: string): string {
  const time = formatSlotTime(start, visitorZone);
  return zonedDate(start, visitorZone) === supportDate ? time : `${formatSlotDay(start, visitorZone)}, ${time}`;
}

export function SupportBookingCalendar({
  days,
  timeZone,
  capacity,
  visitorZone,
  initial,
  onBack,
  onConfirm,
}: {
  days: readonly SupportDayRead[];
  timeZone: string;
  capacity: number;
  visitorZone: string;
  initial: { date: string; time: string } | null;
  onBack: () => void;
  onConfirm: (choice: SupportChoice) => void;
}) {
  const ids = useId();
  const offered = (date: string) => days.find((d) => d.date === date && d.label !== SUPPORT_SLOT_LABELS.none);
  const [date, setDate] = useState(() => (initial && offered(initial.date) ? initial.date : ''));
  const day = days.find((d) => d.date === date);
  const [time, setTime] = useState(() =>
    initial && day?.slots.some((s) => s.time === initial.time && s.remaining > 0) ? initial.time : '',
  );
  const slot = day?.slots.find((s) => s.time === time && s.remaining > 0);
  const sameZone = visitorZone === timeZone;
  const zoneAt = day?.slots[0]?.start ?? days[0]?.slots[0]?.start ?? new Date().toISOString();

  return (
    <section aria-labelledby={`${ids}-title`} className="space-y-6">
      <div>
        <h3 id={`${ids}-title`} className="text-lg font-semibold">
          Choose a date and time
        </h3>
        <p className="mt-1 text-sm text-muted">
          Calls last 30 minutes, Monday to Friday. Each time is shown in support time
          {sameZone ? '' : ' and in your time'}.
        </p>
      </div>

      <fieldset>
        <legend className="mb-3 text-sm font-semibold">Day</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
          {days.map((d) => {
            const closed = d.label === SUPPORT_SLOT_LABELS.none;
            const checked = d.date === date;
            return (
              <RadioCard
                key={d.date}
                name={`${ids}-day`}
                value={d.date}
                checked={checked}
                disabled={closed}
                onChange={() => {
                  setDate(d.date);
                  setTime('');
                }}
                className="flex-col gap-1"
              >
                <span className="font-semibold">{formatSupportDate(d.date, 'EEE, d MMM')}</span>
                <LabelBadge label={d.label} />
              </RadioCard>
            );
          })}
        </div>
      </fieldset>

      {day ? (
        <fieldset>
          <legend className="mb-3 text-sm font-semibold">Time on {formatSupportDate(day.date)}</legend>
          {day.slots.length === 0 ? (
            <p className="text-sm text-muted">No calls are left on this day.</p>
          ) : (
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
              {day.slots.map((s) => {
                const full = s.remaining === 0;
                const checked = s.time === time;
                return (
                  <RadioCard
                    key={s.start}
                    name={`${ids}-time`}
                    value={s.time}
                    checked={checked}
                    disabled={full}
                    onChange={() => setTime(s.time)}
                    className="items-start justify-between gap-3"
                  >
                    <span className="min-w-0">
                      <span className="block font-semibold">{formatSlotTime(s.start, timeZone)}</span>
                      {!sameZone && (
                        <span className="block text-xs text-muted">{visitorTime(s.start, day.date, visitorZone)} your time</span>
                      )}
                      <span className="block text-xs text-muted">{seatsLeft(s.remaining, capacity)}</span>
                    </span>
                    <LabelBadge label={s.label} />
                  </RadioCard>
                );
              })}
            </div>
          )}
        </fieldset>
      ) : (
        <p className="rounded-xl bg-surface p-4 text-sm text-muted">Choose a day to see its times.</p>
      )}

      <p className="text-sm text-muted">
        Timezone: {timeZone} ({formatZoneOffset(zoneAt, timeZone)})
        {!sameZone && (
          <>
            {' '}
            · Your time: {visitorZone} ({formatZoneOffset(zoneAt, visitorZone)})
          </>
        )}
      </p>

      <FormActions
        onBack={onBack}
        submitLabel="Confirm Booking"
        disabled={!slot}
        onMain={() => slot && onConfirm({ date, time, start: slot.start })}
      />
    </section>
  );
}
