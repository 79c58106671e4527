import { z } from 'zod';
import { SUPPORT_REASONS } from '../lists/company.ts';
import { companyEmailField } from './company.ts';
import { hasUnsafeCharacters } from './fields.ts';
import { PROFILE_MESSAGES } from './profile-messages.ts';

// Support booking form (spec: profile-company §2, §3 'Support booking: reason, notes, email, date
// (ISO day), time', §4, §5; issue 11). The spec validates only that a date and a time are chosen;
// the server also checks the reason is one of the five, the notes' length and the address, and
// (against the offered slots, rules/support-slots.ts) that the time is a real upcoming call.

export const SUPPORT_NOTES_MAX = 500;

export const SUPPORT_MESSAGES = {
  reasonRequired: 'Please select a reason for contact',
  notesTooLong: `Additional notes must be at most ${SUPPORT_NOTES_MAX} characters`,
  dateTimeRequired: 'Please choose a date and time',
} as const;

/** 'yyyy-MM-dd' and 'HH:mm' (the support zone's wall clock). */
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const TIME_PATTERN = /^\d{2}:\d{2}$/;

export const SupportBookingBody = z.object({
  reason: z.enum(SUPPORT_REASONS, { error: SUPPORT_MESSAGES.reasonRequired }),
  notes: z
    .string()
    .nullish()
    .transform((v) => (v ?? '').trim())
    .refine((v) => !hasUnsafeCharacters(v, true), PROFILE_MESSAGES.unsafeCharacters)
    .refine((v) => v.length <= SUPPORT_NOTES_MAX, SUPPORT_MESSAGES.notesTooLong),
  email: companyEmailField,
  date: z.string({ error: SUPPORT_MESSAGES.dateTimeRequired }).regex(DATE_PATTERN, SUPPORT_MESSAGES.dateTimeRequired),
  time: z.string({ error: SUPPORT_MESSAGES.dateTimeRequired }).regex(TIME_PATTERN, SUPPORT_MESSAGES.dateTimeRequired),
});
export type SupportBookingBody = z.infer<typeof SupportBookingBody>;
export type SupportBookingInput = z.input<typeof SupportBookingBody>;

export const CancelSupportBookingBody = z.object({
  bookingId: z.string({ error: 'Booking id is required' }).uuid('Booking id is not valid'),
});
