import { BRAND } from '@talentloop/contract';
import { formatSlotTime, formatSupportDate, formatZoneOffset, zonedDate } from '@talentloop/contract/rules/support-slots';
import { createEvent } from 'ics';
import type { Mail, MailAttachment } from '../../infra/mail/mailer.ts';
import { defangLinks, escapeHtml, layout } from '../../infra/mail/templates.ts';

// The support call's mails: the confirmation with an invitation (.ics, METHOD:REQUEST) and the
// cancellation with METHOD:CANCEL, same UID and a higher SEQUENCE, so a calendar that took the
// invitation removes the event. Times in the .ics are UTC; the text names the support zone.
// The company's notes are its own words: in the text, the HTML and the .ics they carry no live
// link (defangLinks), since clients link URLs and bare domains by themselves.

export type CallMail = {
  id: string;
  email: string;
  reason: string;
  notes: string;
  start: Date;
  end: Date;
  timeZone: string;
  sequence: number;
};

/** The address in a 'Name <address>' sender, or the sender itself. */
export function senderAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();
}

/** The call's calendar entry: 'REQUEST' when booked, 'CANCEL' when cancelled. */
export function callInvitation(
  call: CallMail,
  method: 'REQUEST' | 'CANCEL',
  opts: { organizer: string; uidDomain: string },
): MailAttachment {
  const { error, value } = createEvent({
    productId: `${BRAND.name}/support`,
    method,
    uid: `${call.id}@${opts.uidDomain}`,
    sequence: call.sequence,
    start: call.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: call.end.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: `${BRAND.name} support call: ${call.reason}`,
    description: call.notes ? `Reason: ${call.reason}\n\n${defangLinks(call.notes)}` : `Reason: ${call.reason}`,
    status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    busyStatus: 'BUSY',
    organizer: { name: `${BRAND.name} Support`, email: opts.organizer },
    attendees: [{ email: call.email, rsvp: false, partstat: 'ACCEPTED', role: 'REQ-PARTICIPANT' }],
  });
  if (error || !value) throw error ?? new Error('calendar entry not created');
  return {
    filename: method === 'CANCEL' ? 'support-call-cancelled.ics' : 'support-call.ics',
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: value,
  };
}

function when(call: CallMail): string {
  const day = formatSupportDate(zonedDate(call.start, call.timeZone));
  return `${day}, ${formatSlotTime(call.start, call.timeZone)} - ${formatSlotTime(call.end, call.timeZone)} (${call.timeZone}, ${formatZoneOffset(call.start, call.timeZone)})`;
}

export function callBookedMail(call: CallMail, opts: { organizer: string; uidDomain: string }): Mail {
  const subject = `Your ${BRAND.name} support call is booked`;
  const notes = defangLinks(call.notes);
  const text = `Your support call is booked.\n\nWhen: ${when(call)}\nReason: ${call.reason}${notes ? `\nNotes: ${notes}` : ''}\n\nThe calendar invitation is attached. You can cancel the call from Account Verification in your company profile.\n\n${BRAND.name}`;
  const html = layout(
    'Your support call is booked',
    `<p><strong>When:</strong> ${escapeHtml(when(call))}</p><p><strong>Reason:</strong> ${escapeHtml(call.reason)}</p>${
      notes ? `<p><strong>Notes:</strong> ${escapeHtml(notes)}</p>` : ''
    }<p style="color:#5b6170">The calendar invitation is attached. You can cancel the call from Account Verification in your company profile.</p>`,
  );
  // Worth sending until the call ends; a day at most is the outbox's default anyway.
  return { to: call.email, subject, text, html, attachments: [callInvitation(call, 'REQUEST', opts)] };
}

/**
 * The cancellation. `byOperator`: an operator cancelled it (operator console, issue 21); their
 * message to the company is quoted in the mail (plain text, escaped in the HTML).
 */
export function callCancelledMail(call: CallMail, opts: { organizer: string; uidDomain: string }, byOperator?: { message: string }): Mail {
  const subject = `Your ${BRAND.name} support call is cancelled`;
  const again = 'You can book another time from Account Verification in your company profile.';
  if (byOperator) {
    const text = `We had to cancel your support call on ${when(call)}.\n\nA message from the ${BRAND.name} team:\n${byOperator.message}\n\n${again}\n\n${BRAND.name}`;
    const html = layout(
      'Your support call is cancelled',
      `<p>We had to cancel your support call on ${escapeHtml(when(call))}.</p><p><strong>A message from the ${escapeHtml(BRAND.name)} team:</strong></p><p style="white-space:pre-line">${escapeHtml(byOperator.message)}</p><p style="color:#5b6170">${again}</p>`,
    );
    return { to: call.email, subject, text, html, attachments: [callInvitation(call, 'CANCEL', opts)] };
  }
  const text = `Your support call on ${when(call)} is cancelled. Its seat is free for others.\n\n${again}\n\n${BRAND.name}`;
  const html = layout(
    'Your support call is cancelled',
    `<p>Your support call on ${escapeHtml(when(call))} is cancelled.</p><p style="color:#5b6170">${again}</p>`,
  );
  return { to: call.email, subject, text, html, attachments: [callInvitation(call, 'CANCEL', opts)] };
}
