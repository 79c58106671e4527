import { createShortlist, addCandidate } from '@talentloop/contract/api/shortlists';
import { type ProposeInterviewBody, proposeInterview } from '@talentloop/contract/api/interviews';
import { utcToZoned } from '@talentloop/contract/rules/interview-times';
import ICAL from 'ical.js';
import { type Mailbox, type ReceivedMail, type TestApp, call, okBody, until } from '../helpers.ts';
import { createOperator, verifiedCompany, vettedFreelancer } from '../talent/loop-support.ts';

// Interviews' tests (issue 22): a verified company, a vetted freelancer on one of its lists, times
// on the calendar's grid a number of hours from the app's clock, and the invitations read back from
// the mails as a calendar would read them.

export const NY = 'America/New_York';
export const BERLIN = 'Europe/Berlin';

/** The wall clock in `zone` of the quarter hour at or after `hours` from the app's now. */
export function wallTime(app: TestApp, hours: number, zone = NY): { date: string; time: string } {
  const q = 15 * 60_000;
  const at = new Date(Math.ceil((app.clock.now().getTime() + hours * 3_600_000) / q) * q);
  return utcToZoned(at, zone);
}

/** A verified company with one list holding a vetted freelancer. */
export async function interviewSetting(app: TestApp, opts: { companyName?: string } = {}) {
  const operator = await createOperator(app);
  const company = await verifiedCompany(app, opts.companyName ?? 'Acme Labs');
  const freelancer = await vettedFreelancer(app, operator.accessToken);
  const list = okBody(await call(app, createShortlist, { body: { name: 'Senior Designer' } }, { token: company.token })).shortlist;
  const candidate = okBody(
    await call(app, addCandidate, { params: { shortlistId: list.id }, body: { slug: freelancer.slug } }, { token: company.token }),
  ).candidate;
  return { operator, company, freelancer, list, candidate };
}

export function proposalBody(app: TestApp, slug: string, over: Partial<ProposeInterviewBody> = {}): ProposeInterviewBody {
  return {
    slug,
    timeZone: NY,
    times: [wallTime(app, 48), wallTime(app, 50), wallTime(app, 72)],
    durationMinutes: 60,
    location: 'https://meet.example.com/abc-defg',
    note: 'We will talk about the design system.',
    ...over,
  };
}

export const propose = (app: TestApp, token: string, body: ProposeInterviewBody) => call(app, proposeInterview, { body }, { token });

// ---- the .ics in a received mail -----------------------------------------------------------------

function decodeQuotedPrintable(body: string): string {
  return body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The text/calendar part of a raw MIME message, decoded. */
function calendarOf(mail: ReceivedMail): string | null {
  const part = mail.raw.split(/\r?\n--/).find((p) => /content-type:\s*text\/calendar/i.test(p));
  if (!part) return null;
  const split = part.search(/\r?\n\r?\n/);
  const headers = part.slice(0, split);
  const body = part.slice(split).trim();
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

export type Invitation = { method: string; uid: string; sequence: number; status: string; start: string; end: string; raw: string };

export function parseInvitation(mail: ReceivedMail): Invitation | null {
  const text = calendarOf(mail);
  if (!text) return null;
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = calendar.getFirstSubcomponent('vevent');
  if (!event) throw new Error('no VEVENT');
  const start = event.getFirstPropertyValue('dtstart') as ICAL.Time;
  const end = event.getFirstPropertyValue('dtend') as ICAL.Time;
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    uid: String(event.getFirstPropertyValue('uid')),
    sequence: Number(event.getFirstPropertyValue('sequence') ?? 0),
    status: String(event.getFirstPropertyValue('status')),
    start: start.toJSDate().toISOString(),
    end: end.toJSDate().toISOString(),
    raw: text,
  };
}

/** The calendar invitations mailed to `email`, oldest first; waits until there are at least `count`. */
export async function invitationsTo(mailbox: Mailbox, email: string, count: number): Promise<Invitation[]> {
  return until(
    () => {
      const found = mailbox
        .mailTo(email)
        .map(parseInvitation)
        .filter((i): i is Invitation => !!i);
      return found.length >= count ? found : undefined;
    },
    `${count} invitations to ${email}`,
    20_000,
  );
}

/** The mails to `email` whose decoded text matches `pattern`; waits until there are at least `count`. */
export function mailsMatching(mailbox: Mailbox, email: string, pattern: RegExp, count = 1): Promise<ReceivedMail[]> {
  return until(
    () => {
      const found = mailbox.mailTo(email).filter((m) => pattern.test(m.decoded));
      return found.length >= count ? found : undefined;
    },
    `${count} mails matching ${pattern} to ${email}`,
    20_000,
  );
}
