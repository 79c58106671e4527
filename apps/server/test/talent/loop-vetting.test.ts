import crypto from 'node:crypto';
import {
  VETTING_RETRY_DAYS,
  decideVetting,
  getFreelancerNotifications,
  getTalentStatus,
  listVettingQueue,
  saveFreelancerNotifications,
  sendForReview,
} from '@talentloop/contract/api/talent-pool';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { companies, freelancerProfiles, profileViews, talentSearch, users } from '../../src/infra/db/schema.ts';
import { mailWithSubject } from '../company/documents-support.ts';
import { DAY, call, expectFailure, expectOk, invalid, okBody, useApi } from '../helpers.ts';
import { jpegWithExif } from '../onboarding/support.ts';
import { editor, preference, uploadPhoto } from '../profile/support.ts';
import { createOperator, eventsOf, markDemo, queuedSubjects, reviewedFreelancer, startLoopApp, verifiedCompany } from './loop-support.ts';

// Vetting owned by the server (issue 20): finishing onboarding puts the profile in review; an
// operator approves, requests changes or declines (one conditional write each, an event each);
// the freelancer sends for review again under the rules; the status endpoint shows the timeline.

const env = useApi();

const decide = (
  app: Parameters<typeof call>[0],
  token: string,
  freelancerId: string,
  body: Parameters<typeof call<typeof decideVetting>>[2]['body'],
) => call(app, decideVetting, { params: { freelancerId }, body }, { token });

const statusOf = async (app: Parameters<typeof call>[0], token: string) =>
  okBody(await call(app, getTalentStatus, {}, { token })).talentStatus;

describe('vetting', () => {
  test('finishing onboarding puts the profile in review with one submitted event; a later preferences save changes nothing', async () => {
    const app = await startLoopApp(env);
    const f = await reviewedFreelancer(app);
    const status = await statusOf(app, f.token);
    expect(status).toMatchObject({ vettingStatus: 'in_review', canRequestReviewAt: null, profileViews30d: 0 });
    expect(status.timeline.map((e) => e.kind)).toEqual(['submitted']);
    expect(status.next).toMatch(/reviewing your profile/);
    // The editor's Work Preferences save (same endpoint as the wizard's last step) does not resubmit.
    const again = await app.post('/api/freelancer/work-preference', preference, { headers: { authorization: `Bearer ${f.token}` } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await eventsOf(app, f.id)).map((e) => [e.kind, e.actorId])).toEqual([['submitted', f.id]]);
  });

  test('operators see profiles in review oldest first, each as companies see it, with the email; decided ones leave', async () => {
    const app = await startLoopApp(env);
    const first = await reviewedFreelancer(app);
    const second = await reviewedFreelancer(app);
    const operator = await createOperator(app);
    const queue = okBody(await call(app, listVettingQueue, {}, { token: operator.accessToken })).queue;
    const ours = queue.filter((q) => [first.id, second.id].includes(q.freelancerId));
    expect(ours.map((q) => q.freelancerId)).toEqual([first.id, second.id]);
    expect(ours[0]).toMatchObject({
      email: first.email,
      profile: {
        firstName: 'Asha',
        lastName: 'Rao',
        occupation: 'Web Developer',
        skills: [{ skillName: 'React' }, { skillName: 'TypeScript' }],
      },
    });
    expect(Date.parse(ours[0]?.submittedAt ?? '')).toBeLessThanOrEqual(Date.parse(ours[1]?.submittedAt ?? ''));
    expectOk(await decide(app, operator.accessToken, first.id, { outcome: 'approve' }));
    const after = okBody(await call(app, listVettingQueue, {}, { token: operator.accessToken })).queue.map((q) => q.freelancerId);
    expect(after).not.toContain(first.id);
    expect(after).toContain(second.id);
  });

  test('freelancers and clients get 403 on the operator endpoints, and the profile stays in review', async () => {
    const app = await startLoopApp(env);
    const f = await reviewedFreelancer(app);
    const client = await verifiedCompany(app);
    for (const token of [f.token, client.token]) {
      expectFailure(await call(app, listVettingQueue, {}, { token }), 403, 'TL_CORE_00403_E');
      expectFailure(await decide(app, token, f.id, { outcome: 'approve' }), 403, 'TL_CORE_00403_E');
    }
    expectFailure(await call(app, listVettingQueue, {}), 401, 'TL_CORE_00401_E');
    // Operators get 403 on nothing of theirs, clients on the freelancer's own endpoints.
    expectFailure(await call(app, getTalentStatus, {}, { token: client.token }), 403, 'TL_CORE_00403_E');
    expectFailure(await call(app, sendForReview, {}, { token: client.token }), 403, 'TL_CORE_00403_E');
    expect((await statusOf(app, f.token)).vettingStatus).toBe('in_review');
  });

  test('approve: vetted, in the talent search, an event by the operator and a mail; a second decision is 409', async () => {
    const app = await startLoopApp(env);
    const f = await reviewedFreelancer(app);
    const operator = await createOperator(app);
    const res = await decide(app, operator.accessToken, f.id, { outcome: 'approve' });
    expectOk(res);
    expect(res.body).toEqual({ status: 'success', responseMessage: 'Profile approved', vettingStatus: 'vetted' });
    expect(await app.db.select({ id: talentSearch.userId }).from(talentSearch).where(eq(talentSearch.userId, f.id))).toHaveLength(1);
    const operatorRow = await app.db.select({ id: users.id }).from(users).where(eq(users.email, operator.email));
    expect((await eventsOf(app, f.id)).map((e) => [e.kind, e.actorId, e.reason])).toEqual([
      ['submitted', f.id, null],
      ['vetted', operatorRow[0]?.id, null],
    ]);
    const status = await statusOf(app, f.token);
    expect(status.vettingStatus).toBe('vetted');
    expect(status.timeline.map((e) => e.kind)).toEqual(['vetted', 'submitted']);
    expect(status.next).toMatch(/Companies can now find you/);
    expect(await mailWithSubject(app, f.email, 'Your Talentloop profile is vetted')).toContain('approved');
    expectFailure(await decide(app, operator.accessToken, f.id, { outcome: 'decline', reason: 'Too late' }), 409, 'TL_CORE_13000_E');
  });

  test('request changes and decline need a reason; unknown freelancers are 404; nothing changes on bad input', async () => {
    const app = await startLoopApp(env);
    const f = await reviewedFreelancer(app);
    const operator = await createOperator(app);
    for (const body of [
      { outcome: 'request_changes' },
      { outcome: 'decline' },
      { outcome: 'decline', reason: '  ' },
      { outcome: 'request_changes', reason: 'x'.repeat(501) },
      { outcome: 'promote' },
    ]) {
      expectFailure(
        await decide(app, operator.accessToken, f.id, invalid(body)),
        400,
        'TL_CORE_00400_E',
        JSON.stringify(body).slice(0, 60),
      );
    }
    expectFailure(await decide(app, operator.accessToken, crypto.randomUUID(), { outcome: 'approve' }), 404, 'TL_CORE_13004_E');
    expectFailure(await decide(app, operator.accessToken, 'not-a-uuid', { outcome: 'approve' }), 404, 'TL_CORE_13004_E');
    expect((await statusOf(app, f.token)).vettingStatus).toBe('in_review');
    expect(await eventsOf(app, f.id)).toHaveLength(1);
  });

  test('20 operators deciding at once: exactly one 200, nineteen 409 TL_CORE_13000_E, one decision event', async () => {
    const app = await startLoopApp(env);
    const f = await reviewedFreelancer(app);
    const operator = await createOperator(app);
    const outcomes = ['approve', 'request_changes', 'decline'] as const;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        decide(app, operator.accessToken, f.id, { outcome: outcomes[i % 3] ?? 'approve', reason: `Reason ${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const losers = results.filter((r) => r.status !== 200);
    expect(losers).toHaveLength(19);
    for (const r of losers) expectFailure(r, 409, 'TL_CORE_13000_E');
    const decisions = (await eventsOf(app, f.id)).filter((e) => e.kind !== 'submitted');
    expect(decisions).toHaveLength(1);
    const [profile] = await app.db.select().from(freelancerProfiles).where(eq(freelancerProfiles.userId, f.id));
    expect(profile?.vettingStatus).toBe(decisions[0]?.kind);
  });

  test('changes requested: a new photo alone is a change, so Send for review then puts the profile back in review', async () => {
    const app = await startLoopApp(env);
    const f = await reviewedFreelancer(app);
    const operator = await createOperator(app);
    expectOk(
      await decide(app, operator.accessToken, f.id, { outcome: 'request_changes', reason: 'Please use a clearer photo of yourself.' }),
    );
    expectFailure(await call(app, sendForReview, {}, { token: f.token }), 409, 'TL_CORE_13002_E');
    const photo = await uploadPhoto(app, f.token, await jpegWithExif(300, 300));
    expect(photo.status, JSON.stringify(photo.body)).toBe(200);
    const sent = await call(app, sendForReview, {}, { token: f.token });
    expectOk(sent);
    expect(sent.body.talentStatus.vettingStatus).toBe('in_review');
  });

  test('changes requested: the freelancer reads the reason, must save a change, then Send for review puts it back in review', async () => {
    const app = await startLoopApp(env);
    const f = await reviewedFreelancer(app);
    const operator = await createOperator(app);
    const reason = 'Please describe your last project in more detail.';
    expectOk(await decide(app, operator.accessToken, f.id, { outcome: 'request_changes', reason }));
    const asked = await statusOf(app, f.token);
    expect(asked.vettingStatus).toBe('changes_requested');
    expect(asked.timeline[0]).toMatchObject({ kind: 'changes_requested', reason });
    expect(asked.next).toBe('Read the reason from our team, edit your profile, then press Send for review.');
    expect(await mailWithSubject(app, f.email, 'Changes requested on your Talentloop profile')).toContain(
      'Please describe your last project',
    );

    expectFailure(await call(app, sendForReview, {}, { token: f.token }), 409, 'TL_CORE_13002_E');
    // The status says so, so the dashboard keeps 'Send for review' disabled until a change is saved.
    expect(asked.changedSinceRequest).toBe(false);
    const skills = await editor(app, f.token).put('/freelancer-settings/skills-details', {
      skills: [{ skillName: 'React', experienceLevel: 4 }],
    });
    expect(skills.status, JSON.stringify(skills.body)).toBe(200);
    expect((await statusOf(app, f.token)).changedSinceRequest).toBe(true);
    const sent = await call(app, sendForReview, {}, { token: f.token });
    expectOk(sent);
    expect(sent.body.responseMessage).toBe('Your profile was sent for review.');
    expect(sent.body.talentStatus.vettingStatus).toBe('in_review');
    expect(sent.body.talentStatus.timeline.map((e) => e.kind)).toEqual(['in_review', 'changes_requested', 'submitted']);
    // In review: nothing to send; the operator may decide again.
    expectFailure(await call(app, sendForReview, {}, { token: f.token }), 409, 'TL_CORE_13001_E');
    expectOk(await decide(app, operator.accessToken, f.id, { outcome: 'approve' }));
    expectFailure(await call(app, sendForReview, {}, { token: f.token }), 409, 'TL_CORE_13001_E');
    // A vetted freelancer who edits the profile stays vetted (no new review round).
    const edit = await editor(app, f.token).put('/freelancer-settings/skills-details', {
      skills: [{ skillName: 'Vue', experienceLevel: 2 }],
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect((await statusOf(app, f.token)).vettingStatus).toBe('vetted');
    expect((await eventsOf(app, f.id)).map((e) => e.kind)).toEqual(['submitted', 'changes_requested', 'in_review', 'vetted']);
  });

  test(`declined: the freelancer may ask again only after ${VETTING_RETRY_DAYS} days`, async () => {
    const app = await startLoopApp(env);
    const f = await reviewedFreelancer(app);
    const operator = await createOperator(app);
    expectOk(await decide(app, operator.accessToken, f.id, { outcome: 'decline', reason: 'Not enough experience yet.' }));
    const declined = await statusOf(app, f.token);
    expect(declined.vettingStatus).toBe('declined');
    expect(declined.timeline[0]).toMatchObject({ kind: 'declined', reason: 'Not enough experience yet.' });
    const opens = Date.parse(declined.canRequestReviewAt ?? '');
    const [row] = await app.db.select().from(freelancerProfiles).where(eq(freelancerProfiles.userId, f.id));
    expect(opens).toBe((row?.vettingStatusAt?.getTime() ?? 0) + VETTING_RETRY_DAYS * DAY);
    expect(declined.next).toMatch(/ask for another review from/);

    const early = await call(app, sendForReview, {}, { token: f.token });
    expectFailure(early, 409, 'TL_CORE_13003_E');
    expect((early.body as { responseMessage: string }).responseMessage).toMatch(/^You can ask for another review from \d+ \w+ \d{4}\.$/);
    app.clock.advance(VETTING_RETRY_DAYS * DAY - 60_000);
    // A month on, the freelancer signs in again (the old access token has expired).
    const token = (await app.signIn(f.email)).accessToken;
    expectFailure(await call(app, sendForReview, {}, { token }), 409, 'TL_CORE_13003_E');
    app.clock.advance(2 * 60_000);
    const sent = await call(app, sendForReview, {}, { token });
    expectOk(sent);
    expect(sent.body.talentStatus).toMatchObject({ vettingStatus: 'in_review', canRequestReviewAt: null });
  });

  test('vetting mails follow the freelancer’s choice; demo freelancers are never mailed', async () => {
    const app = await startLoopApp(env);
    const operator = await createOperator(app);
    const quiet = await reviewedFreelancer(app);
    const saved = await call(
      app,
      saveFreelancerNotifications,
      { body: { mail: { vetting: false, shortlist: true, news: false }, version: 0 } },
      { token: quiet.token },
    );
    expectOk(saved);
    const demo = await reviewedFreelancer(app);
    await markDemo(app, demo.id);
    const told = await reviewedFreelancer(app);
    for (const f of [quiet, demo, told]) expectOk(await decide(app, operator.accessToken, f.id, { outcome: 'approve' }));
    expect(await queuedSubjects(app, quiet.email)).not.toContain('Your Talentloop profile is vetted');
    expect(await queuedSubjects(app, demo.email)).not.toContain('Your Talentloop profile is vetted');
    expect(await queuedSubjects(app, told.email)).toContain('Your Talentloop profile is vetted');
  });

  test('profile views: distinct companies over the last 30 days, no more', async () => {
    const app = await startLoopApp(env);
    const f = await reviewedFreelancer(app);
    const company = async () => {
      const [owner] = await app.db
        .insert(users)
        .values({
          email: `owner-${crypto.randomUUID()}@talentloop.test`,
          firstName: 'O',
          lastName: 'W',
          userType: 'client',
          roles: ['client'],
        })
        .returning();
      const [row] = await app.db
        .insert(companies)
        .values({ ownerUserId: owner?.id ?? '', name: 'Viewer' })
        .returning();
      return row?.id ?? '';
    };
    const [a, b, c] = [await company(), await company(), await company()];
    const day = (daysAgo: number) => new Date(app.clock.now().getTime() - daysAgo * DAY).toISOString().slice(0, 10);
    await app.db.insert(profileViews).values([
      { freelancerId: f.id, companyId: a, day: day(0) },
      { freelancerId: f.id, companyId: a, day: day(3) },
      { freelancerId: f.id, companyId: b, day: day(29) },
      { freelancerId: f.id, companyId: c, day: day(31) },
    ]);
    expect((await statusOf(app, f.token)).profileViews30d).toBe(2);
  });
});

describe('freelancer mail choices', () => {
  test('defaults before the first save, saved with a version, a stale version is 409 and changes nothing', async () => {
    const app = await startLoopApp(env);
    const f = await reviewedFreelancer(app);
    const read = okBody(await call(app, getFreelancerNotifications, {}, { token: f.token }));
    expect(read).toMatchObject({ version: 0, mail: { vetting: true, shortlist: true, news: false } });
    const saved = await call(
      app,
      saveFreelancerNotifications,
      { body: { mail: { vetting: true, shortlist: false, news: true }, version: 0 } },
      { token: f.token },
    );
    expectOk(saved);
    expect(saved.body).toMatchObject({
      responseMessage: 'Notification preferences saved',
      version: 1,
      mail: { shortlist: false, news: true },
    });
    expectFailure(
      await call(
        app,
        saveFreelancerNotifications,
        { body: { mail: { vetting: false, shortlist: true, news: false }, version: 0 } },
        { token: f.token },
      ),
      409,
      'TL_CORE_10110_E',
    );
    expectFailure(
      await call(
        app,
        saveFreelancerNotifications,
        { body: invalid({ mail: { vetting: true, shortlist: true, news: true, spam: true }, version: 1 }) },
        { token: f.token },
      ),
      400,
      'TL_CORE_00400_E',
    );
    expect(okBody(await call(app, getFreelancerNotifications, {}, { token: f.token }))).toMatchObject({
      version: 1,
      mail: { vetting: true, shortlist: false, news: true },
    });
    const client = await verifiedCompany(app);
    expectFailure(await call(app, getFreelancerNotifications, {}, { token: client.token }), 403, 'TL_CORE_00403_E');
  });
});
