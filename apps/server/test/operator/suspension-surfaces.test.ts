import { getPublicProfile } from '@talentloop/contract/api/account';
import {
  cancelCompanyInterview,
  getCompanyInterview,
  listCompanyInterviews,
  rescheduleInterview,
} from '@talentloop/contract/api/interviews';
import { reactivateAccount, suspendAccount } from '@talentloop/contract/api/operator-accounts';
import { addCandidate, createShortlist, getShortlist, updateCandidate } from '@talentloop/contract/api/shortlists';
import { type TalentSearchQuery, searchTalent } from '@talentloop/contract/api/talent-search';
import { describe, expect, test } from 'vitest';
import { type TestApp, call, expectFailure, expectOk, findUser, okBody, outboxFor, useApi } from '../helpers.ts';
import { interviewSetting, propose, proposalBody } from '../interviews/support.ts';
import { startLoopApp } from '../talent/loop-support.ts';

// A suspended freelancer is on no company surface and gets no mail a company's action would send
// (decision 167): not in the talent search (on every instance: the read model's row goes, the
// pool indexes learn it from the change log), not behind their profile link, not on a shortlist,
// not in a company's interviews, not to be shortlisted or invited. Reactivation restores all of it.

const env = useApi();

const pendingMail = async (app: TestApp, email: string) => (await outboxFor(app.db, email)).filter((m) => !m.sentAt && !m.deadAt);

describe('a suspended freelancer', () => {
  test('leaves the talent search, the profile link, shortlists and interviews on every instance, is mailed nothing, and comes back on reactivation', async () => {
    // Two instances on one database: the operator acts on one, the company works on the other.
    const one = await startLoopApp(env);
    const other = await startLoopApp(env);
    const { operator, company, freelancer: f, list, candidate } = await interviewSetting(one);
    const lastName = (await findUser(one.db, f.email))?.lastName as string;
    const interview = okBody(await propose(one, company.token, { ...proposalBody(one, f.slug), candidateId: candidate.id })).interview;

    const search = async (app: TestApp) =>
      okBody(await call(app, searchTalent, { query: { q: lastName } as TalentSearchQuery }, { token: company.token })).results.map(
        (r) => r.slug,
      );
    const profile = (app: TestApp, token?: string) => call(app, getPublicProfile, { params: { slug: f.slug } }, token ? { token } : {});
    const shortlisted = async (app: TestApp) =>
      okBody(await call(app, getShortlist, { params: { shortlistId: list.id } }, { token: company.token }));
    const interviews = async (app: TestApp) =>
      okBody(await call(app, listCompanyInterviews, { query: {} }, { token: company.token })).interviews.map((i) => i.id);

    // Seen everywhere before (the other instance's pool index is loaded now, so it must follow the change).
    expect(await search(other)).toContain(f.slug);
    expectOk(await profile(other, company.token));
    expect((await shortlisted(other)).candidates.map((c) => c.id)).toEqual([candidate.id]);
    expect(await interviews(other)).toEqual([interview.id]);

    const reason = { reason: 'Fraud report under review' };
    expectOk(await call(one, suspendAccount, { params: { userId: f.id }, body: reason }, { token: operator.accessToken }));
    const suspendedAt = (await findUser(one.db, f.email))?.suspendedAt as Date;

    for (const app of [one, other]) {
      expect(await search(app)).not.toContain(f.slug);
      expectFailure(await profile(app, company.token), 404, 'TL_CORE_00404_E');
      expectFailure(await profile(app), 404, 'TL_CORE_00404_E');
      const { shortlist, candidates } = await shortlisted(app);
      expect(candidates).toEqual([]);
      expect(shortlist.counts.shortlisted + shortlist.counts.interview).toBe(0);
      expect(await interviews(app)).toEqual([]);
    }
    // Nothing a company does reaches them: no add, no move, no invitation, no change to the open one.
    const another = okBody(await call(other, createShortlist, { body: { name: 'Backup list' } }, { token: company.token })).shortlist;
    expectFailure(
      await call(other, addCandidate, { params: { shortlistId: another.id }, body: { slug: f.slug } }, { token: company.token }),
      404,
      'TL_CORE_13014_E',
    );
    expectFailure(
      await call(
        other,
        updateCandidate,
        { params: { shortlistId: list.id, candidateId: candidate.id }, body: { stage: 'selected', version: candidate.version + 1 } },
        { token: company.token },
      ),
      404,
      'TL_CORE_13017_E',
    );
    expectFailure(await propose(other, company.token, proposalBody(other, f.slug)), 404, 'TL_CORE_13014_E');
    expectFailure(
      await propose(other, company.token, { ...proposalBody(other, f.slug), candidateId: candidate.id }),
      404,
      'TL_CORE_13017_E',
    );
    expect((await call(other, getCompanyInterview, { params: { interviewId: interview.id } }, { token: company.token })).status).toBe(404);
    expect(
      (
        await call(
          other,
          rescheduleInterview,
          { params: { interviewId: interview.id }, body: { ...proposalBody(other, f.slug), version: interview.version } },
          { token: company.token },
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await call(
          other,
          cancelCompanyInterview,
          { params: { interviewId: interview.id }, body: { reason: 'No longer needed', version: interview.version } },
          { token: company.token },
        )
      ).status,
    ).toBe(404);
    // No mail for them is waiting but their own notice of the suspension (sent or not yet, by the
    // outbox's pace), and none was queued after the suspension.
    expect((await pendingMail(one, f.email)).map((m) => m.subject).filter((s) => s !== 'Your Talentloop account is suspended')).toEqual([]);
    expect((await outboxFor(one.db, f.email)).filter((m) => m.createdAt > suspendedAt).map((m) => m.subject)).toEqual([]);

    // Reactivated on one instance: back on every surface of both.
    expectOk(await call(one, reactivateAccount, { params: { userId: f.id }, body: {} }, { token: operator.accessToken }));
    for (const app of [other, one]) {
      expect(await search(app)).toContain(f.slug);
      expectOk(await profile(app, company.token));
      expect((await shortlisted(app)).candidates.map((c) => c.id)).toEqual([candidate.id]);
      expect(await interviews(app)).toEqual([interview.id]);
    }
  });

  test("still receives their own password reset code, the account holder's own mail", async () => {
    const app = await startLoopApp(env);
    const { operator, freelancer: f } = await interviewSetting(app);
    expectOk(
      await call(app, suspendAccount, { params: { userId: f.id }, body: { reason: 'Fraud report' } }, { token: operator.accessToken }),
    );
    expect((await app.post('/api/auth/request-password-reset', { email: f.email })).status).toBe(200);
    expect(await env.mailbox.waitForCode(f.email, 'password_reset')).toMatch(/^\d{5}$/);
  });
});
