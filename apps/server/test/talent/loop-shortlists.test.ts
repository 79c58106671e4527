import crypto from 'node:crypto';
import {
  addCandidate,
  createShortlist,
  deleteShortlist,
  getShortlist,
  listShortlists,
  removeCandidate,
  renameShortlist,
  updateCandidate,
} from '@talentloop/contract/api/shortlists';
import { MAIL_CAPS } from '@talentloop/contract/mail-caps';
import { getTalentStatus, saveFreelancerNotifications } from '@talentloop/contract/api/talent-pool';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { shortlistCandidates } from '../../src/infra/db/schema.ts';
import { mailWithSubject, readyCompany } from '../company/documents-support.ts';
import { type TestApp, call, expectFailure, expectOk, okBody, useApi } from '../helpers.ts';
import {
  type Freelancer,
  createOperator,
  eventsOf,
  markDemo,
  queuedSubjects,
  reviewedFreelancer,
  startLoopApp,
  verifiedCompany,
  vettedFreelancer,
} from './loop-support.ts';

// Shortlists (issue 20): a verified company's named lists and each candidate's stage. Every stage
// change (and the add) is an event on the freelancer's timeline and, per the freelancer's choice,
// a mail; a company never reaches another company's lists; stale saves change nothing.

const env = useApi();

type Vetted = Freelancer & { slug: string };

/** A verified company with one list, and a vetted freelancer. */
async function setting(app: TestApp, opts: { companyName?: string; listName?: string } = {}) {
  const operator = await createOperator(app);
  const company = await verifiedCompany(app, opts.companyName ?? 'Acme Labs');
  const f: Vetted = await vettedFreelancer(app, operator.accessToken);
  const list = okBody(
    await call(app, createShortlist, { body: { name: opts.listName ?? 'Senior Designer' } }, { token: company.token }),
  ).shortlist;
  return { operator, company, f, list };
}

const add = (app: TestApp, token: string, shortlistId: string, slug: string) =>
  call(app, addCandidate, { params: { shortlistId }, body: { slug } }, { token });

const move = (
  app: TestApp,
  token: string,
  shortlistId: string,
  candidateId: string,
  body: { stage: 'shortlisted' | 'interview' | 'selected' | 'not_selected'; reason?: string | null; note?: string; version: number },
) => call(app, updateCandidate, { params: { shortlistId, candidateId }, body }, { token });

const timelineOf = async (app: TestApp, token: string) => okBody(await call(app, getTalentStatus, {}, { token })).talentStatus;

describe('shortlists', () => {
  test('each move is an event on the freelancer’s timeline and a mail to them; the freelancer never sees the notes', async () => {
    const app = await startLoopApp(env);
    const { company, f, list } = await setting(app);
    const added = await add(app, company.token, list.id, f.slug);
    expectOk(added);
    expect(added.body.candidate).toMatchObject({
      slug: f.slug,
      firstName: 'Asha',
      stage: 'shortlisted',
      note: '',
      version: 0,
      reason: null,
    });
    const candidateId = added.body.candidate.id;
    expect(await mailWithSubject(app, f.email, 'Acme Labs shortlisted you for Senior Designer')).toContain('Senior Designer');

    const secret = 'Strong portfolio, ask about rates';
    const interview = await move(app, company.token, list.id, candidateId, { stage: 'interview', note: secret, version: 0 });
    expectOk(interview);
    expect(interview.body.candidate).toMatchObject({ stage: 'interview', note: secret, version: 1 });
    expect(await mailWithSubject(app, f.email, 'Acme Labs wants to interview you for Senior Designer')).not.toContain(secret);
    expectOk(await move(app, company.token, list.id, candidateId, { stage: 'selected', note: secret, version: 1 }));
    expect(await mailWithSubject(app, f.email, 'Acme Labs selected you for Senior Designer')).toContain('selected you');
    const reason = 'We hired someone closer to our time zone.';
    expectOk(await move(app, company.token, list.id, candidateId, { stage: 'not_selected', reason, note: secret, version: 2 }));
    expect(await mailWithSubject(app, f.email, 'An update from Acme Labs on Senior Designer')).toContain(reason);

    const events = await eventsOf(app, f.id);
    expect(events.filter((e) => e.candidateId === candidateId).map((e) => [e.kind, e.companyName, e.role, e.reason])).toEqual([
      ['shortlisted', 'Acme Labs', 'Senior Designer', null],
      ['interview', 'Acme Labs', 'Senior Designer', null],
      ['selected', 'Acme Labs', 'Senior Designer', null],
      ['not_selected', 'Acme Labs', 'Senior Designer', reason],
    ]);
    const status = await timelineOf(app, f.token);
    expect(status.timeline.map((e) => e.kind)).toEqual(['not_selected', 'selected', 'interview', 'shortlisted', 'vetted', 'submitted']);
    expect(status.timeline[3]).toMatchObject({ companyName: 'Acme Labs', role: 'Senior Designer' });
    expect(status.timeline[0]?.reason).toBe(reason);
    expect(JSON.stringify(status)).not.toContain(secret);
    const view = okBody(await call(app, getShortlist, { params: { shortlistId: list.id } }, { token: company.token }));
    expect(view.shortlist.counts).toEqual({ shortlisted: 0, interview: 0, selected: 0, not_selected: 1 });
    expect(view.candidates).toEqual([
      expect.objectContaining({ id: candidateId, stage: 'not_selected', reason, note: secret, version: 3 }),
    ]);
  });

  test('the freelancer’s timeline reads Shortlisted by the company, and next says so', async () => {
    const app = await startLoopApp(env);
    const { company, f, list } = await setting(app, { companyName: 'Globex', listName: 'Data Engineer' });
    expectOk(await add(app, company.token, list.id, f.slug));
    const status = await timelineOf(app, f.token);
    expect(status.timeline[0]).toMatchObject({ kind: 'shortlisted', companyName: 'Globex', role: 'Data Engineer', reason: null });
    expect(status.next).toMatch(/^Globex shortlisted you/);
  });

  test('a note-only save makes no event and no mail; a stale save is 409 and changes nothing', async () => {
    const app = await startLoopApp(env);
    const { company, f, list } = await setting(app);
    const candidate = okBody(await add(app, company.token, list.id, f.slug)).candidate;
    const noted = await move(app, company.token, list.id, candidate.id, { stage: 'shortlisted', note: 'Call on Monday', version: 0 });
    expectOk(noted);
    expect(noted.body.candidate).toMatchObject({ note: 'Call on Monday', version: 1, stage: 'shortlisted' });
    expect((await eventsOf(app, f.id)).filter((e) => e.candidateId)).toHaveLength(1);
    expect((await queuedSubjects(app, f.email)).filter((s) => s.includes('Acme Labs'))).toHaveLength(1);

    // A second tab still at version 0.
    expectFailure(
      await move(app, company.token, list.id, candidate.id, { stage: 'interview', note: 'old tab', version: 0 }),
      409,
      'TL_CORE_10110_E',
    );
    expectFailure(
      await call(
        app,
        removeCandidate,
        { params: { shortlistId: list.id, candidateId: candidate.id }, body: { version: 0 } },
        { token: company.token },
      ),
      409,
      'TL_CORE_10110_E',
    );
    expectFailure(
      await call(
        app,
        renameShortlist,
        { params: { shortlistId: list.id }, body: { name: 'Renamed', version: 5 } },
        { token: company.token },
      ),
      409,
      'TL_CORE_10110_E',
    );
    expectFailure(
      await call(app, deleteShortlist, { params: { shortlistId: list.id }, body: { version: 5 } }, { token: company.token }),
      409,
      'TL_CORE_10110_E',
    );
    const view = okBody(await call(app, getShortlist, { params: { shortlistId: list.id } }, { token: company.token }));
    expect(view.shortlist).toMatchObject({ name: 'Senior Designer', version: 0 });
    expect(view.candidates).toEqual([expect.objectContaining({ stage: 'shortlisted', note: 'Call on Monday', version: 1 })]);
    expect((await eventsOf(app, f.id)).filter((e) => e.candidateId)).toHaveLength(1);

    const renamed = await call(
      app,
      renameShortlist,
      { params: { shortlistId: list.id }, body: { name: 'Lead Designer', version: 0 } },
      { token: company.token },
    );
    expectOk(renamed);
    expect(renamed.body.shortlist).toMatchObject({ name: 'Lead Designer', version: 1, counts: { shortlisted: 1 } });
  });

  test('a control or bidi character in a list name, a reason, a note or a slug is a clear 400 and changes nothing', async () => {
    const app = await startLoopApp(env);
    const { company, f, list } = await setting(app);
    const candidate = okBody(await add(app, company.token, list.id, f.slug)).candidate;
    const unsafe = (res: Parameters<typeof expectFailure>[0]) => {
      expectFailure(res, 400, 'TL_CORE_00400_E');
      expect(JSON.stringify(res.body)).toContain('Contains characters that are not allowed');
    };
    unsafe(await call(app, createShortlist, { body: { name: 'Lead\u0007Designer' } }, { token: company.token }));
    unsafe(
      await call(
        app,
        renameShortlist,
        { params: { shortlistId: list.id }, body: { name: 'Lead\u202eDesigner', version: 0 } },
        { token: company.token },
      ),
    );
    unsafe(await move(app, company.token, list.id, candidate.id, { stage: 'shortlisted', note: 'Call\u0007Monday', version: 0 }));
    unsafe(await move(app, company.token, list.id, candidate.id, { stage: 'not_selected', reason: 'Too\u202elate', version: 0 }));
    unsafe(await add(app, company.token, list.id, `${f.slug}\u202e`));
    const view = okBody(await call(app, getShortlist, { params: { shortlistId: list.id } }, { token: company.token }));
    expect(view.shortlist).toMatchObject({ name: 'Senior Designer', version: 0 });
    expect(view.candidates).toEqual([expect.objectContaining({ stage: 'shortlisted', note: '', version: 0 })]);
    expect(okBody(await call(app, listShortlists, {}, { token: company.token })).shortlists).toHaveLength(1);
  });

  test('moves respect the freelancer’s shortlist mail choice, and demo freelancers are never mailed', async () => {
    const app = await startLoopApp(env);
    const { operator, company, f, list } = await setting(app);
    expectOk(
      await call(
        app,
        saveFreelancerNotifications,
        { body: { mail: { vetting: true, shortlist: false, news: false } } },
        { token: f.token },
      ),
    );
    const demo = await vettedFreelancer(app, operator.accessToken);
    await markDemo(app, demo.id);
    for (const who of [f, demo]) {
      const c = okBody(await add(app, company.token, list.id, who.slug)).candidate;
      expectOk(await move(app, company.token, list.id, c.id, { stage: 'interview', version: 0 }));
      expect((await eventsOf(app, who.id)).map((e) => e.kind)).toEqual(['submitted', 'vetted', 'shortlisted', 'interview']);
      expect((await queuedSubjects(app, who.email)).filter((s) => s.includes('Acme Labs'))).toEqual([]);
    }
  });

  test('an unverified company can read its lists but not create one; nor may freelancers use shortlists', async () => {
    const app = await startLoopApp(env);
    const unverified = await readyCompany(app, { verify: false });
    const token = unverified.api.token;
    expect(okBody(await call(app, listShortlists, {}, { token })).shortlists).toEqual([]);
    expectFailure(await call(app, createShortlist, { body: { name: 'Designer' } }, { token }), 403, 'TL_CORE_13010_E');
    const f = await reviewedFreelancer(app);
    expectFailure(await call(app, listShortlists, {}, { token: f.token }), 403, 'TL_CORE_00403_E');
    expectFailure(await call(app, createShortlist, { body: { name: 'Designer' } }, { token: f.token }), 403, 'TL_CORE_00403_E');
  });

  test('another company’s list and candidate ids, and ids that are not UUIDs, are 404 and change nothing', async () => {
    const app = await startLoopApp(env);
    const { company, f, list } = await setting(app);
    const candidate = okBody(await add(app, company.token, list.id, f.slug)).candidate;
    const other = await verifiedCompany(app, 'Initech');
    const theirs = okBody(await call(app, createShortlist, { body: { name: 'Backend' } }, { token: other.token })).shortlist;
    const t = other.token;
    expectFailure(await call(app, getShortlist, { params: { shortlistId: list.id } }, { token: t }), 404, 'TL_CORE_13013_E');
    expectFailure(
      await call(app, renameShortlist, { params: { shortlistId: list.id }, body: { name: 'Mine', version: 0 } }, { token: t }),
      404,
      'TL_CORE_13013_E',
    );
    expectFailure(
      await call(app, deleteShortlist, { params: { shortlistId: list.id }, body: { version: 0 } }, { token: t }),
      404,
      'TL_CORE_13013_E',
    );
    expectFailure(await add(app, t, list.id, f.slug), 404, 'TL_CORE_13013_E');
    expectFailure(await move(app, t, list.id, candidate.id, { stage: 'selected', version: 0 }), 404, 'TL_CORE_13013_E');
    // Their own list with our candidate's id: no such candidate on it.
    expectFailure(await move(app, t, theirs.id, candidate.id, { stage: 'selected', version: 0 }), 404, 'TL_CORE_13017_E');
    expectFailure(
      await call(
        app,
        removeCandidate,
        { params: { shortlistId: theirs.id, candidateId: candidate.id }, body: { version: 0 } },
        { token: t },
      ),
      404,
      'TL_CORE_13017_E',
    );
    expectFailure(
      await call(app, getShortlist, { params: { shortlistId: 'not-a-uuid' } }, { token: company.token }),
      404,
      'TL_CORE_13013_E',
    );
    expectFailure(await move(app, company.token, list.id, 'nope', { stage: 'selected', version: 0 }), 404, 'TL_CORE_13017_E');
    expectFailure(await move(app, company.token, list.id, crypto.randomUUID(), { stage: 'selected', version: 0 }), 404, 'TL_CORE_13017_E');
    const [row] = await app.db.select().from(shortlistCandidates).where(eq(shortlistCandidates.id, candidate.id));
    expect(row).toMatchObject({ stage: 'shortlisted', version: 0 });
  });

  test('adding: only freelancers in the talent search, once per list; list names are unique per company', async () => {
    const app = await startLoopApp(env);
    const { company, f, list } = await setting(app);
    const inReview = await reviewedFreelancer(app);
    const privacy = await app.get('/api/freelancer-settings/privacy', { headers: { authorization: `Bearer ${inReview.token}` } });
    expectFailure(await add(app, company.token, list.id, privacy.body.slug), 404, 'TL_CORE_13014_E');
    expectFailure(await add(app, company.token, list.id, 'no-such-talent'), 404, 'TL_CORE_13014_E');
    expectOk(await add(app, company.token, list.id, f.slug));
    expectFailure(await add(app, company.token, list.id, f.slug), 409, 'TL_CORE_13015_E');
    expectFailure(
      await call(app, createShortlist, { body: { name: '  senior designer ' } }, { token: company.token }),
      409,
      'TL_CORE_13011_E',
    );
    expectFailure(
      await move(app, company.token, list.id, crypto.randomUUID(), { stage: 'not_selected', version: 0 }),
      400,
      'TL_CORE_00400_E',
    );
    expect((await eventsOf(app, f.id)).filter((e) => e.kind === 'shortlisted')).toHaveLength(1);
  });

  test('removing without a reason ends silently; with one the freelancer sees Not selected and the reason; deleting a list ends its candidates silently', async () => {
    const app = await startLoopApp(env);
    const { operator, company, f, list } = await setting(app);
    const g = await vettedFreelancer(app, operator.accessToken);
    const h = await vettedFreelancer(app, operator.accessToken);
    const cf = okBody(await add(app, company.token, list.id, f.slug)).candidate;
    const cg = okBody(await add(app, company.token, list.id, g.slug)).candidate;
    const remove = (candidateId: string, body: { reason?: string; version: number }) =>
      call(app, removeCandidate, { params: { shortlistId: list.id, candidateId }, body }, { token: company.token });

    expectOk(await remove(cf.id, { version: 0 }));
    expect((await eventsOf(app, f.id)).map((e) => e.kind)).toEqual(['submitted', 'vetted', 'shortlisted', 'removed']);
    expect((await timelineOf(app, f.token)).timeline.map((e) => e.kind)).toEqual(['shortlisted', 'vetted', 'submitted']);
    expect((await queuedSubjects(app, f.email)).filter((s) => s.includes('Acme Labs'))).toEqual([
      'Acme Labs shortlisted you for Senior Designer',
    ]);

    const reason = 'The role was filled internally.';
    expectOk(await remove(cg.id, { reason, version: 0 }));
    expect((await timelineOf(app, g.token)).timeline[0]).toMatchObject({ kind: 'not_selected', reason, companyName: 'Acme Labs' });
    expect(await mailWithSubject(app, g.email, 'An update from Acme Labs on Senior Designer')).toContain(reason);
    expect(okBody(await call(app, getShortlist, { params: { shortlistId: list.id } }, { token: company.token })).candidates).toEqual([]);

    const ch = okBody(await add(app, company.token, list.id, h.slug)).candidate;
    expectOk(await call(app, deleteShortlist, { params: { shortlistId: list.id }, body: { version: 0 } }, { token: company.token }));
    expect((await eventsOf(app, h.id)).map((e) => [e.kind, e.candidateId])).toEqual([
      ['submitted', null],
      ['vetted', null],
      ['shortlisted', ch.id],
      ['removed', ch.id],
    ]);
    expect((await queuedSubjects(app, h.email)).filter((s) => s.includes('Acme Labs'))).toEqual([
      'Acme Labs shortlisted you for Senior Designer',
    ]);
    expect(okBody(await call(app, listShortlists, {}, { token: company.token })).shortlists).toEqual([]);
  });

  test('past the per-recipient cap a move still succeeds and is on the timeline, but is not mailed', async () => {
    const app = await startLoopApp(env);
    const { company, f, list } = await setting(app);
    const cap = MAIL_CAPS.shortlistUpdate.perRecipientPerHour;
    const c = okBody(await add(app, company.token, list.id, f.slug)).candidate;
    const stages = ['interview', 'shortlisted'] as const;
    for (let version = 0; version < cap + 2; version++) {
      expectOk(await move(app, company.token, list.id, c.id, { stage: stages[version % 2] ?? 'interview', version }));
    }
    expect((await eventsOf(app, f.id)).filter((e) => e.candidateId === c.id)).toHaveLength(cap + 3);
    expect((await queuedSubjects(app, f.email)).filter((s) => s.includes('Acme Labs'))).toHaveLength(cap);
  });
});
