import { BRAND } from '@talentloop/contract';
import { formatInterviewRange } from '@talentloop/contract/rules/interview-times';
import { createEvent } from 'ics';
import type { Mail, MailAttachment } from '../../infra/mail/mailer.ts';
import { defangLinks, escapeHtml, layout } from '../../infra/mail/templates.ts';
import type { Parties, Party } from './queries.ts';

// The interview's mails and its calendar entry (issue 22). Each recipient reads every time in their
// own zone with the zone's name. The calendar entry's UID is derived from the interview's id (stable
// across every update), its SEQUENCE is the row's `sequence` (bumped by each change a calendar must
// follow); a cancelled or released time is METHOD:CANCEL with the same UID. Each party's entry
// names only that party as attendee (the other's address is never disclosed). The company's name,
// note and reasons are people's words: no live link in them (defangLinks); the meeting link is the
// point of the mail and is shown as the company typed it (an https URL or a phone number, checked
// by the contract).

export type IcsInterview = {
  id: string;
  sequence: number;
  start: Date;
  end: Date;
  location: string;
  locationKind: 'link' | 'phone';
  note: string;
};

export type IcsOptions = { organizer: string; uidDomain: string };

/** The UID of an interview's calendar entry: the same for its whole life. */
export const interviewUid = (id: string, uidDomain: string) => `interview-${id}@${uidDomain}`;

export function interviewInvitation(
  i: IcsInterview,
  method: 'REQUEST' | 'CANCEL',
  to: { email: string; name: string },
  title: string,
  opts: IcsOptions,
): MailAttachment {
  const where = i.locationKind === 'link' ? `Meeting link: ${i.location}` : `Phone: ${i.location}`;
  const { error, value } = createEvent({
    productId: `${BRAND.name}/interviews`,
    method,
    uid: interviewUid(i.id, opts.uidDomain),
    sequence: i.sequence,
    start: i.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: i.end.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title,
    description: i.note ? `${where}\n\n${defangLinks(i.note)}` : where,
    location: i.location,
    status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    busyStatus: 'BUSY',
    organizer: { name: BRAND.name, email: opts.organizer },
    attendees: [{ email: to.email, name: to.name, rsvp: false, partstat: 'ACCEPTED', role: 'REQ-PARTICIPANT' }],
  });
  if (error || !value) throw error ?? new Error('calendar entry not created');
  return {
    filename: method === 'CANCEL' ? 'interview-cancelled.ics' : 'interview.ics',
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: value,
  };
}

type Body = { heading: string; lines: string[]; footer?: string };

function compose(to: string, subject: string, body: Body, attachments?: MailAttachment[]): Mail {
  const text = `${body.lines.join('\n\n')}${body.footer ? `\n\n${body.footer}` : ''}\n\n${BRAND.name}`;
  const html = layout(
    body.heading,
    `${body.lines.map((l) => `<p style="white-space:pre-line">${escapeHtml(l)}</p>`).join('')}${
      body.footer ? `<p style="color:#5b6170">${escapeHtml(body.footer)}</p>` : ''
    }`,
  );
  return { to, subject, text, html, ...(attachments ? { attachments } : {}) };
}

const greet = (p: Party) => (p.firstName ? `Hi ${defangLinks(p.firstName)},` : 'Hi,');
const place = (kind: 'link' | 'phone', location: string) => (kind === 'link' ? `Meeting link: ${location}` : `Phone: ${location}`);

export type MailContext = {
  parties: Parties;
  interview: IcsInterview & { durationMinutes: number };
  opts: IcsOptions;
  /** Where each party manages its interviews. */
  links: { freelancer: string; company: string };
};

const companyName = (c: MailContext) => defangLinks(c.parties.company.name);
const freelancerName = (c: MailContext) => defangLinks(c.parties.freelancer.name);
const titleFor = (c: MailContext) => `Interview: ${c.parties.company.name} and ${c.parties.freelancer.name}`;

/** The times proposed (to the freelancer), new or rescheduled. */
export function proposalMail(
  c: MailContext,
  slots: { start: Date; end: Date }[],
  rescheduled: boolean,
  reason: string | null,
): Mail | null {
  const f = c.parties.freelancer;
  if (!f.email) return null;
  const company = companyName(c);
  const subject = rescheduled ? `${company} proposed new interview times` : `${company} invites you to an interview`;
  const lines = [
    greet(f),
    rescheduled
      ? `${company} proposed new times for your interview.`
      : `${company} would like to interview you. Choose one of these times:`,
    slots.map((s) => `- ${formatInterviewRange(s.start, s.end, f.timeZone)}`).join('\n'),
    `${c.interview.durationMinutes} minutes. ${place(c.interview.locationKind, c.interview.location)}`,
    ...(reason ? [`Their reason: ${defangLinks(reason)}`] : []),
    ...(c.interview.note ? [`Their note: ${defangLinks(c.interview.note)}`] : []),
    `Accept one, decline or ask for other times: ${c.links.freelancer}`,
  ];
  return compose(f.email, subject, { heading: rescheduled ? 'New interview times' : 'An interview invitation', lines });
}

/** The accepted time, to both parties, each with its own calendar invitation (REQUEST). */
export function acceptedMails(c: MailContext): Mail[] {
  const out: Mail[] = [];
  const { company: co, freelancer: f } = c.parties;
  const i = c.interview;
  if (f.email) {
    out.push(
      compose(
        f.email,
        `Your interview with ${companyName(c)} is confirmed`,
        {
          heading: 'Interview confirmed',
          lines: [
            greet(f),
            `Your interview with ${companyName(c)} is confirmed.`,
            `When: ${formatInterviewRange(i.start, i.end, f.timeZone)}`,
            place(i.locationKind, i.location),
            ...(i.note ? [`Their note: ${defangLinks(i.note)}`] : []),
          ],
          footer: `The calendar invitation is attached. You can cancel or ask for another time here: ${c.links.freelancer}`,
        },
        [interviewInvitation(i, 'REQUEST', { email: f.email, name: f.name }, titleFor(c), c.opts)],
      ),
    );
  }
  if (co.email) {
    out.push(
      compose(
        co.email,
        `${freelancerName(c)} accepted your interview`,
        {
          heading: 'Interview confirmed',
          lines: [
            greet(co),
            `${freelancerName(c)} accepted your interview.`,
            `When: ${formatInterviewRange(i.start, i.end, co.timeZone)}`,
            place(i.locationKind, i.location),
          ],
          footer: `The calendar invitation is attached. You can reschedule or cancel here: ${c.links.company}`,
        },
        [interviewInvitation(i, 'REQUEST', { email: co.email, name: co.name }, titleFor(c), c.opts)],
      ),
    );
  }
  return out;
}

/**
 * An accepted time that no longer holds (cancelled, or released for other times): the calendar
 * entry cancelled (same UID, the new SEQUENCE) for both, with what happened.
 */
export function releasedMails(
  c: MailContext,
  what: { by: 'company' | 'freelancer'; kind: 'cancelled' | 'other_times' | 'rescheduled'; reason: string | null },
): Mail[] {
  const out: Mail[] = [];
  const i = c.interview;
  const by = what.by === 'company' ? companyName(c) : freelancerName(c);
  const reason = what.reason ? [`Reason: ${defangLinks(what.reason)}`] : [];
  const lead = {
    cancelled: `${by} cancelled the interview`,
    other_times: `${by} asked for another time for the interview`,
    rescheduled: `${by} proposed new times for the interview`,
  }[what.kind];
  for (const [party, link, other] of [
    [c.parties.freelancer, c.links.freelancer, companyName(c)],
    [c.parties.company, c.links.company, freelancerName(c)],
  ] as const) {
    if (!party.email) continue;
    const subject = what.kind === 'cancelled' ? `Interview cancelled: ${other}` : `Interview time released: ${other}`;
    out.push(
      compose(
        party.email,
        subject,
        {
          heading: what.kind === 'cancelled' ? 'Interview cancelled' : 'Interview time released',
          lines: [greet(party), `${lead} on ${formatInterviewRange(i.start, i.end, party.timeZone)}.`, ...reason],
          footer: `The calendar entry is cancelled (attached). Your interviews: ${link}`,
        },
        [interviewInvitation(i, 'CANCEL', { email: party.email, name: party.name }, titleFor(c), c.opts)],
      ),
    );
  }
  return out;
}

/** A proposal that was never accepted ended or changed: a plain notice to the other party. */
export function noticeMail(
  c: MailContext,
  to: 'company' | 'freelancer',
  kind: 'declined' | 'other_times' | 'cancelled',
  reason: string | null,
): Mail | null {
  const party = c.parties[to];
  if (!party.email) return null;
  const other = to === 'company' ? freelancerName(c) : companyName(c);
  const subject = {
    declined: `${other} declined your interview`,
    other_times: `${other} asks for other interview times`,
    cancelled: `Interview cancelled: ${other}`,
  }[kind];
  const lead = {
    declined: `${other} declined your interview invitation.`,
    other_times: `${other} cannot make the proposed times and asks for other ones.`,
    cancelled: `${other} cancelled the interview invitation.`,
  }[kind];
  const link = to === 'company' ? c.links.company : c.links.freelancer;
  const next = kind === 'other_times' ? `Propose new times: ${link}` : `Your interviews: ${link}`;
  return compose(party.email, subject, {
    heading: subject,
    lines: [greet(party), lead, ...(reason ? [`Reason: ${defangLinks(reason)}`] : []), next],
  });
}

/** The reminder 24 hours or 1 hour before, to both. */
export function reminderMails(c: MailContext, kind: '24h' | '1h', now: Date): Mail[] {
  const out: Mail[] = [];
  const i = c.interview;
  const when = kind === '24h' ? 'tomorrow' : 'in one hour';
  for (const [party, other, link] of [
    [c.parties.freelancer, companyName(c), c.links.freelancer],
    [c.parties.company, freelancerName(c), c.links.company],
  ] as const) {
    if (!party.email) continue;
    out.push({
      ...compose(party.email, `Reminder: interview with ${other} ${when}`, {
        heading: `Interview ${when}`,
        lines: [
          greet(party),
          `Your interview with ${other} is ${when}.`,
          `When: ${formatInterviewRange(i.start, i.end, party.timeZone)}`,
          place(i.locationKind, i.location),
        ],
        footer: `Your interviews: ${link}`,
      }),
      // Worth sending only before the interview starts.
      ttlMs: Math.max(60_000, i.start.getTime() - now.getTime()),
    });
  }
  return out;
}
