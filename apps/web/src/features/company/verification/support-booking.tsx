import { zodResolver } from '@hookform/resolvers/zod';
import { ERRORS } from '@talentloop/contract';
import type { SupportBookingRead } from '@talentloop/contract/api/support-booking';
import { SUPPORT_REASONS } from '@talentloop/contract/lists/company';
import { formatSlotTime, formatSupportDate, formatZoneOffset, zonedDate } from '@talentloop/contract/rules/support-slots';
import { SUPPORT_NOTES_MAX, SupportBookingBody, type SupportBookingInput } from '@talentloop/contract/validation/support-booking';
import { CalendarClock, CalendarDays } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { errorCode, errorMessage } from '../../../lib/error-message.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { cn } from '../../../ui/cn.ts';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import { TextField, inputClass } from '../../../ui/field.tsx';
import { type Failure, FailureAlert, FormActions } from '../../../ui/form-actions.tsx';
import { CountedTextarea } from '../../../ui/counted-textarea.tsx';
import { FormField } from '../../../ui/form-field.tsx';
import { SelectInput, type SelectOption } from '../../../ui/select-input.tsx';
import { notify } from '../../../ui/toast.ts';
import { type SupportChoice, SupportBookingCalendar } from './support-booking-calendar.tsx';
import { useBookSupportCall } from '../api/book-support-call.ts';
import { useCancelSupportCall } from '../api/cancel-support-call.ts';
import { useSupportAvailability } from '../api/get-support-availability.ts';
import { useSupportBooking } from '../api/get-support-booking.ts';

// Support booking, the third verification method (spec: profile-company §2, §4, §5; issue 11): a
// form (Reason for Contact, Additional Notes, Email Address, Date & Time) and a calendar view opened
// from the Date & Time field. A booked call is shown with Cancel; one upcoming call per company.

const REASON_OPTIONS: readonly SelectOption[] = SUPPORT_REASONS.map((r) => ({ value: r, label: r }));
const BOOK_FAILED = { title: 'Could not book the call', message: 'Please try again.' };
const CANCEL_FAILED = { title: 'Could not cancel the call', message: 'Please try again.' };
const SLOT_CODES = ['TL_CORE_11030_E', 'TL_CORE_11031_E', 'TL_CORE_11032_E'] as const;
/** The mail caps (contract mail-caps.ts): the server's message says which limit was reached. */
const CAP_TITLES = { TL_CORE_12001_E: ERRORS.TL_CORE_12001_E.title, TL_CORE_12002_E: ERRORS.TL_CORE_12002_E.title };
const UNPROVEN_EMAIL = ERRORS.TL_CORE_12000_E.message;

/** The browser's IANA zone (the visitor's own). */
const visitorZone = browserTimeZone;

export function SupportBooking({ onBack }: { onBack: () => void }) {
  const booking = useSupportBooking();
  if (booking.isError) {
    return (
      <div className="space-y-6">
        <Alert>Support booking could not be loaded. Please reload the page.</Alert>
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
      </div>
    );
  }
  if (!booking.data) return <p className="text-sm text-muted">Loading…</p>;
  if (booking.data.booking) return <BookedCall booking={booking.data.booking} onBack={onBack} />;
  return <BookingForm defaultEmail={booking.data.defaultEmail ?? ''} emails={booking.data.emails} onBack={onBack} />;
}

/**
 * The invitation goes only to a proven address (issue 18): the account's email or the company's
 * verified one, offered as suggestions; any other is refused under the field, before and by the server.
 */
function BookingForm({ defaultEmail, emails, onBack }: { defaultEmail: string; emails: readonly string[]; onBack: () => void }) {
  const emailList = useId();
  const book = useBookSupportCall();
  const [view, setView] = useState<'form' | 'calendar'>('form');
  const [chosen, setChosen] = useState<(SupportChoice & { timeZone: string }) | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const dateTimeButton = useRef<HTMLButtonElement>(null);
  // The contract's schema, and the address must be one of the proven ones (the server checks too).
  const schema = useMemo(
    () =>
      emails.length > 0
        ? SupportBookingBody.extend({ email: SupportBookingBody.shape.email.refine((v) => emails.includes(v), UNPROVEN_EMAIL) })
        : SupportBookingBody,
    [emails],
  );
  const form = useForm<SupportBookingInput, unknown, SupportBookingBody>({
    resolver: zodResolver(schema),
    defaultValues: { reason: undefined, notes: '', email: defaultEmail, date: '', time: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const [date, time] = form.watch(['date', 'time']);
  const notes = form.watch('notes') ?? '';

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await book.mutateAsync(values);
      notify.success('Support call booked', 'We sent the calendar invitation to your email.');
    } catch (err) {
      const code = errorCode(err);
      if (code === 'TL_CORE_12000_E') {
        form.setError('email', { message: UNPROVEN_EMAIL }, { shouldFocus: true });
        return;
      }
      setFailure(errorMessage(err, { fallback: BOOK_FAILED, codes: [...SLOT_CODES], titles: CAP_TITLES }));
      // The time is no longer free (or was never offered): choose again from fresh seats.
      if (code === 'TL_CORE_11030_E' || code === 'TL_CORE_11031_E') {
        form.setValue('date', '');
        form.setValue('time', '');
        setChosen(null);
      }
    }
  });

  if (view === 'calendar') {
    const back = () => {
      setView('form');
      requestAnimationFrame(() => dateTimeButton.current?.focus());
    };
    return (
      <SupportCalendarView
        initial={date && time ? { date, time } : null}
        onBack={back}
        onConfirm={(choice) => {
          form.setValue('date', choice.date);
          form.setValue('time', choice.time, { shouldValidate: true });
          setChosen(choice);
          back();
        }}
      />
    );
  }

  const dateTimeError = errors.date?.message ?? errors.time?.message;
  const chosenText = chosen
    ? `${formatSupportDate(chosen.date, 'EEE, d MMM yyyy')}, ${formatSlotTime(chosen.start, chosen.timeZone)} (${chosen.timeZone})`
    : '';

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <div>
        <h3 className="text-lg font-semibold">Book a call with support</h3>
        <p className="mt-1 text-sm text-muted">
          A 30-minute call with our team. You can have one upcoming call at a time; the invitation is sent to the email below.
        </p>
      </div>
      <fieldset disabled={isSubmitting} className="grid min-w-0 grid-cols-1 gap-5 sm:grid-cols-2">
        <FormField label="Reason for Contact" error={errors.reason?.message}>
          {(control) => (
            <Controller
              control={form.control}
              name="reason"
              render={({ field }) => (
                <SelectInput
                  {...control}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  options={REASON_OPTIONS}
                  placeholder="Select a reason"
                />
              )}
            />
          )}
        </FormField>
        <TextField
          label="Email Address"
          type="email"
          autoComplete="email"
          list={emails.length > 0 ? emailList : undefined}
          hint="Your account email or your verified company email."
          error={errors.email?.message}
          {...form.register('email')}
        />
        {emails.length > 0 && (
          <datalist id={emailList}>
            {emails.map((address) => (
              <option key={address} value={address} />
            ))}
          </datalist>
        )}
        <CountedTextarea
          {...form.register('notes')}
          label="Additional Notes"
          max={SUPPORT_NOTES_MAX}
          value={notes}
          error={errors.notes?.message}
          hint="Optional."
          className="sm:col-span-2"
        />
        <FormField label="Date & Time" error={dateTimeError} className="sm:col-span-2">
          {(control) => (
            <button
              ref={dateTimeButton}
              type="button"
              {...control}
              onClick={() => setView('calendar')}
              className={cn(inputClass(Boolean(dateTimeError)), 'flex items-center gap-2 py-2 text-left', !chosenText && 'text-muted')}
            >
              <CalendarDays className="h-4 w-4 shrink-0 text-muted" aria-hidden="true" />
              <span className="min-w-0 flex-1">{chosenText || 'Choose a date and time'}</span>
            </button>
          )}
        </FormField>
      </fieldset>
      <FailureAlert failure={failure} />
      <FormActions onBack={onBack} submitLabel="Book Call" pending={isSubmitting} />
    </form>
  );
}

/** The calendar view; mounted each time it opens, so it shows fresh seats. */
function SupportCalendarView({
  initial,
  onBack,
  onConfirm,
}: {
  initial: { date: string; time: string } | null;
  onBack: () => void;
  onConfirm: (choice: SupportChoice & { timeZone: string }) => void;
}) {
  const availability = useSupportAvailability();
  if (availability.isError) {
    return (
      <div className="space-y-6">
        <Alert>The support calendar could not be loaded. Please try again.</Alert>
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
      </div>
    );
  }
  if (!availability.data) return <CalendarSkeleton />;
  const { days, timeZone, capacity } = availability.data;
  return (
    <SupportBookingCalendar
      days={days}
      timeZone={timeZone}
      capacity={capacity}
      visitorZone={visitorZone()}
      initial={initial}
      onBack={onBack}
      onConfirm={(choice) => onConfirm({ ...choice, timeZone })}
    />
  );
}

function CalendarSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true">
      <p className="sr-only">Loading the support calendar…</p>
      <div className="h-7 w-56 animate-pulse rounded-lg bg-surface" />
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {Array.from({ length: 10 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <div key={i} className="h-[68px] animate-pulse rounded-xl bg-surface" />
        ))}
      </div>
    </div>
  );
}

function BookedCall({ booking, onBack }: { booking: SupportBookingRead; onBack: () => void }) {
  const cancel = useCancelSupportCall();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const mine = visitorZone();
  const supportTime = `${formatSlotTime(booking.start, booking.timeZone)} - ${formatSlotTime(booking.end, booking.timeZone)}`;
  const localDay = zonedDate(booking.start, mine);
  const localTime = `${formatSupportDate(localDay)}, ${formatSlotTime(booking.start, mine)} - ${formatSlotTime(booking.end, mine)}`;

  const confirmCancel = async () => {
    setFailure(null);
    try {
      await cancel.mutateAsync(booking.id);
      setConfirming(false);
      notify.success('Support call cancelled', 'Its seat is free again. You can book another time.');
    } catch (err) {
      setConfirming(false);
      setFailure(errorMessage(err, { fallback: CANCEL_FAILED, codes: ['TL_CORE_11033_E'] }));
    }
  };

  return (
    <div className="space-y-6">
      <section aria-labelledby="support-call-title" className="rounded-xl border border-line bg-white p-5">
        <div className="flex items-start gap-4">
          <CalendarClock className="mt-0.5 h-6 w-6 shrink-0 text-brand-700" aria-hidden="true" />
          <div className="min-w-0 space-y-3">
            <div>
              <h3 id="support-call-title" className="font-semibold">
                Your support call is booked
              </h3>
              <p className="mt-1 text-sm text-muted">We sent the calendar invitation to {booking.email}.</p>
            </div>
            <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
              <dt className="font-medium">Date</dt>
              <dd>{formatSupportDate(booking.date)}</dd>
              <dt className="font-medium">Time</dt>
              <dd>
                {supportTime} ({booking.timeZone}, {formatZoneOffset(booking.start, booking.timeZone)})
                {mine !== booking.timeZone && (
                  <span className="block text-muted">
                    {localTime} your time ({mine})
                  </span>
                )}
              </dd>
              <dt className="font-medium">Reason</dt>
              <dd>{booking.reason}</dd>
              {booking.notes && (
                <>
                  <dt className="font-medium">Notes</dt>
                  <dd className="break-words whitespace-pre-line">{booking.notes}</dd>
                </>
              )}
            </dl>
            <p className="text-sm text-muted">You can have one upcoming call at a time. Cancel this one to book another time.</p>
          </div>
        </div>
      </section>
      {failure && (
        <Alert>
          <strong className="block">{failure.title}</strong>
          {failure.message}
        </Alert>
      )}
      <div className="flex flex-wrap justify-between gap-3 border-t border-line pt-6">
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Cancel call
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancel this support call?"
        description={`${formatSupportDate(booking.date)}, ${supportTime} (${booking.timeZone}). Its seat is given back and we email you the cancellation.`}
        confirmLabel="Cancel call"
        cancelLabel="Keep call"
        tone="danger"
        pending={cancel.isPending}
        onConfirm={confirmCancel}
      />
    </div>
  );
}
