import {
  INTERVIEW_MESSAGES,
  acceptInterview,
  getCompanyTimeZone,
  getFreelancerTimeZone,
  listFreelancerInterviews,
  saveCompanyTimeZone,
  saveFreelancerTimeZone,
} from '@talentloop/contract/api/interviews';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, test } from 'vitest';
import { startReminderWorker } from '../../src/features/interviews/reminders.ts';
import { HOUR, type TestApp, call, expectFailure, expectOk, okBody, useApi } from '../helpers.ts';
import { createOperator, queuedSubjects, startLoopApp, verifiedCompany, vettedFreelancer } from '../talent/loop-support.ts';
import { BERLIN, NY, mailsMatching, propose, proposalBody, wallTime } from './support.ts';

// The database decides (issue 22): one proposal is accepted once, a freelancer never holds two
// accepted interviews that overlap, each reminder is sent once whatever the number of workers; and
// times cross daylight-saving changes in both zones.

const env = useApi();

const accept = (app: TestApp, token: string, interviewId: string, slotId: string, version: number) =>
  call(app, acceptInterview, { params: { interviewId }, body: { slotId, version } }, { token });

async function pair(app: TestApp) {
  const operator = await createOperator(app);
  const company = await verifiedCompany(app, 'Acme Labs');
  const freelancer = await vettedFreelancer(app, operator.accessToken);
  return { operator, company, freelancer };
}

const quietLog = { error: () => {}, warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger;

describe('the database decides', () => {
  test('20 accepts of one proposal at once: exactly one is accepted, the others are refused', async () => {
    const app = await startLoopApp(env);
    const { company, freelancer } = await pair(app);
    const i = okBody(await propose(app, company.token, proposalBody(app, freelancer.slug))).interview;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, n) => accept(app, freelancer.token, i.id, i.slots[n % 3]?.id ?? '', 0)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    const [seen] = okBody(await call(app, listFreelancerInterviews, {}, { token: freelancer.token })).interviews;
    expect(seen).toMatchObject({ status: 'accepted', version: 1, sequence: 1 });
  });

  test('20 accepts of 20 different interviews at the same time, at once: exactly one is accepted', async () => {
    const app = await startLoopApp(env);
    const { company, freelancer } = await pair(app);
    const body = proposalBody(app, freelancer.slug, { times: [wallTime(app, 30)] });
    const made = [];
    for (let n = 0; n < 20; n++) made.push(okBody(await propose(app, company.token, body)).interview);
    const results = await Promise.all(made.map((i) => accept(app, freelancer.token, i.id, i.slots[0]?.id ?? '', 0)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(19);
    for (const r of refused) expectFailure(r, 409, 'TL_CORE_15005_E');
    const accepted = okBody(await call(app, listFreelancerInterviews, {}, { token: freelancer.token })).interviews.filter(
      (i) => i.status === 'accepted',
    );
    expect(accepted).toHaveLength(1);
  });

  test('an overlapping accept is refused; one that starts as the other ends is fine', async () => {
    const app = await startLoopApp(env);
    const { company, freelancer } = await pair(app);
    const at = wallTime(app, 40);
    const first = okBody(
      await propose(app, company.token, proposalBody(app, freelancer.slug, { times: [at], durationMinutes: 60 })),
    ).interview;
    expectOk(await accept(app, freelancer.token, first.id, first.slots[0]?.id ?? '', 0));
    const overlapping = okBody(
      await propose(app, company.token, proposalBody(app, freelancer.slug, { times: [wallTime(app, 40.5)], durationMinutes: 30 })),
    ).interview;
    expectFailure(await accept(app, freelancer.token, overlapping.id, overlapping.slots[0]?.id ?? '', 0), 409, 'TL_CORE_15005_E');
    const touching = okBody(
      await propose(app, company.token, proposalBody(app, freelancer.slug, { times: [wallTime(app, 41)], durationMinutes: 30 })),
    ).interview;
    expect(Date.parse(touching.slots[0]?.startsAt ?? '')).toBe(Date.parse(first.slots[0]?.endsAt ?? ''));
    expectOk(await accept(app, freelancer.token, touching.id, touching.slots[0]?.id ?? '', 0));
  });
});

describe('reminders', () => {
  test('24 hours and 1 hour before, each sent once to each party with two workers ticking at once', async () => {
    const app = await startLoopApp(env);
    const { company, freelancer } = await pair(app);
    const i = okBody(await propose(app, company.token, proposalBody(app, freelancer.slug, { times: [wallTime(app, 26)] }))).interview;
    expectOk(await accept(app, freelancer.token, i.id, i.slots[0]?.id ?? '', 0));
    const workers = [0, 1].map(() =>
      startReminderWorker({ db: app.db, clock: app.clock, config: app.config, log: quietLog, pollMs: 3_600_000 }),
    );
    const tickBoth = () => Promise.all(workers.map((w) => w.tick()));
    const reminders = async (email: string, when: string) =>
      (await queuedSubjects(app, email)).filter((s) => s.startsWith('Reminder:') && s.endsWith(when));
    try {
      await tickBoth();
      expect(await reminders(freelancer.email, 'tomorrow')).toEqual([]);
      app.clock.advance(2.5 * HOUR);
      await tickBoth();
      await tickBoth();
      expect(await reminders(freelancer.email, 'tomorrow')).toEqual(['Reminder: interview with Acme Labs tomorrow']);
      expect(await reminders(company.accountEmail, 'tomorrow')).toHaveLength(1);
      app.clock.advance(23 * HOUR);
      await tickBoth();
      await tickBoth();
      expect(await reminders(freelancer.email, 'in one hour')).toEqual(['Reminder: interview with Acme Labs in one hour']);
      expect(await reminders(company.accountEmail, 'in one hour')).toHaveLength(1);
      expect(await reminders(freelancer.email, 'tomorrow')).toHaveLength(1);
      await mailsMatching(env.mailbox, freelancer.email, /Reminder: interview with Acme Labs in one hour/);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
  });

  test('an interview accepted inside the 24-hour window gets only the 1-hour reminder', async () => {
    const app = await startLoopApp(env);
    const { company, freelancer } = await pair(app);
    const i = okBody(await propose(app, company.token, proposalBody(app, freelancer.slug, { times: [wallTime(app, 5)] }))).interview;
    expectOk(await accept(app, freelancer.token, i.id, i.slots[0]?.id ?? '', 0));
    const worker = startReminderWorker({ db: app.db, clock: app.clock, config: app.config, log: quietLog, pollMs: 3_600_000 });
    try {
      await worker.tick();
      expect((await queuedSubjects(app, freelancer.email)).filter((s) => s.startsWith('Reminder:'))).toEqual([]);
      app.clock.advance(4.5 * HOUR);
      await worker.tick();
      expect((await queuedSubjects(app, freelancer.email)).filter((s) => s.startsWith('Reminder:'))).toEqual([
        'Reminder: interview with Acme Labs in one hour',
      ]);
    } finally {
      await worker.stop();
    }
  });
});

describe('time zones', () => {
  test('each party saves its IANA zone; anything else is refused with the contract’s message', async () => {
    const app = await startLoopApp(env);
    const { company, freelancer } = await pair(app);
    expect(okBody(await call(app, getFreelancerTimeZone, {}, { token: freelancer.token })).timeZone).toBeNull();
    expectOk(await call(app, saveFreelancerTimeZone, { body: { timeZone: BERLIN } }, { token: freelancer.token }));
    expect(okBody(await call(app, getFreelancerTimeZone, {}, { token: freelancer.token })).timeZone).toBe(BERLIN);
    expect(okBody(await call(app, getCompanyTimeZone, {}, { token: company.token })).timeZone).toBeNull();
    expectOk(await call(app, saveCompanyTimeZone, { body: { timeZone: NY } }, { token: company.token }));
    expect(okBody(await call(app, getCompanyTimeZone, {}, { token: company.token })).timeZone).toBe(NY);
    for (const bad of ['Mars/Olympus', '+02:00', '', 'Europe/Berlin/../x']) {
      const res = await call(app, saveFreelancerTimeZone, { body: { timeZone: bad } }, { token: freelancer.token });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ responseMessage: expect.stringContaining(INTERVIEW_MESSAGES.timeZoneInvalid) });
    }
    expectFailure(await call(app, saveCompanyTimeZone, { body: { timeZone: NY } }, { token: freelancer.token }), 403, 'TL_CORE_00403_E');
  });

  test('across both spring changes: New York proposes, Berlin reads its own wall clock, the gap hour is refused', async () => {
    const app = await startLoopApp(env);
    // 10 March 2027: New York changes on the 14th, Berlin on the 28th.
    app.clock.advance(Date.parse('2027-03-10T12:00:00Z') - app.clock.now().getTime());
    const { company, freelancer } = await pair(app);
    expectOk(await call(app, saveFreelancerTimeZone, { body: { timeZone: BERLIN } }, { token: freelancer.token }));
    const gap = await propose(app, company.token, proposalBody(app, freelancer.slug, { times: [{ date: '2027-03-14', time: '02:30' }] }));
    expect(gap.status).toBe(400);
    expect(gap.body).toMatchObject({ responseMessage: expect.stringContaining(INTERVIEW_MESSAGES.notInZone) });
    const i = okBody(
      await propose(
        app,
        company.token,
        proposalBody(app, freelancer.slug, {
          times: [
            { date: '2027-03-13', time: '09:00' }, // both on winter time: Berlin 15:00
            { date: '2027-03-15', time: '09:00' }, // New York on summer time, Berlin not yet: 14:00
            { date: '2027-03-29', time: '09:00' }, // both on summer time: 15:00
          ],
        }),
      ),
    ).interview;
    expect(i.slots.map((s) => s.startsAt)).toEqual(['2027-03-13T14:00:00.000Z', '2027-03-15T13:00:00.000Z', '2027-03-29T13:00:00.000Z']);
    const [mail] = await mailsMatching(env.mailbox, freelancer.email, /invites you to an interview/);
    expect(mail?.decoded).toContain('Sat, 13 Mar 2027, 3:00 PM - 4:00 PM Europe/Berlin (GMT+1)');
    expect(mail?.decoded).toContain('Mon, 15 Mar 2027, 2:00 PM - 3:00 PM Europe/Berlin (GMT+1)');
    expect(mail?.decoded).toContain('Mon, 29 Mar 2027, 3:00 PM - 4:00 PM Europe/Berlin (GMT+2)');
  });
});
