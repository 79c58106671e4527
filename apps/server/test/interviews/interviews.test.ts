import {
  INTERVIEW_MESSAGES,
  acceptInterview,
  cancelCompanyInterview,
  cancelFreelancerInterview,
  declineInterview,
  getCompanyInterview,
  getFreelancerTimeZone,
  listCompanyInterviews,
  listFreelancerInterviews,
  recordInterviewOutcome,
  requestOtherTimes,
  rescheduleInterview,
  saveFreelancerTimeZone,
} from '@talentloop/contract/api/interviews';
import { getShortlist, updateCandidate } from '@talentloop/contract/api/shortlists';
import { getTalentStatus } from '@talentloop/contract/api/talent-pool';
import { describe, expect, test } from 'vitest';
import { HOUR, type TestApp, call, expectFailure, expectOk, okBody, useApi } from '../helpers.ts';
import { eventsOf, markDemo, queuedSubjects, startLoopApp, verifiedCompany, vettedFreelancer } from '../talent/loop-support.ts';
import { readyCompany } from '../company/documents-support.ts';
import { BERLIN, NY, interviewSetting, invitationsTo, mailsMatching, propose, proposalBody, wallTime } from './support.ts';

// Interviews (issue 22) through real HTTP: each party's moves, the other parties refused (404),
// the calendar invitations (UID stable, SEQUENCE growing, METHOD:CANCEL), the contract's messages.

const env = useApi();

const accept = (app: TestApp, token: string, interviewId: string, slotId: string, version: number) =>
  call(app, acceptInterview, { params: { interviewId }, body: { slotId, version } }, { token });

describe('interviews', () => {
  test('a company proposes three times; the freelancer sees them and accepts one; the candidate moves to Interview; both get an invitation', async () => {
    const app = await startLoopApp(env);
    const { company, freelancer, list, candidate } = await interviewSetting(app);
    const proposed = await propose(app, company.token, proposalBody(app, freelancer.slug, { candidateId: candidate.id }));
    expectOk(proposed);
    const interview = proposed.body.interview;
    expect(interview).toMatchObject({
      status: 'proposed',
      candidateId: candidate.id,
      companyTimeZone: NY,
      durationMinutes: 60,
      locationKind: 'link',
      counterpart: { name: expect.stringContaining('Asha'), slug: freelancer.slug },
      version: 0,
      sequence: 0,
    });
    expect(interview.slots).toHaveLength(3);
    expect(proposed.body.responseMessage).toBe(INTERVIEW_MESSAGES.proposed);
    await mailsMatching(env.mailbox, freelancer.email, /Acme Labs invites you to an interview/);
    // The dashboard's next step follows the interview: choose a time, then the booked one.
    const nextStep = async () => okBody(await call(app, getTalentStatus, {}, { token: freelancer.token })).talentStatus.next;
    expect(await nextStep()).toBe(
      'Acme Labs invited you to an interview: choose one of the proposed times under Interviews, or ask for others.',
    );

    const seen = okBody(await call(app, listFreelancerInterviews, {}, { token: freelancer.token })).interviews;
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      id: interview.id,
      status: 'proposed',
      counterpart: { name: 'Acme Labs', slug: null },
      candidateId: null,
    });
    const slot = seen[0]?.slots[1];
    if (!slot) throw new Error('no slot');

    const accepted = await accept(app, freelancer.token, interview.id, slot.id, 0);
    expectOk(accepted);
    expect(accepted.body.interview).toMatchObject({
      status: 'accepted',
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      slots: [],
      sequence: 1,
      version: 1,
    });

    const candidates = okBody(await call(app, getShortlist, { params: { shortlistId: list.id } }, { token: company.token })).candidates;
    expect(candidates[0]?.stage).toBe('interview');
    expect(await nextStep()).toMatch(/^Your interview with Acme Labs is booked/);
    expect((await eventsOf(app, freelancer.id, 'interview')).length).toBe(1);

    for (const email of [freelancer.email, company.accountEmail]) {
      const [invitation] = await invitationsTo(env.mailbox, email, 1);
      expect(invitation).toMatchObject({
        method: 'REQUEST',
        uid: `interview-${interview.id}@localhost`,
        sequence: 1,
        start: slot.startsAt,
        end: slot.endsAt,
      });
    }
    // Accepting twice is refused and changes nothing.
    expectFailure(await accept(app, freelancer.token, interview.id, slot.id, 1), 409, 'TL_CORE_15002_E');
  });

  test('reschedule and cancel keep the invitation’s UID, raise its SEQUENCE, and a cancel is METHOD:CANCEL', async () => {
    const app = await startLoopApp(env);
    const { company, freelancer } = await interviewSetting(app);
    const first = okBody(await propose(app, company.token, proposalBody(app, freelancer.slug))).interview;
    const slot0 = first.slots[0];
    if (!slot0) throw new Error('no slot');
    expectOk(await accept(app, freelancer.token, first.id, slot0.id, 0));

    const moved = await call(
      app,
      rescheduleInterview,
      {
        params: { interviewId: first.id },
        body: { timeZone: NY, times: [wallTime(app, 96)], durationMinutes: 45, location: '+1 415 555 0100', note: '', version: 1 },
      },
      { token: company.token },
    );
    expectOk(moved);
    expect(moved.body.interview).toMatchObject({ status: 'proposed', startsAt: null, locationKind: 'phone', sequence: 2, version: 2 });
    const newSlot = moved.body.interview.slots[0];
    if (!newSlot) throw new Error('no slot');
    await mailsMatching(env.mailbox, freelancer.email, /proposed new interview times/);

    expectOk(await accept(app, freelancer.token, first.id, newSlot.id, 2));
    expectOk(
      await call(
        app,
        cancelCompanyInterview,
        { params: { interviewId: first.id }, body: { reason: 'The role was filled internally.', version: 3 } },
        { token: company.token },
      ),
    );

    for (const email of [freelancer.email, company.accountEmail]) {
      const invitations = await invitationsTo(env.mailbox, email, 4);
      expect(invitations.map((i) => [i.method, i.sequence])).toEqual([
        ['REQUEST', 1],
        ['CANCEL', 2],
        ['REQUEST', 3],
        ['CANCEL', 4],
      ]);
      expect(new Set(invitations.map((i) => i.uid))).toEqual(new Set([`interview-${first.id}@localhost`]));
      expect(invitations[2]?.start).toBe(newSlot.startsAt);
      expect(invitations[3]?.status).toBe('CANCELLED');
    }
    const mail = await mailsMatching(env.mailbox, freelancer.email, /The role was filled internally/);
    expect(mail[0]?.decoded).toContain('Interview cancelled');
    const after = okBody(await call(app, getCompanyInterview, { params: { interviewId: first.id } }, { token: company.token })).interview;
    expect(after).toMatchObject({ status: 'cancelled', reason: 'The role was filled internally.', changedBy: 'company' });
  });

  test('the freelancer declines, asks for other times, and cancels or releases an accepted one; the company is told', async () => {
    const app = await startLoopApp(env);
    const { company, freelancer } = await interviewSetting(app);
    const a = okBody(await propose(app, company.token, proposalBody(app, freelancer.slug))).interview;
    const declined = await call(
      app,
      declineInterview,
      { params: { interviewId: a.id }, body: { reason: 'I took another role.', version: 0 } },
      { token: freelancer.token },
    );
    expectOk(declined);
    expect(declined.body.interview).toMatchObject({ status: 'declined', reason: 'I took another role.', changedBy: 'freelancer' });
    await mailsMatching(env.mailbox, company.accountEmail, /declined your interview/);

    const b = okBody(await propose(app, company.token, proposalBody(app, freelancer.slug))).interview;
    const asked = await call(
      app,
      requestOtherTimes,
      { params: { interviewId: b.id }, body: { reason: 'Mornings do not work for me.', version: 0 } },
      { token: freelancer.token },
    );
    expectOk(asked);
    expect(asked.body.interview.status).toBe('new_times_requested');
    await mailsMatching(env.mailbox, company.accountEmail, /asks for other interview times/);
    // The company proposes again from there, the freelancer accepts, then asks to move it.
    const again = okBody(
      await call(
        app,
        rescheduleInterview,
        {
          params: { interviewId: b.id },
          body: { timeZone: NY, times: [wallTime(app, 30)], durationMinutes: 30, location: 'https://meet.example.com/x', version: 1 },
        },
        { token: company.token },
      ),
    ).interview;
    expect(again.sequence).toBe(0);
    expectOk(await accept(app, freelancer.token, b.id, again.slots[0]?.id ?? '', 2));
    const released = await call(
      app,
      requestOtherTimes,
      { params: { interviewId: b.id }, body: { reason: 'Something came up.', version: 3 } },
      { token: freelancer.token },
    );
    expectOk(released);
    expect(released.body.interview).toMatchObject({ status: 'new_times_requested', startsAt: null, sequence: 2 });
    const cancels = (await invitationsTo(env.mailbox, company.accountEmail, 2)).map((i) => [i.method, i.sequence]);
    expect(cancels).toEqual([
      ['REQUEST', 1],
      ['CANCEL', 2],
    ]);

    // The company withdraws it (no calendar entry to cancel: a notice only).
    const withdrawn = await call(
      app,
      cancelCompanyInterview,
      { params: { interviewId: b.id }, body: { reason: 'We could not find a time.', version: 4 } },
      { token: company.token },
    );
    expectOk(withdrawn);
    expect(withdrawn.body.interview).toMatchObject({ status: 'cancelled', sequence: 2 });
    await mailsMatching(env.mailbox, freelancer.email, /We could not find a time/);

    // A proposal cannot be 'cancelled' by the freelancer (they decline it); an accepted one can.
    const c = okBody(await propose(app, company.token, proposalBody(app, freelancer.slug, { times: [wallTime(app, 120)] }))).interview;
    expectFailure(
      await call(
        app,
        cancelFreelancerInterview,
        { params: { interviewId: c.id }, body: { reason: 'No longer free.', version: 0 } },
        { token: freelancer.token },
      ),
      409,
      'TL_CORE_15002_E',
    );
    expectOk(await accept(app, freelancer.token, c.id, c.slots[0]?.id ?? '', 0));
    const cancelled = await call(
      app,
      cancelFreelancerInterview,
      { params: { interviewId: c.id }, body: { reason: 'No longer free.', version: 1 } },
      { token: freelancer.token },
    );
    expectOk(cancelled);
    expect(cancelled.body.interview).toMatchObject({ status: 'cancelled', changedBy: 'freelancer', sequence: 2 });
    // A stale version changes nothing.
    expectFailure(
      await call(
        app,
        declineInterview,
        { params: { interviewId: c.id }, body: { reason: 'Again.', version: 0 } },
        { token: freelancer.token },
      ),
      409,
      'TL_CORE_15002_E',
    );
  });

  test('only the two parties see or change an interview: another company or freelancer, or a bad id, is 404', async () => {
    const app = await startLoopApp(env);
    const { operator, company, freelancer } = await interviewSetting(app);
    const other = await verifiedCompany(app, 'Other Co');
    const otherFreelancer = await vettedFreelancer(app, operator.accessToken);
    const i = okBody(await propose(app, company.token, proposalBody(app, freelancer.slug))).interview;
    const params = { interviewId: i.id };
    expectFailure(await call(app, getCompanyInterview, { params }, { token: other.token }), 404, 'TL_CORE_15000_E');
    expectFailure(
      await call(app, cancelCompanyInterview, { params, body: { reason: 'Not mine.', version: 0 } }, { token: other.token }),
      404,
      'TL_CORE_15000_E',
    );
    expectFailure(
      await call(app, rescheduleInterview, { params, body: { ...proposalBody(app, 'x'), version: 0 } }, { token: other.token }),
      404,
      'TL_CORE_15000_E',
    );
    expectFailure(
      await call(app, recordInterviewOutcome, { params, body: { outcome: 'held', version: 0 } }, { token: other.token }),
      404,
      'TL_CORE_15000_E',
    );
    expect(okBody(await call(app, listCompanyInterviews, { query: {} }, { token: other.token })).interviews).toEqual([]);
    expectFailure(await accept(app, otherFreelancer.token, i.id, i.slots[0]?.id ?? '', 0), 404, 'TL_CORE_15000_E');
    expectFailure(
      await call(app, declineInterview, { params, body: { reason: 'Not mine.', version: 0 } }, { token: otherFreelancer.token }),
      404,
      'TL_CORE_15000_E',
    );
    expect(okBody(await call(app, listFreelancerInterviews, {}, { token: otherFreelancer.token })).interviews).toEqual([]);
    expectFailure(
      await call(app, getCompanyInterview, { params: { interviewId: 'not-a-uuid' } }, { token: company.token }),
      404,
      'TL_CORE_15000_E',
    );
    expectFailure(await accept(app, freelancer.token, 'not-a-uuid', 'nope', 0), 404, 'TL_CORE_15000_E');
    expectFailure(await accept(app, freelancer.token, i.id, 'not-a-uuid', 0), 404, 'TL_CORE_15003_E');
    // The roles: a freelancer cannot call the company's endpoints, nor the reverse.
    expectFailure(await call(app, listCompanyInterviews, { query: {} }, { token: freelancer.token }), 403, 'TL_CORE_00403_E');
    expectFailure(await call(app, listFreelancerInterviews, {}, { token: company.token }), 403, 'TL_CORE_00403_E');
    // Untouched.
    expect(okBody(await call(app, getCompanyInterview, { params }, { token: company.token })).interview.version).toBe(0);
  });

  test('ids in the bodies are typed at the edge: a malformed candidate or time is the endpoint’s own 404, as another party’s is; either case of a real one is taken', async () => {
    const app = await startLoopApp(env);
    const { company, freelancer, candidate } = await interviewSetting(app);
    const other = await interviewSetting(app, { companyName: 'Other Co' });
    const malformed = ['not-a-uuid', '', '123', candidate.id.replaceAll('-', ''), `${candidate.id} `, `${candidate.id}0`, "1' OR '1'='1"];
    // candidateId (propose): malformed, or another company's candidate: 13017, and nothing is proposed.
    for (const [candidateId, label] of [
      ...malformed.map((id) => [id, `malformed ${JSON.stringify(id)}`]),
      [other.candidate.id, 'another company’s candidate'],
    ] as const) {
      expectFailure(await propose(app, company.token, proposalBody(app, freelancer.slug, { candidateId })), 404, 'TL_CORE_13017_E', label);
    }
    expect(okBody(await call(app, listCompanyInterviews, { query: {} }, { token: company.token })).interviews).toEqual([]);
    const proposed = await propose(app, company.token, proposalBody(app, freelancer.slug, { candidateId: candidate.id.toUpperCase() }));
    expectOk(proposed);
    const interview = proposed.body.interview;
    expect(interview.candidateId).toBe(candidate.id);

    // slotId (accept): malformed, or a time of another interview: 15003, and the interview is unchanged.
    const theirs = okBody(
      await propose(app, other.company.token, proposalBody(app, other.freelancer.slug, { candidateId: other.candidate.id })),
    ).interview;
    const slot = interview.slots[0]?.id ?? '';
    for (const [slotId, label] of [
      ...malformed.map((id) => [id.replace(candidate.id, slot), `malformed ${JSON.stringify(id)}`]),
      [theirs.slots[0]?.id ?? '', 'a time of another interview'],
    ] as const) {
      expectFailure(await accept(app, freelancer.token, interview.id, slotId, 0), 404, 'TL_CORE_15003_E', label);
    }
    // Refused at the edge, before the interview is read: a stale version does not come first (409).
    expectFailure(await accept(app, freelancer.token, interview.id, 'not-a-uuid', 7), 404, 'TL_CORE_15003_E', 'malformed, stale version');
    const missing = await call(
      app,
      acceptInterview,
      { params: { interviewId: interview.id }, body: { version: 0 } as never },
      { token: freelancer.token },
    );
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      responseCode: 'TL_CORE_00400_E',
      responseMessage: expect.stringContaining('Choose one of the proposed times.'),
    });
    expect(
      okBody(await call(app, getCompanyInterview, { params: { interviewId: interview.id } }, { token: company.token })).interview,
    ).toMatchObject({
      status: 'proposed',
      version: 0,
    });
    const accepted = okBody(await accept(app, freelancer.token, interview.id, slot.toUpperCase(), 0)).interview;
    expect(accepted).toMatchObject({ status: 'accepted', version: 1 });
  });

  test('bad times and places are refused with the contract’s messages and change nothing; an unverified company and a decided candidacy are refused', async () => {
    const app = await startLoopApp(env);
    const { company, freelancer } = await interviewSetting(app);
    const bad = async (over: Parameters<typeof proposalBody>[2], code: string, message: string) => {
      const res = await propose(app, company.token, proposalBody(app, freelancer.slug, over));
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ responseCode: code, responseMessage: expect.stringContaining(message) });
    };
    await bad({ times: [wallTime(app, -3)] }, 'TL_CORE_15001_E', INTERVIEW_MESSAGES.past);
    await bad({ times: [wallTime(app, 0.25)] }, 'TL_CORE_15001_E', INTERVIEW_MESSAGES.tooSoon);
    await bad({ times: [wallTime(app, 24 * 61)] }, 'TL_CORE_15001_E', INTERVIEW_MESSAGES.tooFar);
    const onGrid = wallTime(app, 48);
    await bad({ times: [{ date: onGrid.date, time: `${onGrid.time.slice(0, 3)}10` }] }, 'TL_CORE_00400_E', INTERVIEW_MESSAGES.offGrid);
    await bad({ times: [onGrid, onGrid] }, 'TL_CORE_00400_E', INTERVIEW_MESSAGES.duplicate);
    await bad({ times: [wallTime(app, 48), wallTime(app, 48.5)] }, 'TL_CORE_00400_E', INTERVIEW_MESSAGES.overlapping);
    await bad(
      { times: [wallTime(app, 30), wallTime(app, 40), wallTime(app, 50), wallTime(app, 60)] },
      'TL_CORE_00400_E',
      INTERVIEW_MESSAGES.tooMany,
    );
    await bad({ location: 'http://meet.example.com/abc' }, 'TL_CORE_00400_E', INTERVIEW_MESSAGES.linkNotHttps);
    await bad({ location: 'javascript:alert(1)' }, 'TL_CORE_00400_E', INTERVIEW_MESSAGES.linkNotHttps);
    await bad({ location: '12' }, 'TL_CORE_00400_E', INTERVIEW_MESSAGES.phoneInvalid);
    await bad({ durationMinutes: 20 }, 'TL_CORE_00400_E', INTERVIEW_MESSAGES.durationRequired);
    await bad({ timeZone: 'Mars/Olympus' }, 'TL_CORE_00400_E', INTERVIEW_MESSAGES.timeZoneInvalid);
    await bad({ note: 'x'.repeat(1_001) }, 'TL_CORE_00400_E', INTERVIEW_MESSAGES.noteTooLong);
    await bad({ note: 'hidden \u202E text' }, 'TL_CORE_00400_E', 'not allowed');
    expect(okBody(await call(app, listCompanyInterviews, { query: {} }, { token: company.token })).interviews).toEqual([]);

    // A company not verified yet cannot propose.
    const unverified = await readyCompany(app, { name: 'Fresh Co' });
    expectFailure(await propose(app, unverified.api.token, proposalBody(app, freelancer.slug)), 403, 'TL_CORE_13010_E');
    // Someone who is not in the talent pool cannot be invited by slug.
    expectFailure(await propose(app, company.token, proposalBody(app, 'no-such-person')), 404, 'TL_CORE_13014_E');
    // A candidate of another company's list is not found.
    const other = await interviewSetting(app, { companyName: 'Other Co' });
    expectFailure(
      await propose(app, company.token, proposalBody(app, other.freelancer.slug, { candidateId: other.candidate.id })),
      404,
      'TL_CORE_13017_E',
    );
    // A decided candidacy (Selected) is not interviewed again from its card: an accepted time would
    // move it back to Interview. Moved back to Shortlisted, it can be.
    const decided = await interviewSetting(app, { companyName: 'Decided Co' });
    const moveTo = (stage: 'selected' | 'shortlisted', version: number) =>
      call(
        app,
        updateCandidate,
        { params: { shortlistId: decided.list.id, candidateId: decided.candidate.id }, body: { stage, note: '', version } },
        { token: decided.company.token },
      );
    const selected = okBody(await moveTo('selected', decided.candidate.version)).candidate;
    const proposal = proposalBody(app, decided.freelancer.slug, { candidateId: decided.candidate.id });
    expectFailure(await propose(app, decided.company.token, proposal), 409, 'TL_CORE_15009_E');
    expect(okBody(await call(app, listCompanyInterviews, { query: {} }, { token: decided.company.token })).interviews).toEqual([]);
    // From the profile (no candidate id) too, while every candidacy is decided.
    expectFailure(await propose(app, decided.company.token, proposalBody(app, decided.freelancer.slug)), 409, 'TL_CORE_15009_E');
    expectOk(await moveTo('shortlisted', selected.version));
    expectOk(await propose(app, decided.company.token, proposal));
  });

  test('held or no-show only after the accepted end; a demo freelancer is never mailed', async () => {
    const app = await startLoopApp(env);
    const { operator, company, freelancer } = await interviewSetting(app);
    const i = okBody(
      await propose(app, company.token, proposalBody(app, freelancer.slug, { times: [wallTime(app, 2)], durationMinutes: 30 })),
    ).interview;
    expectOk(await accept(app, freelancer.token, i.id, i.slots[0]?.id ?? '', 0));
    let token = company.token;
    const outcome = (version: number, value: 'held' | 'no_show' = 'held') =>
      call(app, recordInterviewOutcome, { params: { interviewId: i.id }, body: { outcome: value, version } }, { token });
    expectFailure(await outcome(1), 409, 'TL_CORE_15006_E');
    app.clock.advance(3 * HOUR);
    token = (await app.signIn(company.accountEmail)).accessToken;
    const held = await outcome(1, 'no_show');
    expectOk(held);
    expect(held.body.interview.status).toBe('no_show');
    expectFailure(await outcome(2), 409, 'TL_CORE_15002_E');

    const demo = await vettedFreelancer(app, (await app.signIn(operator.email)).accessToken);
    await markDemo(app, demo.id);
    expectOk(await propose(app, token, proposalBody(app, demo.slug)));
    expect((await queuedSubjects(app, demo.email)).filter((s) => /interview/i.test(s))).toEqual([]);
  });

  test('one invitation is one mail: proposing mails the freelancer once, accepting once to each side (no stage mail besides)', async () => {
    const app = await startLoopApp(env);
    const { company, freelancer, candidate } = await interviewSetting(app);
    const before = await queuedSubjects(app, freelancer.email);
    const interview = okBody(
      await propose(app, company.token, proposalBody(app, freelancer.slug, { candidateId: candidate.id })),
    ).interview;
    const proposed = (await queuedSubjects(app, freelancer.email)).slice(before.length);
    expect(proposed).toEqual(['Acme Labs invites you to an interview']);

    const slot = okBody(await call(app, listFreelancerInterviews, {}, { token: freelancer.token })).interviews[0]?.slots[0];
    if (!slot) throw new Error('no slot');
    expectOk(await accept(app, freelancer.token, interview.id, slot.id, 0));
    const accepted = (await queuedSubjects(app, freelancer.email)).slice(before.length + proposed.length);
    expect(accepted).toEqual(['Your interview with Acme Labs is confirmed']);
    expect((await queuedSubjects(app, company.accountEmail)).filter((s) => /interview/i.test(s))).toHaveLength(1);
  });

  test('lists put the interviews still ahead first: an accepted one that ended comes after a new proposal, on both sides', async () => {
    const app = await startLoopApp(env);
    const { company, freelancer } = await interviewSetting(app);
    const first = okBody(await propose(app, company.token, proposalBody(app, freelancer.slug, { times: [wallTime(app, 24)] }))).interview;
    const slot = first.slots[0];
    if (!slot) throw new Error('no slot');
    expectOk(await accept(app, freelancer.token, first.id, slot.id, 0));
    app.clock.advance(26 * HOUR);
    const token = (await app.signIn(company.accountEmail)).accessToken;
    const freelancerToken = (await app.signIn(freelancer.email)).accessToken;
    // A second company proposes after the first interview ended (the first company's is still 'accepted').
    const other = await interviewSetting(app, { companyName: 'Later Labs' });
    const second = okBody(await propose(app, other.company.token, proposalBody(app, freelancer.slug))).interview;
    const listed = okBody(await call(app, listFreelancerInterviews, {}, { token: freelancerToken })).interviews;
    expect(listed.map((i) => [i.id, i.status])).toEqual([
      [second.id, 'proposed'],
      [first.id, 'accepted'],
    ]);
    const again = okBody(await propose(app, token, proposalBody(app, other.freelancer.slug))).interview;
    const companyList = okBody(await call(app, listCompanyInterviews, { query: {} }, { token })).interviews;
    expect(companyList.map((i) => i.id)).toEqual([again.id, first.id]);
  });

  test('a freelancer in Berlin reads a New York proposal in Berlin time with the zone’s name', async () => {
    const app = await startLoopApp(env);
    const { company, freelancer } = await interviewSetting(app);
    expectOk(await call(app, saveFreelancerTimeZone, { body: { timeZone: BERLIN } }, { token: freelancer.token }));
    const i = okBody(await propose(app, company.token, proposalBody(app, freelancer.slug, { times: [wallTime(app, 48, NY)] }))).interview;
    expect(i.freelancerTimeZone).toBe(BERLIN);
    const [mail] = await mailsMatching(env.mailbox, freelancer.email, /invites you to an interview/);
    expect(mail?.decoded).toContain('Europe/Berlin (GMT+');
  });

  test('a legacy zone name (a browser’s Asia/Calcutta) is saved and answered as its canonical name', async () => {
    const app = await startLoopApp(env);
    const { company, freelancer } = await interviewSetting(app);
    const saved = okBody(await call(app, saveFreelancerTimeZone, { body: { timeZone: 'Asia/Calcutta' } }, { token: freelancer.token }));
    expect(saved.timeZone).toBe('Asia/Kolkata');
    expect(okBody(await call(app, getFreelancerTimeZone, undefined, { token: freelancer.token })).timeZone).toBe('Asia/Kolkata');
    const i = okBody(
      await propose(
        app,
        company.token,
        proposalBody(app, freelancer.slug, { timeZone: 'Asia/Calcutta', times: [wallTime(app, 48, 'Asia/Kolkata')] }),
      ),
    ).interview;
    expect(i.companyTimeZone).toBe('Asia/Kolkata');
    expect(i.freelancerTimeZone).toBe('Asia/Kolkata');
  });
});
