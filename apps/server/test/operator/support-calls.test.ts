import crypto from 'node:crypto';
import { AUDIT_ACTIONS } from '@talentloop/contract/api/operator-console';
import {
  SUPPORT_CANCEL_MESSAGE_MAX,
  SUPPORT_CONSOLE_MESSAGES,
  cancelSupportCallAsOperator,
  listSupportCalls,
  markSupportCallOutcome,
} from '@talentloop/contract/api/support-booking';
import { PROFILE_MESSAGES } from '@talentloop/contract/validation/profile-messages';
import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { auditLog, supportBookings } from '../../src/infra/db/schema.ts';
import { createOperator, readyCompany, withMailbox } from '../company/documents-support.ts';
import {
  HOUR,
  type TestApp,
  call,
  createClock,
  expectFailure,
  expectOk,
  findUser,
  invalid,
  okBody,
  outboxFor,
  uniqueLetters,
  until,
  useApi,
} from '../helpers.ts';

// The operators' support calls (issue 21): the list (calls not ended, and a past window), cancel
// with a message (the company is mailed, the seat is free), held or missed once a call has ended,
// one audit entry per action, operators only. The clock starts on Wednesday 4 March 2026, 10:00
// UTC, as in the company's booking tests: calls are offered 5-18 March, 09:00-16:30 Berlin time
// (08:00-15:30 UTC). Each test books its own slots (the file shares one database).

const env = useApi();

/** The message of a failure answer. */
const messageOf = (res: { body: unknown }) => String((res.body as { responseMessage?: string }).responseMessage);
const WEDNESDAY = Date.parse('2026-03-04T10:00:00Z');

async function startApp(config: Record<string, unknown> = {}) {
  const clock = createClock();
  clock.advance(WEDNESDAY - Date.now());
  return withMailbox(await env.start({ clock, config: { clientAccounts: true, ...config } }), env.mailbox);
}

/** A company that books the call at `date` `time` (Berlin); its account's address gets the mail. */
async function bookedCall(app: TestApp, date: string, time: string, name = `Acme ${uniqueLetters()}`) {
  const company = await readyCompany(app, { name });
  const res = await company.api.post('/company/support/booking', {
    reason: 'Account Verification',
    notes: 'Please check our registration.',
    email: company.accountEmail,
    date,
    time,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...company, bookingId: res.body.booking.id as string };
}

async function operator(app: TestApp) {
  const op = await createOperator(app);
  const row = await findUser(app.db, op.email);
  return { ...op, id: row?.id ?? '' };
}

/** A fresh token after the clock moved on (access tokens live an hour). */
const tokenAfterTime = async (app: TestApp, email: string) => (await app.signIn(email)).accessToken;

async function auditRowsFor(app: TestApp, bookingId: string) {
  return app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'support_booking'), eq(auditLog.targetId, bookingId)));
}

/** The text/calendar attachment of a raw message, decoded. */
function calendarOf(raw: string): string {
  const part = raw.split(/\r?\n--/).find((p) => /content-type:\s*text\/calendar/i.test(p));
  if (!part) throw new Error('no text/calendar part');
  const split = part.search(/\r?\n\r?\n/);
  const body = part.slice(split).trim();
  return /content-transfer-encoding:\s*base64/i.test(part.slice(0, split))
    ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    : body;
}

async function bookingRow(app: TestApp, id: string) {
  const [row] = await app.db.select().from(supportBookings).where(eq(supportBookings.id, id));
  return row;
}

describe('the support calls list', () => {
  test('calls not ended come soonest first with the company, who booked, the times and the support zone', async () => {
    const app = await startApp();
    const op = await operator(app);
    const later = await bookedCall(app, '2026-03-06', '14:00', 'Later Labs');
    const sooner = await bookedCall(app, '2026-03-05', '09:30', 'Sooner Labs');
    const res = okBody(await call(app, listSupportCalls, {}, { token: op.accessToken }));
    expect(res.timeZone).toBe('Europe/Berlin');
    const ids = res.upcoming.map((c) => c.id);
    expect(ids.indexOf(sooner.bookingId)).toBeLessThan(ids.indexOf(later.bookingId));
    expect(res.upcoming.find((c) => c.id === sooner.bookingId)).toEqual({
      id: sooner.bookingId,
      companyId: expect.any(String),
      companyName: 'Sooner Labs',
      bookedByEmail: sooner.accountEmail,
      email: sooner.accountEmail,
      reason: 'Account Verification',
      notes: 'Please check our registration.',
      slotStart: '2026-03-05T08:30:00.000Z',
      slotEnd: '2026-03-05T09:00:00.000Z',
      timeZone: 'Europe/Berlin',
      status: 'booked',
      cancelledAt: null,
      cancelledBy: null,
      cancelMessage: null,
      outcome: null,
    });
    expect(res.past.map((c) => c.id)).not.toContain(sooner.bookingId);
    expect(res.window).toEqual({ from: '2026-02-19', to: '2026-03-04' });
  });

  test('a call that has ended moves to the past window; a window that leaves it out does not list it', async () => {
    const app = await startApp();
    const op = await operator(app);
    const booked = await bookedCall(app, '2026-03-05', '10:00');
    app.clock.advance(2 * 24 * HOUR);
    const token = await tokenAfterTime(app, op.email);
    const res = okBody(await call(app, listSupportCalls, {}, { token }));
    expect(res.upcoming.map((c) => c.id)).not.toContain(booked.bookingId);
    expect(res.past.find((c) => c.id === booked.bookingId)).toMatchObject({ status: 'booked', outcome: null });
    expect(res.window).toEqual({ from: '2026-02-21', to: '2026-03-06' });
    const elsewhere = okBody(await call(app, listSupportCalls, { query: { from: '2026-02-01', to: '2026-03-04' } }, { token }));
    expect(elsewhere.past.map((c) => c.id)).not.toContain(booked.bookingId);
    const exact = okBody(await call(app, listSupportCalls, { query: { from: '2026-03-05', to: '2026-03-05' } }, { token }));
    expect(exact.past.map((c) => c.id)).toContain(booked.bookingId);
  });

  test('a window that is not one, or a day that does not exist, is refused with its message', async () => {
    const app = await startApp();
    const op = await operator(app);
    const cases: Array<[Record<string, string>, string]> = [
      [{ from: '2026-03-10', to: '2026-03-01' }, SUPPORT_CONSOLE_MESSAGES.windowInvalid],
      [{ from: '2025-01-01', to: '2026-03-01' }, SUPPORT_CONSOLE_MESSAGES.windowInvalid],
      [{ from: 'yesterday' }, SUPPORT_CONSOLE_MESSAGES.dayInvalid],
      // Days that do not exist (Date.parse would roll them over into March).
      [{ from: '2026-02-30' }, SUPPORT_CONSOLE_MESSAGES.dayInvalid],
      [{ to: '2025-02-29' }, SUPPORT_CONSOLE_MESSAGES.dayInvalid],
      [{ when: '2026-03-01' }, ''],
    ];
    for (const [query, message] of cases) {
      const res = await call(app, listSupportCalls, { query: invalid(query) }, { token: op.accessToken });
      expectFailure(res, 400, 'TL_CORE_00400_E', JSON.stringify(query));
      expect(messageOf(res)).toContain(message);
    }
  });
});

describe('an operator cancels a call', () => {
  test('the company is mailed the cancellation with the message and a METHOD:CANCEL entry; the seat is free; one audit entry', async () => {
    const app = await startApp({ supportSlotCapacity: 1 });
    const op = await operator(app);
    const first = await bookedCall(app, '2026-03-09', '11:00', 'First Labs');
    // The one seat is taken: another company cannot book it.
    const other = await readyCompany(app, { name: 'Second Labs' });
    const slot = { reason: 'Account Verification', notes: '', email: other.accountEmail, date: '2026-03-09', time: '11:00' };
    expectFailure(await other.api.post('/company/support/booking', slot), 409, 'TL_CORE_11030_E');

    const message = 'Our support lead is ill today.\nPlease book another time — sorry!';
    const res = await call(
      app,
      cancelSupportCallAsOperator,
      { params: { bookingId: first.bookingId }, body: { message: `  ${message} ` } },
      { token: op.accessToken },
    );
    expectOk(res);
    expect(res.body.responseMessage).toBe(SUPPORT_CONSOLE_MESSAGES.cancelled);
    expect(res.body.call).toMatchObject({ id: first.bookingId, status: 'cancelled', cancelledBy: 'operator', cancelMessage: message });
    expect(await bookingRow(app, first.bookingId)).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'operator',
      cancelMessage: message,
      sequence: 1,
    });

    // The mail, through the outbox and SMTP.
    const mail = await until(
      () => env.mailbox.mailTo(first.accountEmail).find((m) => /support call is cancelled/.test(m.decoded)),
      'the cancellation mail',
      20_000,
    );
    expect(mail.decoded).toContain('Our support lead is ill today.');
    const calendar = calendarOf(mail.raw);
    expect(calendar).toMatch(/^METHOD:CANCEL\r?$/m);
    expect(calendar).toMatch(/^STATUS:CANCELLED\r?$/m);
    expect(calendar).toMatch(/^DTSTART:20260309T100000Z\r?$/m);
    expect((await outboxFor(app.db, first.accountEmail)).filter((m) => /cancelled/.test(m.subject))).toHaveLength(1);

    // The seat is free: the other company books it.
    const again = await other.api.post('/company/support/booking', slot);
    expect(again.status, JSON.stringify(again.body)).toBe(200);

    const audits = await auditRowsFor(app, first.bookingId);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: 'support_call.cancel',
      operatorId: op.id,
      operatorEmail: op.email,
      before: { status: 'booked' },
      after: { status: 'cancelled', cancelledBy: 'operator' },
      reason: message,
    });
    expect(audits[0]?.targetLabel).toContain('First Labs');
    expect(audits[0]?.targetLabel).toContain('2026-03-09 11:00 (Europe/Berlin)');
    expect(AUDIT_ACTIONS).toContain(audits[0]?.action);
  });

  test('a second cancel is 409 and mails nothing more; the list shows the call cancelled with the message', async () => {
    const app = await startApp();
    const op = await operator(app);
    const booked = await bookedCall(app, '2026-03-10', '09:00');
    const cancel = () =>
      call(
        app,
        cancelSupportCallAsOperator,
        { params: { bookingId: booked.bookingId }, body: { message: 'Double booked on our side.' } },
        { token: op.accessToken },
      );
    expectOk(await cancel());
    expectFailure(await cancel(), 409, 'TL_CORE_14123_E');
    expect(await auditRowsFor(app, booked.bookingId)).toHaveLength(1);
    expect((await outboxFor(app.db, booked.accountEmail)).filter((m) => /cancelled/.test(m.subject))).toHaveLength(1);
    const listed = okBody(await call(app, listSupportCalls, {}, { token: op.accessToken })).upcoming.find((c) => c.id === booked.bookingId);
    expect(listed).toMatchObject({ status: 'cancelled', cancelledBy: 'operator', cancelMessage: 'Double booked on our side.' });
  });

  test('a call the company cancelled is 409 for the operator; the list says the company cancelled it', async () => {
    const app = await startApp();
    const op = await operator(app);
    const booked = await bookedCall(app, '2026-03-10', '09:30');
    expect((await booked.api.post('/company/support/booking/cancel', { bookingId: booked.bookingId })).status).toBe(200);
    const res = await call(
      app,
      cancelSupportCallAsOperator,
      { params: { bookingId: booked.bookingId }, body: { message: 'Too late.' } },
      { token: op.accessToken },
    );
    expectFailure(res, 409, 'TL_CORE_14123_E');
    const listed = okBody(await call(app, listSupportCalls, {}, { token: op.accessToken })).upcoming.find((c) => c.id === booked.bookingId);
    expect(listed).toMatchObject({ status: 'cancelled', cancelledBy: 'company', cancelMessage: null });
  });

  test('a call that has started can no longer be cancelled (409)', async () => {
    const app = await startApp();
    const op = await operator(app);
    const booked = await bookedCall(app, '2026-03-05', '12:00');
    // 12:10 Berlin on the day: the call runs.
    app.clock.advance(Date.parse('2026-03-05T11:10:00Z') - app.clock.now().getTime());
    const token = await tokenAfterTime(app, op.email);
    const res = await call(
      app,
      cancelSupportCallAsOperator,
      { params: { bookingId: booked.bookingId }, body: { message: 'Cannot make it.' } },
      { token },
    );
    expectFailure(res, 409, 'TL_CORE_14124_E');
    expect(await bookingRow(app, booked.bookingId)).toMatchObject({ status: 'booked', cancelledBy: null });
    expect(await auditRowsFor(app, booked.bookingId)).toHaveLength(0);
  });

  const badMessages: Array<[string, unknown, string]> = [
    ['no message', {}, SUPPORT_CONSOLE_MESSAGES.messageRequired],
    ['a blank message', { message: '   ' }, SUPPORT_CONSOLE_MESSAGES.messageRequired],
    ['a message of two characters', { message: 'no' }, SUPPORT_CONSOLE_MESSAGES.messageTooShort],
    ['a message over the limit', { message: 'x'.repeat(SUPPORT_CANCEL_MESSAGE_MAX + 1) }, SUPPORT_CONSOLE_MESSAGES.messageTooLong],
    ['a message with a bidi override', { message: 'Sorry \u202Egnp.exe' }, PROFILE_MESSAGES.unsafeCharacters],
    ['a message that is not text', { message: 42 }, SUPPORT_CONSOLE_MESSAGES.messageRequired],
  ];
  test.each(badMessages)(
    '%s is refused with the contract message; the call stays booked and nothing is mailed',
    async (_name, body, text) => {
      const app = await startApp();
      const op = await operator(app);
      const time = `${10 + badMessages.findIndex(([n]) => n === _name)}:30`;
      const booked = await bookedCall(app, '2026-03-11', time);
      const res = await call(
        app,
        cancelSupportCallAsOperator,
        { params: { bookingId: booked.bookingId }, body: invalid(body) },
        { token: op.accessToken },
      );
      expectFailure(res, 400, 'TL_CORE_00400_E');
      expect(res.body.responseMessage).toContain(text);
      expect(await bookingRow(app, booked.bookingId)).toMatchObject({ status: 'booked' });
      expect((await outboxFor(app.db, booked.accountEmail)).filter((m) => /cancelled/.test(m.subject))).toHaveLength(0);
      expect(await auditRowsFor(app, booked.bookingId)).toHaveLength(0);
    },
  );

  test('an id that is not a call is 404, whether or not it is a UUID', async () => {
    const app = await startApp();
    const op = await operator(app);
    for (const bookingId of ['not-a-uuid', crypto.randomUUID()]) {
      const body = { message: 'Cancelled.' };
      expectFailure(
        await call(app, cancelSupportCallAsOperator, { params: { bookingId }, body }, { token: op.accessToken }),
        404,
        'TL_CORE_14122_E',
      );
      expectFailure(
        await call(app, markSupportCallOutcome, { params: { bookingId }, body: { outcome: 'held' } }, { token: op.accessToken }),
        404,
        'TL_CORE_14122_E',
      );
    }
  });
});

describe('held or missed', () => {
  test('only once the call has ended; marked again it changes; each change one audit entry', async () => {
    const app = await startApp();
    const op = await operator(app);
    const booked = await bookedCall(app, '2026-03-12', '09:00');
    const mark = (token: string, outcome: 'held' | 'missed') =>
      call(app, markSupportCallOutcome, { params: { bookingId: booked.bookingId }, body: { outcome } }, { token });
    expectFailure(await mark(op.accessToken, 'held'), 409, 'TL_CORE_14125_E');

    // 09:20 Berlin: still running.
    app.clock.advance(Date.parse('2026-03-12T08:20:00Z') - app.clock.now().getTime());
    let token = await tokenAfterTime(app, op.email);
    expectFailure(await mark(token, 'held'), 409, 'TL_CORE_14125_E');

    // 09:30 Berlin: over.
    app.clock.advance(10 * 60_000);
    token = await tokenAfterTime(app, op.email);
    const held = await mark(token, 'held');
    expectOk(held);
    expect(held.body).toMatchObject({ responseMessage: SUPPORT_CONSOLE_MESSAGES.markedHeld, call: { outcome: 'held', status: 'booked' } });
    expect(okBody(await mark(token, 'held')).call.outcome).toBe('held');
    expect(okBody(await mark(token, 'missed')).call.outcome).toBe('missed');
    expect(await bookingRow(app, booked.bookingId)).toMatchObject({ outcome: 'missed' });

    const audits = (await auditRowsFor(app, booked.bookingId)).sort((a, b) => a.id - b.id);
    expect(audits.map((a) => [a.action, a.before, a.after])).toEqual([
      ['support_call.outcome', { outcome: null }, { outcome: 'held' }],
      ['support_call.outcome', { outcome: 'held' }, { outcome: 'missed' }],
    ]);
    const past = okBody(await call(app, listSupportCalls, {}, { token })).past.find((c) => c.id === booked.bookingId);
    expect(past).toMatchObject({ outcome: 'missed' });
  });

  test('a cancelled call cannot be marked (409); an outcome that is not one is refused with its message', async () => {
    const app = await startApp();
    const op = await operator(app);
    const booked = await bookedCall(app, '2026-03-12', '10:00');
    expectOk(
      await call(
        app,
        cancelSupportCallAsOperator,
        { params: { bookingId: booked.bookingId }, body: { message: 'We are closed.' } },
        { token: op.accessToken },
      ),
    );
    app.clock.advance(Date.parse('2026-03-13T00:00:00Z') - app.clock.now().getTime());
    const token = await tokenAfterTime(app, op.email);
    expectFailure(
      await call(app, markSupportCallOutcome, { params: { bookingId: booked.bookingId }, body: { outcome: 'held' } }, { token }),
      409,
      'TL_CORE_14126_E',
    );
    const bad = await call(
      app,
      markSupportCallOutcome,
      { params: { bookingId: booked.bookingId }, body: invalid({ outcome: 'late' }) },
      { token },
    );
    expectFailure(bad, 400, 'TL_CORE_00400_E');
    expect(bad.body.responseMessage).toContain(SUPPORT_CONSOLE_MESSAGES.outcomeInvalid);
    expect(await auditRowsFor(app, booked.bookingId)).toHaveLength(1);
  });
});

describe('operators only', () => {
  test('freelancers and companies get 403, a signed-out caller 401; the call is unchanged', async () => {
    const app = await startApp();
    const booked = await bookedCall(app, '2026-03-13', '09:00');
    const freelancer = await app.createUser();
    const bookingId = booked.bookingId;
    const tries = [
      (token?: string) => call(app, listSupportCalls, {}, { token }),
      (token?: string) => call(app, cancelSupportCallAsOperator, { params: { bookingId }, body: { message: 'Not yours.' } }, { token }),
      (token?: string) => call(app, markSupportCallOutcome, { params: { bookingId }, body: { outcome: 'missed' } }, { token }),
    ];
    for (const attempt of tries) {
      expectFailure(await attempt(freelancer.accessToken), 403, 'TL_CORE_00403_E');
      expectFailure(await attempt(booked.api.token), 403, 'TL_CORE_00403_E');
      expectFailure(await attempt(), 401, 'TL_CORE_00401_E');
    }
    expect(await bookingRow(app, bookingId)).toMatchObject({ status: 'booked', outcome: null });
    expect(await auditRowsFor(app, bookingId)).toHaveLength(0);
  });
});
