import { z } from 'zod';
import { SUPPORT_REASONS } from '../lists/company.ts';
import { SUPPORT_SLOT_LABELS } from '../rules/support-slots.ts';
import { CancelSupportBookingBody, SupportBookingBody } from '../validation/support-booking.ts';
import { defineEndpoint } from './define.ts';

// Support booking, the third verification method (issue 11; spec: profile-company §2, §4, §9).
// Imported directly ('@talentloop/contract/api/support-booking'). Clients only; the caller's own
// company only. The server is the authority on which calls exist and how many seats are left
// (rules/support-slots.ts); the web app renders its answer. docs/decisions.md "Support booking".

const access = ['client'] as const;

export const SUPPORT_API_MESSAGES = {
  booked: 'Your support call is booked. We sent the invitation to your email.',
  cancelled: 'Your support call is cancelled. We sent the cancellation to your email.',
} as const;

const label = z.enum([SUPPORT_SLOT_LABELS.available, SUPPORT_SLOT_LABELS.limited, SUPPORT_SLOT_LABELS.none]);

export const SupportSlotRead = z.object({
  /** ISO instant (UTC). */
  start: z.string(),
  /** 'HH:mm' in the support zone. */
  time: z.string(),
  remaining: z.number().int().min(0),
  label,
});
export const SupportDayRead = z.object({ date: z.string(), label, slots: z.array(SupportSlotRead) });
export type SupportDayRead = z.infer<typeof SupportDayRead>;
export type SupportSlotRead = z.infer<typeof SupportSlotRead>;

export const SupportBookingRead = z.object({
  id: z.string(),
  reason: z.enum(SUPPORT_REASONS),
  notes: z.string(),
  email: z.string(),
  /** 'yyyy-MM-dd' and 'HH:mm' in the support zone. */
  date: z.string(),
  time: z.string(),
  /** ISO instants (UTC). */
  start: z.string(),
  end: z.string(),
  timeZone: z.string(),
});
export type SupportBookingRead = z.infer<typeof SupportBookingRead>;

export const getSupportAvailability = defineEndpoint({
  tag: 'company',
  method: 'GET',
  path: '/company/support/availability',
  summary: 'The support calls offered (next weekdays, 30-minute slots in the support time zone) with the seats left and their labels',
  auth: true,
  access,
  response: z.object({
    status: z.literal('success'),
    timeZone: z.string(),
    capacity: z.number().int().positive(),
    slotMinutes: z.number().int().positive(),
    days: z.array(SupportDayRead),
  }),
});

export const getSupportBooking = defineEndpoint({
  tag: 'company',
  method: 'GET',
  path: '/company/support/booking',
  summary:
    "The company's upcoming support call (null when none), the addresses a call may be booked for (the account's and the company's verified one) and the one the form starts with",
  auth: true,
  access,
  response: z.object({
    status: z.literal('success'),
    booking: SupportBookingRead.nullable(),
    defaultEmail: z.string().nullable(),
    /** The proven addresses: the invitation goes only to one of these (else TL_CORE_12000_E). */
    emails: z.array(z.string()),
  }),
});

export const bookSupportCall = defineEndpoint({
  tag: 'company',
  method: 'POST',
  path: '/company/support/booking',
  summary:
    'Book a support call: one seat of an offered slot (the database decides the last seat); the invitation is mailed with an .ics file to a proven address only (TL_CORE_12000_E), at most as often as the mail caps allow (TL_CORE_12001_E, TL_CORE_12002_E)',
  auth: true,
  access,
  body: SupportBookingBody,
  response: z.object({ status: z.literal('success'), responseMessage: z.string(), booking: SupportBookingRead }),
});

export const cancelSupportCall = defineEndpoint({
  tag: 'company',
  method: 'POST',
  path: '/company/support/booking/cancel',
  summary: "Cancel the company's upcoming support call; its seat is free again and the cancellation is mailed (.ics, METHOD:CANCEL)",
  auth: true,
  access,
  body: CancelSupportBookingBody,
  response: z.object({ status: z.literal('success'), responseMessage: z.string(), booking: z.null() }),
});
