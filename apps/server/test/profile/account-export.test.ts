import { exportAccount } from '@talentloop/contract/api/account';
import { reviewCompany } from '@talentloop/contract/api/reviews';
import { describe, expect, it } from 'vitest';
import { call, expectFailure, expectOk, okBody, useApi } from '../helpers.ts';
import { goodCompanyReview, refreshed, reviewed } from '../reviews/support.ts';
import { startLoopApp } from '../talent/loop-support.ts';
import { fullFreelancer, preference } from './account-support.ts';

const env = useApi();

describe('download my data', () => {
  it('is a JSON download holding the account, the profile and every section, privacy, the talent timeline, mail choices, files and sessions', async () => {
    const app = await env.start();
    const user = await fullFreelancer(app);
    const res = await call(app, exportAccount, {}, { token: user.accessToken });
    expectOk(res);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="talentloop-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = res.body;
    expect(data.account).toMatchObject({
      id: user.id,
      email: user.email,
      firstName: 'Asha',
      lastName: 'Rao',
      hasPassword: true,
      googleLinked: false,
    });
    expect(data.freelancerProfile).toMatchObject({ occupation: 'Web Developer', countryCode: 'IN', openToWork: false, ...preference });
    expect(data.freelancerProfile?.mobileNo).toBe(user.profile.freelancerProfileResponse.mobileNo);
    expect(data.languages.map((l) => l.languageCode)).toHaveLength(2);
    expect(data.skills.map((s) => s.skillName)).toEqual(['React', 'TypeScript']);
    expect(data.education).toHaveLength(1);
    expect(data.workExperience).toHaveLength(2);
    expect(data.certifications).toMatchObject([{ certificationName: 'AWS Certified Developer' }]);
    expect(data.portfolio).toMatchObject([{ portfolioTitle: 'Checkout redesign', contentType: 'DOCUMENT' }]);
    expect(data.privacy).toMatchObject({ slug: user.slug, visibility: 'public' });
    // Finishing onboarding sent the profile for review: the timeline's first entry (issue 20).
    expect(data.talentEvents).toMatchObject([{ kind: 'submitted', reason: null }]);
    expect(data.mailChoices).toBeNull();
    expect(data.files.map((f) => f.kind).sort()).toEqual(['portfolio-document', 'profile-photo']);
    expect(data.sessions).toHaveLength(2);
    expect(data.sessions[0]).toEqual({
      createdAt: expect.any(String),
      familyStartedAt: expect.any(String),
      rotatedAt: null,
      revokedAt: null,
    });
  });

  it('holds no secrets: no password hash, token hashes or file bytes', async () => {
    const app = await env.start();
    const user = await fullFreelancer(app);
    const res = await call(app, exportAccount, {}, { token: user.accessToken });
    const text = JSON.stringify(res.body);
    expect(text).not.toContain('$argon2');
    expect(text).not.toMatch(/passwordHash|tokenHash|googleSub|"data"/);
  });

  it('holds only the caller’s data', async () => {
    const app = await env.start();
    const user = await fullFreelancer(app);
    const other = await fullFreelancer(app);
    const text = JSON.stringify((await call(app, exportAccount, {}, { token: user.accessToken })).body);
    expect(text).not.toContain(other.id);
    expect(text).not.toContain(other.email);
  }, 60_000);

  it('holds the interviews, hires and reviews the user took part in, on either side, and no one else’s; a review of the user only once published', async () => {
    const app = await startLoopApp(env);
    const first = await reviewed(app, undefined, { companyName: 'Export Works' });
    const other = await reviewed(app, undefined, { companyName: 'Someone Else' });
    // The second setting moved the clock past the first's sessions.
    const { company, f, hire, review } = await refreshed(app, first);

    // Double-blind (issue 32): the company's review is not the freelancer's to read yet.
    const early = okBody(await call(app, exportAccount, {}, { token: f.token }));
    expect(early.reviews).toEqual([]);
    expect(okBody(await call(app, exportAccount, {}, { token: company.token })).reviews).toMatchObject([
      { side: 'company', writtenBy: 'you', text: review.text },
    ]);

    // (Reviews come from an engagement that ended with approved work, issue 34: the interview stays accepted.)
    const theirReview = goodCompanyReview(4, 'Clear brief and quick answers.');
    expectOk(await call(app, reviewCompany, { params: { hireId: hire.id }, body: theirReview }, { token: f.token }));

    const mine = okBody(await call(app, exportAccount, {}, { token: f.token }));
    expect(mine.interviews).toMatchObject([
      { side: 'freelancer', with: 'Export Works', status: 'accepted', companyTimeZone: 'America/New_York' },
    ]);
    expect(mine.interviews[0]?.proposedTimes).toHaveLength(1);
    expect(mine.hires).toMatchObject([{ side: 'freelancer', with: 'Export Works', role: 'Senior Designer' }]);
    expect(mine.reviews).toMatchObject([
      { side: 'freelancer', with: 'Export Works', writtenBy: 'them', text: review.text, hidden: false, reply: null },
      { side: 'freelancer', with: 'Export Works', writtenBy: 'you', text: theirReview.text },
    ]);

    const theirs = okBody(await call(app, exportAccount, {}, { token: company.token }));
    expect(theirs.interviews).toMatchObject([{ side: 'company', status: 'accepted' }]);
    expect(theirs.hires).toMatchObject([{ side: 'company', role: 'Senior Designer' }]);
    expect(theirs.reviews).toMatchObject([
      { side: 'company', writtenBy: 'you', text: review.text },
      { side: 'company', writtenBy: 'them', text: theirReview.text },
    ]);

    // The engagement behind the hire (issue 34): terms, the approved week, its invoice; either side.
    expect(mine.engagements).toMatchObject([
      { side: 'freelancer', with: 'Export Works', status: 'ended', kind: 'hourly', currency: 'USD', rateMinor: 5_000 },
    ]);
    expect(mine.engagements[0]?.terms).toMatchObject([{ version: 1, status: 'accepted', terms: { roleTitle: 'Senior Designer' } }]);
    expect(mine.timesheets).toMatchObject([{ status: 'approved', lines: [{ quarterHours: 32, description: 'Design work' }] }]);
    expect(mine.milestones).toEqual([]);
    // 8 h x $50 = $400; the fee 15%.
    expect(mine.invoices).toMatchObject([
      {
        side: 'freelancer',
        kind: 'invoice',
        purpose: 'work_approved',
        currency: 'USD',
        subtotalMinor: 40_000,
        feeMinor: 6_000,
        netMinor: 34_000,
      },
    ]);
    expect(theirs.engagements).toMatchObject([{ side: 'company', status: 'ended' }]);
    expect(theirs.timesheets).toMatchObject([{ status: 'approved' }]);
    expect(theirs.invoices).toMatchObject([{ side: 'company', number: mine.invoices[0]?.number, subtotalMinor: 40_000 }]);
    expect(JSON.stringify(theirs.engagements)).not.toContain('hireId');

    const text = JSON.stringify([mine, theirs]);
    expect(text).not.toContain('Someone Else');
    expect(text).not.toContain(other.f.id);
    expect(text).not.toContain(other.f.email);
  }, 60_000);

  it('needs a session', async () => {
    const app = await env.start();
    expectFailure(await call(app, exportAccount), 401, 'TL_CORE_00401_E');
  });
});
