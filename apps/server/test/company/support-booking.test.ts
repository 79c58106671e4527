import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, test } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { outbox, supportBookings } from '../../src/infra/db/schema.ts';
import {
  type Json,
  PASSWORD,
  type ReceivedMail,
  type TestApp,
  createClock,
  expectFailure,
  request,
  uniqueEmail,
  until,
  useApi,
} from '../helpers.ts';

// Support booking (issue 11). Every app here runs on a clock that starts on Wednesday 4 March 2026,
// 10:00 UTC (11:00 in Berlin), so the calls offered never depend on the day the suite runs: the
// next ten weekdays are 5 March to 18 March, 09:00-16:30 Berlin time (08:00-15:30 UTC in March).

const env = useApi();

const WEDNESDAY = Date.parse('2026-03-04T10:00:00Z');

async function startApp(config: Record<string, unknown> = {}) {
  const clock = createClock();
  clock.advance(WEDNESDAY - Date.now());
  return env.start({ clock, config: { clientAccounts: true, ...config } });
}

function apiAs(app: TestApp, token?: string) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  return {
    get: (path: string) => request(app.baseUrl, 'GET', `/api${path}`, { headers }),
    post: (path: string, json: unknown) => request(app.baseUrl, 'POST', `/api${path}`, { json, headers }),
  };
}

/**
 * A signed-in client (its company made on first use), signed up with its own code cookie so that
 * several can sign up at once (the app's helpers act as one browser).
 */
async function client(app: TestApp) {
  const email = uniqueEmail('client');
  const body = { firstName: 'Ada', lastName: 'Lovelace', emailId: email, password: PASSWORD, userType: 'client', company: 'Acme Labs' };
  const registered = await request(app.baseUrl, 'POST', '/api/user/register', { json: body });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  const codeCookie = registered.cookies.get('tl_code')?.value ?? '';
  const otp = await env.mailbox.waitForCode(email, 'registration');
  const verified = await request(app.baseUrl, 'POST', '/api/otp/verify', {
    json: { email, otp, purpose: 'registration' },
    cookies: { tl_code: codeCookie },
  });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return { email, api: apiAs(app, verified.body.accessToken as string) };
}

const booking = (email: string, date: string, time: string, extra: Record<string, unknown> = {}) => ({
  reason: 'Account Verification',
  notes: 'Please check our registration.',
  email,
  date,
  time,
  ...extra,
});

async function bookedRows(app: TestApp, start: string) {
  return app.db
    .select()
    .from(supportBookings)
    .where(and(eq(supportBookings.slotStart, new Date(start)), eq(supportBookings.status, 'booked')));
}

function slotOf(availability: Json, date: string, time: string) {
  const day = availability.days.find((d: Json) => d.date === date);
  return { day, slot: day?.slots.find((s: Json) => s.time === time) };
}

// ---- the .ics in a received mail -----------------------------------------------------------------

function decodeQuotedPrintable(body: string): string {
  return body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The text/calendar part of a raw MIME message, decoded. */
function calendarOf(mail: ReceivedMail): string {
  const part = mail.raw.split(/\r?\n--/).find((p) => /content-type:\s*text\/calendar/i.test(p));
  if (!part) throw new Error('no text/calendar part');
  const split = part.search(/\r?\n\r?\n/);
  const headers = part.slice(0, split);
  const body = part.slice(split).trim();
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function parseInvitation(mail: ReceivedMail) {
  const calendar = new ICAL.Component(ICAL.parse(calendarOf(mail)));
  const event = calendar.getFirstSubcomponent('vevent');
  if (!event) throw new Error('no VEVENT');
  const start = event.getFirstPropertyValue('dtstart') as ICAL.Time;
  const end = event.getFirstPropertyValue('dtend') as ICAL.Time;
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: Number(event.getFirstPropertyValue('sequence') ?? 0),
    status: event.getFirstPropertyValue('status'),
    startIsUtc: start.zone === ICAL.Timezone.utcTimezone,
    start: start.toJSDate().toISOString(),
    end: end.toJSDate().toISOString(),
    attendee: String(event.getFirstPropertyValue('attendee') ?? ''),
    description: String(event.getFirstPropertyValue('description') ?? ''),
  };
}

function mailWith(email: string, subject: RegExp): Promise<ReceivedMail> {
  return until(
    () => env.mailbox.mailTo(email).find((m) => subject.test(m.decoded) && /text\/calendar/i.test(m.raw)),
    `a mail matching ${subject} to ${email}`,
    20_000,
  );
}

// ---------------------------------------------------------------------------------------------

describe('support availability', () => {
  test('the next ten weekdays from tomorrow, half-hour calls 09:00-16:30 in the support zone, every seat free', async () => {
    const app = await startApp();
    const { api } = await client(app);
    const res = await api.get('/company/support/availability');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', timeZone: 'Europe/Berlin', capacity: 3, slotMinutes: 30 });
    expect(res.body.days.map((d: Json) => d.date)).toEqual([
      '2026-03-05',
      '2026-03-06',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
      '2026-03-16',
      '2026-03-17',
      '2026-03-18',
    ]);
    const [first] = res.body.days;
    expect(first.slots).toHaveLength(16);
    expect(first.slots[0]).toEqual({ start: '2026-03-05T08:00:00.000Z', time: '09:00', remaining: 3, label: 'Available' });
    expect(first.label).toBe('Available');
  });

  test('the support zone and the seats per call come from the configuration', async () => {
    const app = await startApp({ supportTimeZone: 'America/New_York', supportSlotCapacity: 5 });
    const { api } = await client(app);
    const res = await api.get('/company/support/availability');
    expect(res.body).toMatchObject({ timeZone: 'America/New_York', capacity: 5 });
    // 09:00 in New York on Thursday 5 March 2026 (EST, UTC-5)
    expect(res.body.days[0].slots[0]).toMatchObject({ start: '2026-03-05T14:00:00.000Z', remaining: 5 });
  });
});

describe('support configuration', () => {
  test('SUPPORT_TIMEZONE takes an IANA zone and SUPPORT_SLOT_CAPACITY a positive count; anything else stops the start', () => {
    expect(loadConfig({})).toMatchObject({ supportTimeZone: 'Europe/Berlin', supportSlotCapacity: 3 });
    expect(loadConfig({ SUPPORT_TIMEZONE: 'America/New_York', SUPPORT_SLOT_CAPACITY: '5' })).toMatchObject({
      supportTimeZone: 'America/New_York',
      supportSlotCapacity: 5,
    });
    expect(() => loadConfig({ SUPPORT_TIMEZONE: 'GMT+1:00' })).toThrow(/SUPPORT_TIMEZONE/);
    expect(() => loadConfig({ SUPPORT_TIMEZONE: 'Mars/Olympus' })).toThrow(/SUPPORT_TIMEZONE/);
    expect(() => loadConfig({ SUPPORT_SLOT_CAPACITY: '0' })).toThrow(/SUPPORT_SLOT_CAPACITY/);
  });
});

describe('booking a support call', () => {
  test('a company books a call: it is shown as upcoming, its seat is taken, and the invitation .ics has the right UTC start', async () => {
    const app = await startApp();
    const { api, email } = await client(app);

    const before = await api.get('/company/support/booking');
    expect(before.body).toEqual({ status: 'success', booking: null, defaultEmail: email.toLowerCase(), emails: [email.toLowerCase()] });

    const res = await api.post('/company/support/booking', booking(email, '2026-03-05', '10:00', { reason: 'Technical Issue' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.booking).toMatchObject({
      reason: 'Technical Issue',
      email: email.toLowerCase(),
      date: '2026-03-05',
      time: '10:00',
      start: '2026-03-05T09:00:00.000Z',
      end: '2026-03-05T09:30:00.000Z',
      timeZone: 'Europe/Berlin',
    });
    const id = res.body.booking.id;

    expect((await api.get('/company/support/booking')).body.booking).toMatchObject({ id, time: '10:00' });
    const { slot } = slotOf((await api.get('/company/support/availability')).body, '2026-03-05', '10:00');
    expect(slot).toMatchObject({ remaining: 2, label: 'Available' });

    const invitation = parseInvitation(await mailWith(email, /support call is booked/));
    expect(invitation).toMatchObject({
      method: 'REQUEST',
      status: 'CONFIRMED',
      sequence: 0,
      startIsUtc: true,
      start: '2026-03-05T09:00:00.000Z',
      end: '2026-03-05T09:30:00.000Z',
    });
    expect(invitation.uid).toContain(id);
    expect(invitation.attendee.toLowerCase()).toBe(`mailto:${email.toLowerCase()}`);
  });

  test('the labels follow the bookings: Limited Slot with one seat left, No available slot when full', async () => {
    const app = await startApp();
    const companies = await Promise.all([client(app), client(app), client(app)]);
    const labelNow = async () => {
      const availability = (await companies[0].api.get('/company/support/availability')).body;
      const { day, slot } = slotOf(availability, '2026-03-06', '11:30');
      return { slot: [slot.remaining, slot.label], day: day.label };
    };
    const expected = [
      [2, 'Available'],
      [1, 'Limited Slot'],
      [0, 'No available slot'],
    ];
    for (const [n, c] of companies.entries()) {
      const res = await c.api.post('/company/support/booking', booking(c.email, '2026-03-06', '11:30'));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await labelNow()).slot).toEqual(expected[n]);
    }
    // one full call of sixteen leaves the day Available
    expect((await labelNow()).day).toBe('Available');
  });

  test('a full call is refused with a clear message and nothing is stored', async () => {
    const app = await startApp({ supportSlotCapacity: 1 });
    const first = await client(app);
    const second = await client(app);
    expect((await first.api.post('/company/support/booking', booking(first.email, '2026-03-09', '09:00'))).status).toBe(200);

    const refused = await second.api.post('/company/support/booking', booking(second.email, '2026-03-09', '09:00'));
    expectFailure(refused, 409, 'TL_CORE_11030_E');
    expect(refused.body.responseMessage).toBe('This time is fully booked. Please choose another time.');
    expect((await second.api.get('/company/support/booking')).body.booking).toBeNull();
    expect(await bookedRows(app, '2026-03-09T08:00:00.000Z')).toHaveLength(1);
    const { slot } = slotOf((await second.api.get('/company/support/availability')).body, '2026-03-09', '09:00');
    expect(slot).toMatchObject({ remaining: 0, label: 'No available slot' });
  });

  test('twenty companies booking the last seat of a call at the same moment: exactly one wins', async () => {
    const app = await startApp({ supportSlotCapacity: 1 });
    const companies = await Promise.all(Array.from({ length: 20 }, () => client(app)));
    const answers = await Promise.all(
      companies.map((c) => c.api.post('/company/support/booking', booking(c.email, '2026-03-10', '14:30'))),
    );
    const won = answers.filter((r) => r.status === 200);
    const lost = answers.filter((r) => r.status !== 200);
    expect(won).toHaveLength(1);
    for (const r of lost) expectFailure(r, 409, 'TL_CORE_11030_E');
    expect(await bookedRows(app, '2026-03-10T13:30:00.000Z')).toHaveLength(1);
    // twenty sign-ups (argon2 each) on a loaded machine: more time than the default
  }, 120_000);

  test('a company has one upcoming call: a second booking is refused, also when both are sent at once', async () => {
    const app = await startApp();
    const one = await client(app);
    expect((await one.api.post('/company/support/booking', booking(one.email, '2026-03-11', '09:00'))).status).toBe(200);
    expectFailure(await one.api.post('/company/support/booking', booking(one.email, '2026-03-11', '09:30')), 409, 'TL_CORE_11032_E');

    const other = await client(app);
    const both = await Promise.all(
      ['10:00', '10:30', '11:00'].map((time) => other.api.post('/company/support/booking', booking(other.email, '2026-03-11', time))),
    );
    expect(both.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of both.filter((x) => x.status !== 200)) expectFailure(r, 409, 'TL_CORE_11032_E');
  });

  test('bad input gets a 400 with the field message and stores nothing', async () => {
    const app = await startApp();
    const { api, email } = await client(app);
    const cases: [string, Record<string, unknown>, string][] = [
      ['no date', { date: undefined }, 'Please choose a date and time'],
      ['no time', { time: '' }, 'Please choose a date and time'],
      ['a time that is no time', { time: '9am' }, 'Please choose a date and time'],
      ['an unknown reason', { reason: 'Chat' }, 'Please select a reason for contact'],
      ['a bad address', { email: 'not-an-email' }, 'Enter a valid email address'],
      ['notes too long', { notes: 'x'.repeat(501) }, 'Additional notes must be at most 500 characters'],
    ];
    for (const [label, change, message] of cases) {
      const res = await api.post('/company/support/booking', booking(email, '2026-03-12', '09:00', change));
      expectFailure(res, 400, 'TL_CORE_00400_E', label);
      expect(res.body.responseMessage, label).toContain(message);
    }
    expect((await api.get('/company/support/booking')).body.booking).toBeNull();
  });

  test('a time that is not an offered call is refused: out of hours, off the half hour, a weekend, today, the past, past the tenth day', async () => {
    const app = await startApp();
    const { api, email } = await client(app);
    for (const [date, time] of [
      ['2026-03-12', '08:30'],
      ['2026-03-12', '17:00'],
      ['2026-03-12', '09:15'],
      ['2026-03-07', '10:00'],
      ['2026-03-04', '15:00'],
      ['2026-03-02', '10:00'],
      ['2026-03-19', '10:00'],
      ['2026-02-30', '10:00'],
    ]) {
      const res = await api.post('/company/support/booking', booking(email, date as string, time as string));
      expectFailure(res, 422, 'TL_CORE_11031_E', `${date} ${time}`);
    }
    expect((await api.get('/company/support/booking')).body.booking).toBeNull();
  });
});

describe('who a booking is mailed to (issue 18)', () => {
  test('a booking for an address the company has not proven is refused under the field, stores nothing and mails nothing', async () => {
    const app = await startApp();
    const { api, email } = await client(app);
    const stranger = uniqueEmail('stranger');
    const refused = await api.post('/company/support/booking', booking(stranger, '2026-03-17', '10:00'));
    expectFailure(refused, 422, 'TL_CORE_12000_E');
    expect(refused.body.responseMessage).toBe(
      'Use your account email or your verified company email. Verify another address in Contact Information first.',
    );
    expect((await api.get('/company/support/booking')).body.booking).toBeNull();
    expect(await bookedRows(app, '2026-03-17T09:00:00.000Z')).toHaveLength(0);
    expect(await app.db.select().from(outbox).where(eq(outbox.to, stranger.toLowerCase()))).toHaveLength(0);
    expect(env.mailbox.mailTo(stranger)).toHaveLength(0);

    // The account's own address (any case) is proven.
    expect((await api.post('/company/support/booking', booking(email.toUpperCase(), '2026-03-17', '10:00'))).status).toBe(200);
  });

  test("the company's verified email is offered and accepted; a contact address not yet verified is not", async () => {
    const app = await startApp();
    const { api, email } = await client(app);
    const company = uniqueEmail('contact');
    expect((await api.post('/company/contact/email-code', { email: company })).status).toBe(200);
    expectFailure(await api.post('/company/support/booking', booking(company, '2026-03-18', '10:00')), 422, 'TL_CORE_12000_E');

    const codeMail = await until(
      () => env.mailbox.mailTo(company).find((m) => /verify your company email: (\d{5})/.test(m.decoded)),
      'the company email code',
    );
    const otp = /verify your company email: (\d{5})/.exec(codeMail.decoded)?.[1];
    expect((await api.post('/company/contact/verify-email', { email: company, otp })).status).toBe(200);
    expect((await api.get('/company/support/booking')).body.emails).toEqual([email.toLowerCase(), company.toLowerCase()]);

    expect((await api.post('/company/support/booking', booking(company, '2026-03-18', '10:00'))).status).toBe(200);
    await mailWith(company, /support call is booked/);
  });

  test('notes with URLs, bare domains and addresses arrive without a live link: in the text, the HTML and the invitation', async () => {
    const app = await startApp();
    const { api, email } = await client(app);
    const notes = 'Log in at https://evil.example/login or www.evil.example, or mail boss@evil.example (3.5 hours left).';
    expect((await api.post('/company/support/booking', booking(email, '2026-03-18', '11:00', { notes }))).status).toBe(200);

    const mail = await mailWith(email, /support call is booked/);
    const defanged = 'Log in at https[:]//evil[.]example/login or www[.]evil[.]example, or mail boss[@]evil[.]example (3.5 hours left).';
    const body = mail.decoded.replace(/=\r?\n/g, '');
    expect(body).toContain(`Notes: ${defanged}`);
    expect(body).toContain(`<strong>Notes:</strong> ${defanged}`);
    expect(body).not.toMatch(/evil\.example|https:\/\/|<a\s/i);
    const { description } = parseInvitation(mail);
    expect(description).toContain(defanged);
    expect(description).not.toMatch(/evil\.example|:\/\//);
    // The company still sees its notes as written.
    expect((await api.get('/company/support/booking')).body.booking.notes).toBe(notes);
  });
});

describe('cancelling a support call', () => {
  test('cancelling frees the seat for another company and mails a METHOD:CANCEL update of the same invitation', async () => {
    const app = await startApp({ supportSlotCapacity: 1 });
    const first = await client(app);
    const second = await client(app);
    const booked = await first.api.post('/company/support/booking', booking(first.email, '2026-03-13', '16:30'));
    expect(booked.status).toBe(200);
    expectFailure(await second.api.post('/company/support/booking', booking(second.email, '2026-03-13', '16:30')), 409, 'TL_CORE_11030_E');

    const cancelled = await first.api.post('/company/support/booking/cancel', { bookingId: booked.body.booking.id });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'success', booking: null });
    expect((await first.api.get('/company/support/booking')).body.booking).toBeNull();
    const { slot } = slotOf((await second.api.get('/company/support/availability')).body, '2026-03-13', '16:30');
    expect(slot).toMatchObject({ remaining: 1, label: 'Available' });
    expect((await second.api.post('/company/support/booking', booking(second.email, '2026-03-13', '16:30'))).status).toBe(200);

    const request = parseInvitation(await mailWith(first.email, /support call is booked/));
    const cancel = parseInvitation(await mailWith(first.email, /support call is cancelled/));
    expect(cancel).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', start: '2026-03-13T15:30:00.000Z', startIsUtc: true });
    expect(cancel.uid).toBe(request.uid);
    expect(cancel.sequence).toBeGreaterThan(request.sequence);
  });

  test("another company's booking id is refused and its call stays booked", async () => {
    const app = await startApp();
    const owner = await client(app);
    const stranger = await client(app);
    const booked = await owner.api.post('/company/support/booking', booking(owner.email, '2026-03-16', '12:00'));
    expect(booked.status).toBe(200);
    const id = booked.body.booking.id;

    expectFailure(await stranger.api.post('/company/support/booking/cancel', { bookingId: id }), 404, 'TL_CORE_11033_E');
    expectFailure(await stranger.api.post('/company/support/booking/cancel', { bookingId: crypto.randomUUID() }), 404, 'TL_CORE_11033_E');
    expectFailure(await stranger.api.post('/company/support/booking/cancel', { bookingId: 'not-a-uuid' }), 400, 'TL_CORE_00400_E');
    expect((await owner.api.get('/company/support/booking')).body.booking).toMatchObject({ id });
    expect(await bookedRows(app, '2026-03-16T11:00:00.000Z')).toHaveLength(1);
  });

  test('a call that has started can no longer be cancelled; once it has ended the company may book again', async () => {
    const app = await startApp();
    const account = await app.signUp(uniqueEmail('client'), { userType: 'client', company: 'Later Co' });
    let api = apiAs(app, (await app.verify(account.email)).accessToken);
    const booked = await api.post('/company/support/booking', booking(account.email, '2026-03-05', '15:00'));
    expect(booked.status).toBe(200);

    // 15:10 in Berlin on the day of the call
    app.clock.advance(Date.parse('2026-03-05T14:10:00Z') - app.clock.now().getTime());
    api = apiAs(app, (await app.signIn(account.email)).accessToken);
    expectFailure(await api.post('/company/support/booking/cancel', { bookingId: booked.body.booking.id }), 404, 'TL_CORE_11033_E');
    expect((await api.get('/company/support/booking')).body.booking).toMatchObject({ id: booked.body.booking.id });

    // 15:40: the call is over
    app.clock.advance(30 * 60_000);
    expect((await api.get('/company/support/booking')).body.booking).toBeNull();
    const again = await api.post('/company/support/booking', booking(account.email, '2026-03-06', '15:00'));
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });
});

describe('who may book', () => {
  test('a freelancer is refused every support endpoint (403) and a caller without a session too (401)', async () => {
    const app = await startApp();
    const freelancer = await app.createUser();
    const asFreelancer = apiAs(app, freelancer.accessToken);
    const anonymous = apiAs(app);
    const calls: [string, string, unknown?][] = [
      ['GET', '/company/support/availability'],
      ['GET', '/company/support/booking'],
      ['POST', '/company/support/booking', booking(freelancer.email, '2026-03-17', '09:00')],
      ['POST', '/company/support/booking/cancel', { bookingId: crypto.randomUUID() }],
    ];
    for (const [method, path, body] of calls) {
      const as = (caller: typeof anonymous) => (method === 'GET' ? caller.get(path) : caller.post(path, body));
      expectFailure(await as(asFreelancer), 403, 'TL_CORE_00403_E', `${method} ${path}`);
      expectFailure(await as(anonymous), 401, 'TL_CORE_00401_E', `${method} ${path}`);
    }
    expect(await bookedRows(app, '2026-03-17T08:00:00.000Z')).toHaveLength(0);
  });
});
