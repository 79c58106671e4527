import { MAIL_CAPS } from '@talentloop/contract/mail-caps';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { outbox, partnerRequests } from '../src/infra/db/schema.ts';
import { NEW_PASSWORD, PASSWORD, type TestApp, createClock, expectFailure, request, uniqueEmail, until, useApi } from './helpers.ts';

// Mail caps (issue 18): one free company account booking and cancelling support calls in a loop
// made the server mail an address about a thousand times a minute. The caps (contract
// mail-caps.ts) are counted in the database, per account and per recipient, per hour: here the
// SMTP sink counts what each address really received, across two app instances on one database.

const env = useApi();

const WEDNESDAY = Date.parse('2026-03-04T10:00:00Z');
const BOOKINGS = MAIL_CAPS.supportCallBooked.perAccountPerHour;
const PER_ADDRESS = MAIL_CAPS.supportCallBooked.perRecipientPerHour;
/** Offered calls (Berlin time) on Thursday 5 March 2026, one per booking. */
const TIMES = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30'];

/** Two instances of the app on the one database and clock (a load balancer's two servers). */
async function startInstances() {
  const clock = createClock();
  clock.advance(WEDNESDAY - Date.now());
  const config = { clientAccounts: true };
  return Promise.all([env.start({ clock, config }), env.start({ clock, config })]);
}

type Client = { email: string; token: string };

async function client(app: TestApp): Promise<Client> {
  const account = await app.signUp(uniqueEmail('client'), { userType: 'client', company: 'Acme Labs' });
  return { email: account.email.toLowerCase(), token: (await app.verify(account.email)).accessToken };
}

const call = (app: TestApp, who: Client, path: string, json: unknown) =>
  request(app.baseUrl, 'POST', `/api${path}`, { json, headers: { authorization: `Bearer ${who.token}` } });

const book = (app: TestApp, who: Client, to: string, time: string) =>
  call(app, who, '/company/support/booking', { reason: 'Account Verification', notes: '', email: to, date: '2026-03-05', time });

/** Books and cancels one call; answers the booking's response. */
async function bookAndCancel(app: TestApp, cancelOn: TestApp, who: Client, to: string, time: string) {
  const booked = await book(app, who, to, time);
  if (booked.status === 200) {
    const cancelled = await call(cancelOn, who, '/company/support/booking/cancel', { bookingId: booked.body.booking.id });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
  }
  return booked;
}

/** What `to` has received once every mail queued for it has been delivered. */
async function deliveredTo(app: TestApp, to: string): Promise<string[]> {
  await until(
    async () =>
      (
        await app.db
          .select({ id: outbox.id })
          .from(outbox)
          .where(and(eq(outbox.to, to), isNull(outbox.sentAt)))
      ).length === 0,
    `every mail to ${to} delivered`,
    20_000,
  );
  return env.mailbox.mailTo(to).map((m) => /^Subject: (.*)$/m.exec(m.decoded)?.[1] ?? '');
}

const subjects = (booked: number, cancelled: number) =>
  [
    ...Array(booked).fill('Your Talentloop support call is booked'),
    ...Array(cancelled).fill('Your Talentloop support call is cancelled'),
  ].sort();

describe('support call mail caps', () => {
  test('a book-and-cancel loop from one account, spread over two instances, stops mailing at the hourly cap and is refused with the limit', async () => {
    const [one, two] = await startInstances();
    const company = await client(one);

    for (const [n, time] of TIMES.slice(0, BOOKINGS).entries()) {
      // Booked on one instance, cancelled on the other, alternating: the count is the database's.
      const [a, b] = n % 2 ? [two, one] : [one, two];
      const booked = await bookAndCancel(a, b, company, company.email, time);
      expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    }
    for (const [n, time] of TIMES.slice(BOOKINGS, BOOKINGS + 3).entries()) {
      const refused = await book(n % 2 ? two : one, company, company.email, time);
      expectFailure(refused, 429, 'TL_CORE_12001_E');
      expect(refused.body.responseMessage).toBe(
        `This account has reached the limit of ${BOOKINGS} support call bookings an hour. Please try again later.`,
      );
    }

    // Each booking mailed its invitation and its cancellation; the refused ones mailed nothing.
    const received = (await deliveredTo(one, company.email)).filter((s) => /support call/.test(s));
    expect(received.sort()).toEqual(subjects(BOOKINGS, BOOKINGS));

    // An hour later the account may book again.
    one.clock.advance(60 * 60_000);
    const again = await one.signIn(company.email);
    expect((await book(one, { ...company, token: again.accessToken }, company.email, TIMES[9] as string)).status).toBe(200);
  });

  test('one address receives at most the per-recipient cap, whichever accounts book for it', async () => {
    const [one, two] = await startInstances();
    const owner = await client(one);
    const other = await client(two);
    // The other company proves the owner's address as its company email (its code is mailed there).
    expect((await call(two, other, '/company/contact/email-code', { email: owner.email })).status).toBe(200);
    const mail = await until(
      () => env.mailbox.mailTo(owner.email).find((m) => /verify your company email: (\d{5})/.test(m.decoded)),
      'the company email code',
      20_000,
    );
    const otp = /verify your company email: (\d{5})/.exec(mail.decoded)?.[1];
    expect((await call(two, other, '/company/contact/verify-email', { email: owner.email, otp })).status).toBe(200);

    const times = [...TIMES];
    for (let n = 0; n < PER_ADDRESS; n++) {
      const [who, app] = n % 2 ? [other, two] : [owner, one];
      const booked = await bookAndCancel(app, app, who, owner.email, times.shift() as string);
      expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    }
    // Neither account is at its own cap; the address is at its.
    for (const [who, app] of [
      [owner, one],
      [other, two],
    ] as const) {
      const refused = await book(app, who, owner.email, times.shift() as string);
      expectFailure(refused, 429, 'TL_CORE_12002_E');
      expect(refused.body.responseMessage).toBe(
        `This email address has reached the limit of ${PER_ADDRESS} support call bookings an hour. Please try again later.`,
      );
    }
    const received = (await deliveredTo(one, owner.email)).filter((s) => /support call/.test(s));
    expect(received.sort()).toEqual(subjects(PER_ADDRESS, PER_ADDRESS));
  });
});

describe('other mail a user triggers', () => {
  test('password changes are capped per hour, each one mailing its notice; past the cap the change is refused and the password stays', async () => {
    const [one, two] = await startInstances();
    const user = await one.createUser();
    const max = MAIL_CAPS.passwordChanged.perAccountPerHour;
    const passwords = [PASSWORD, NEW_PASSWORD];
    const change = (app: TestApp, n: number) =>
      request(app.baseUrl, 'POST', '/api/account/password', {
        json: { currentPassword: passwords[n % 2], newPassword: passwords[(n + 1) % 2] },
        headers: { authorization: `Bearer ${user.accessToken}` },
      });
    for (let n = 0; n < max; n++) {
      const res = await change(n % 2 ? two : one, n);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const refused = await change(one, max);
    expectFailure(refused, 429, 'TL_CORE_12001_E');
    expect(refused.body.responseMessage).toBe(
      `This account has reached the limit of ${max} password changes an hour. Please try again later.`,
    );
    const current = passwords[max % 2] as string;
    expect((await one.signIn(user.email, current)).accessToken).toBeTruthy();
    const notices = (await deliveredTo(one, user.email.toLowerCase())).filter((s) => /password was changed/.test(s));
    expect(notices).toHaveLength(max);
  });

  test("partner requests past the operators' hourly cap are stored but not mailed, so a flood of requests is no flood of mail", async () => {
    const clock = createClock();
    const ops = uniqueEmail('ops');
    const app = await env.start({ clock, config: { opsEmail: ops } });
    const max = MAIL_CAPS.partnerRequest.perRecipientPerHour;
    for (let n = 0; n <= max; n++) {
      const res = await app.post('/api/company-user/company-partnership', {
        companyName: `Flood ${n} Ltd`,
        companyEmail: uniqueEmail('hr'),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    expect(await app.db.select({ id: partnerRequests.id }).from(partnerRequests)).toHaveLength(max + 1);
    expect(await deliveredTo(app, ops.toLowerCase())).toHaveLength(max);
  });
});
