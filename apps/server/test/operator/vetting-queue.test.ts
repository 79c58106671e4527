import { VETTING_CANNED_REASONS, decideVetting, getTalentStatus, listVettingQueue } from '@talentloop/contract/api/talent-pool';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { auditLog, freelancerProfiles } from '../../src/infra/db/schema.ts';
import { type TestApp, call, expectFailure, expectOk, invalid, okBody, useApi } from '../helpers.ts';
import { item, pdf, png, putPortfolio } from '../profile/portfolio-support.ts';
import { startCountingApp } from '../profile/support.ts';
import { createOperator, reviewedFreelancer, startLoopApp, verifiedCompany } from '../talent/loop-support.ts';
import { withMailbox } from '../company/documents-support.ts';

// The console's vetting queue (issue 21): oldest first, each profile as companies see it with its
// completion, timeline and portfolio files (served safely to operators), decisions written to the
// audit log in their own transaction, and two operators on one profile: one wins, one gets 409.

const env = useApi();

const auditFor = (app: TestApp, targetId: string) => app.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));

const queueOf = async (app: TestApp, token: string) => okBody(await call(app, listVettingQueue, {}, { token })).queue;

describe('the vetting queue', () => {
  test('oldest first, each with completion, timeline, photo and portfolio files operators can open', async () => {
    const app = await startLoopApp(env);
    const first = await reviewedFreelancer(app);
    const second = await reviewedFreelancer(app);
    // The second entered review earlier: it leads the queue.
    await app.db
      .update(freelancerProfiles)
      .set({ vettingStatusAt: new Date(Date.now() - 3 * 86_400_000) })
      .where(eq(freelancerProfiles.userId, second.id));
    const saved = await putPortfolio(app, first.token, {
      profileData: { version: 0, portfolioDetails: [item({ fileIndex: 1 }), item({ portfolioTitle: 'Case study', fileIndex: 2 })] },
      files: [
        { data: await png(), name: 'shot.png', type: 'image/png' },
        { data: pdf(), name: 'case.pdf', type: 'application/pdf' },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const operator = await createOperator(app);

    const queue = await queueOf(app, operator.accessToken);
    const ours = queue.filter((q) => [first.id, second.id].includes(q.freelancerId));
    expect(ours.map((q) => q.freelancerId)).toEqual([second.id, first.id]);
    const times = queue.map((q) => Date.parse(q.submittedAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    const entry = ours[1];
    if (!entry) throw new Error('no entry');
    expect(entry.completion.percentage).toBeGreaterThan(0);
    expect(entry.completion.percentage).toBeLessThanOrEqual(100);
    expect(entry.completion.sections.portfolio).toBe(1);
    expect(ours[0]?.completion.sections.portfolio).toBe(0);
    expect(entry.timeline.map((e) => e.kind)).toEqual(['submitted']);
    expect(entry.profile.photoUrl).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);

    // Both portfolio files link to the file route (documents too, for operators), and open safely.
    expect(entry.profile.portfolio.map((p) => [p.contentType, p.fileMime])).toEqual([
      ['IMAGE', 'image/webp'],
      ['DOCUMENT', 'application/pdf'],
    ]);
    for (const p of entry.profile.portfolio) {
      expect(p.fileUrl).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
      const plain = await fetch(`${app.baseUrl}${p.fileUrl}`, { headers: { authorization: `Bearer ${operator.accessToken}` } });
      expect(plain.status).toBe(200);
      expect(plain.headers.get('content-disposition')).toMatch(/^attachment;/);
      const preview = await fetch(`${app.baseUrl}${p.fileUrl}?inline=1`, { headers: { authorization: `Bearer ${operator.accessToken}` } });
      expect(preview.status).toBe(200);
      expect(preview.headers.get('content-type')).toBe(p.fileMime);
      expect(preview.headers.get('content-disposition')).toMatch(/^inline;/);
      expect(preview.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
      expect(preview.headers.get('x-content-type-options')).toBe('nosniff');
    }
  }, 90_000);

  test('the list is a fixed number of statements whatever its length', async () => {
    const { app: bare, queriesOf } = await startCountingApp(env, /freelancer_|talent_events/);
    const app = withMailbox(bare, env.mailbox);
    const operator = await createOperator(app);
    await reviewedFreelancer(app);
    const one = await queriesOf(() => queueOf(app, operator.accessToken));
    await reviewedFreelancer(app);
    await reviewedFreelancer(app);
    await reviewedFreelancer(app);
    const four = await queriesOf(() => queueOf(app, operator.accessToken));
    expect(one).toBeLessThanOrEqual(8);
    expect(four).toBe(one);
  }, 90_000);

  test('every decision writes one audit row with before, after and reason; approve has none', async () => {
    const app = await startLoopApp(env);
    const operator = await createOperator(app);
    const cases = [
      { outcome: 'approve', reason: undefined, after: 'vetted' },
      { outcome: 'request_changes', reason: VETTING_CANNED_REASONS.request_changes[0], after: 'changes_requested' },
      { outcome: 'decline', reason: 'We could not confirm the portfolio is your own work (edited).', after: 'declined' },
    ] as const;
    for (const c of cases) {
      const f = await reviewedFreelancer(app);
      expectOk(
        await call(
          app,
          decideVetting,
          { params: { freelancerId: f.id }, body: { outcome: c.outcome, reason: c.reason } },
          { token: operator.accessToken },
        ),
      );
      const rows = await auditFor(app, f.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        operatorEmail: operator.email,
        action: `vetting.${c.outcome}`,
        targetType: 'user',
        targetLabel: f.email,
        before: { vettingStatus: 'in_review' },
        after: { vettingStatus: c.after },
        reason: c.reason ?? null,
      });
    }
  }, 90_000);

  test('bad input changes nothing and writes no audit row', async () => {
    const app = await startLoopApp(env);
    const operator = await createOperator(app);
    const f = await reviewedFreelancer(app);
    const decide = (body: unknown) =>
      call(app, decideVetting, { params: { freelancerId: f.id }, body: invalid(body) }, { token: operator.accessToken });
    expectFailure(await decide({ outcome: 'decline' }), 400, 'TL_CORE_00400_E');
    expectFailure(await decide({ outcome: 'request_changes', reason: '  ' }), 400, 'TL_CORE_00400_E');
    expectFailure(await decide({ outcome: 'decline', reason: 'x'.repeat(501) }), 400, 'TL_CORE_00400_E');
    expectFailure(await decide({ outcome: 'maybe' }), 400, 'TL_CORE_00400_E');
    expectFailure(
      await call(
        app,
        decideVetting,
        { params: { freelancerId: 'not-a-uuid' }, body: { outcome: 'approve' } },
        { token: operator.accessToken },
      ),
      404,
      'TL_CORE_13004_E',
    );
    expect(await auditFor(app, f.id)).toEqual([]);
    expect(okBody(await call(app, getTalentStatus, {}, { token: f.token })).talentStatus.vettingStatus).toBe('in_review');
  }, 60_000);

  test('two operators deciding one profile at once: one 200, one 409 with the contract message, one audit row', async () => {
    const app = await startLoopApp(env);
    const f = await reviewedFreelancer(app);
    const a = await createOperator(app);
    const b = await createOperator(app);
    const [ra, rb] = await Promise.all([
      call(app, decideVetting, { params: { freelancerId: f.id }, body: { outcome: 'approve' } }, { token: a.accessToken }),
      call(
        app,
        decideVetting,
        { params: { freelancerId: f.id }, body: { outcome: 'decline', reason: 'Not enough experience.' } },
        { token: b.accessToken },
      ),
    ]);
    const statuses = [ra.status, rb.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = ra.status === 409 ? ra : rb;
    expectFailure(loser, 409, 'TL_CORE_13000_E');
    expect(loser.body.responseMessage).toMatch(/another operator decided first/);
    const rows = await auditFor(app, f.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.operatorEmail).toBe((ra.status === 200 ? a : b).email);
    expect(rows[0]?.operatorId).toMatch(/^[0-9a-f-]{36}$/);
  }, 60_000);

  test('freelancers and companies get 403, a signed-out caller 401', async () => {
    const app = await startLoopApp(env);
    const f = await reviewedFreelancer(app);
    const company = await verifiedCompany(app);
    for (const token of [f.token, company.token]) {
      expectFailure(await call(app, listVettingQueue, {}, { token }), 403, 'TL_CORE_00403_E');
    }
    expectFailure(await call(app, listVettingQueue, {}, {}), 401, 'TL_CORE_00401_E');
    expectFailure(
      await call(app, decideVetting, { params: { freelancerId: f.id }, body: { outcome: 'approve' } }, {}),
      401,
      'TL_CORE_00401_E',
    );
    expect(await auditFor(app, f.id)).toEqual([]);
  }, 60_000);
});
