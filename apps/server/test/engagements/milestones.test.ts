import {
  acceptTerms,
  approveMilestone,
  fundMilestone,
  proposeTerms,
  requestMilestoneChanges,
  submitMilestone,
} from '@talentloop/contract/api/engagements';
import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { approveDue } from '../../src/features/engagements/sweep.ts';
import { files, invoices, journalEntries, milestones } from '../../src/infra/db/schema.ts';
import { DAY, HOUR, call, expectFailure, expectOk, okBody, useApi } from '../helpers.ts';
import { startLoopApp } from '../talent/loop-support.ts';
import { billingEmailOf, engaged, fixedTerms, freelancerView, subjectsFor } from './support.ts';

// Fixed-price milestones (issue 34): funded by the company, submitted by the freelancer, approved
// or sent back with a reason; approved automatically after 7 days; the engagement ends once all
// its work is approved.

const env = useApi();

async function fileOf(app: Awaited<ReturnType<typeof startLoopApp>>, ownerId: string) {
  const [row] = await app.db
    .insert(files)
    .values({ ownerId, kind: 'portfolio', mime: 'application/pdf', size: 4, data: Buffer.from('%PDF'), createdAt: new Date() })
    .returning();
  return row?.id ?? '';
}

describe('milestones', () => {
  test('fund, submit, ask for changes, submit again, approve; the fee and net per milestone; roles and other parties refused', async () => {
    const app = await startLoopApp(env);
    const s = await engaged(app, fixedTerms(app), { companyName: 'Globex' });
    const other = await engaged(app, fixedTerms(app), { companyName: 'Initech' });
    const seen = await freelancerView(app, s.f.token, s.engagement.id);
    expect(seen.terms.fees.total).toEqual({ grossMinor: 17_000_000, feeMinor: 2_550_000, netMinor: 14_450_000 });
    expect(seen.milestones.map((m) => [m.title, m.status, m.amountMinor, m.fee.netMinor])).toEqual([
      ['Wireframes', 'pending', 5_000_000, 4_250_000],
      ['Final build', 'pending', 12_000_000, 10_200_000],
    ]);
    const [first] = seen.milestones;
    if (!first) throw new Error('no milestone');
    const mid = { milestoneId: first.id };
    const c = { token: s.company.token };
    const f = { token: s.f.token };

    // Submitting before funding; funding by the freelancer (403) or another company (404); stale funding.
    const note = { note: 'Wireframes for all six pages.', links: ['https://figma.example/file/1'], fileIds: [] as string[] };
    expectFailure(await call(app, submitMilestone, { params: mid, body: { version: 1, ...note } }, f), 409, 'TL_CORE_18121_E');
    expectFailure(await call(app, fundMilestone, { params: mid, body: { version: 1 } }, f), 403, 'TL_CORE_00403_E');
    expectFailure(
      await call(app, fundMilestone, { params: mid, body: { version: 1 } }, { token: other.company.token }),
      404,
      'TL_CORE_18120_E',
    );
    expectFailure(await call(app, fundMilestone, { params: mid, body: { version: 0 } }, c), 409, 'TL_CORE_10110_E');
    const funded = await call(app, fundMilestone, { params: mid, body: { version: 1 } }, c);
    expectOk(funded);
    expect(funded.body.milestone).toMatchObject({ status: 'funded', version: 2 });
    // Its funding invoice: the amount held for the engagement.
    const [funding] = await app.db.select().from(invoices).where(eq(invoices.sourceId, first.id));
    expect(funding).toMatchObject({ purpose: 'milestone_funding', currency: 'INR', subtotalMinor: 5_000_000 });
    expect(funded.body.milestone.fundingInvoiceId).toBe(funding?.id);
    expect(await subjectsFor(app, billingEmailOf(s.company))).toEqual(['Invoice issued: Landing page build']);
    expect(await subjectsFor(app, s.f.email)).toContain('Globex funded the milestone Wireframes');
    expectFailure(await call(app, fundMilestone, { params: mid, body: { version: 2 } }, c), 409, 'TL_CORE_18121_E');

    // Files: only the freelancer's own uploads.
    const theirs = await fileOf(app, other.f.id);
    const mine = await fileOf(app, s.f.id);
    expectFailure(
      await call(app, submitMilestone, { params: mid, body: { version: 2, ...note, fileIds: [theirs] } }, f),
      400,
      'TL_CORE_18122_E',
    );
    expectFailure(
      await call(app, submitMilestone, { params: mid, body: { version: 2, ...note, links: ['javascript:alert(1)'] } }, f),
      400,
      'TL_CORE_00400_E',
    );
    expectFailure(
      await call(app, submitMilestone, { params: mid, body: { version: 2, ...note } }, { token: other.f.token }),
      404,
      'TL_CORE_18120_E',
    );
    const submitted = await call(app, submitMilestone, { params: mid, body: { version: 2, ...note, fileIds: [mine] } }, f);
    expectOk(submitted);
    expect(submitted.body.milestone).toMatchObject({
      status: 'submitted',
      version: 3,
      submission: { note: note.note, links: note.links, fileIds: [mine] },
    });
    expect(
      Date.parse(submitted.body.milestone.autoApproveAt ?? '') - Date.parse(submitted.body.milestone.submission?.submittedAt ?? ''),
    ).toBe(7 * DAY);
    expect(await subjectsFor(app, s.company.accountEmail)).toEqual(
      expect.arrayContaining([expect.stringMatching(/submitted the milestone Wireframes$/)]),
    );

    // Changes asked with a reason, then submitted again and approved.
    expectFailure(await call(app, approveMilestone, { params: mid, body: { version: 3 } }, f), 403, 'TL_CORE_00403_E');
    expectFailure(await call(app, requestMilestoneChanges, { params: mid, body: { version: 3, reason: 'no' } }, c), 400, 'TL_CORE_00400_E');
    const changes = await call(
      app,
      requestMilestoneChanges,
      { params: mid, body: { version: 3, reason: 'Please add the mobile layouts.' } },
      c,
    );
    expectOk(changes);
    expect(changes.body.milestone).toMatchObject({
      status: 'changes_requested',
      changesReason: 'Please add the mobile layouts.',
      autoApproveAt: null,
    });
    expect(await subjectsFor(app, s.f.email)).toContain('Globex asked for changes to Wireframes');
    const again = okBody(
      await call(app, submitMilestone, { params: mid, body: { version: 4, ...note, note: 'Mobile layouts added.' } }, f),
    ).milestone;
    expectFailure(await call(app, approveMilestone, { params: mid, body: { version: 4 } }, c), 409, 'TL_CORE_10110_E');
    const approved = await call(app, approveMilestone, { params: mid, body: { version: again.version } }, c);
    expectOk(approved);
    expect(approved.body.milestone).toMatchObject({ status: 'approved', approvedBy: 'company' });
    // Its funds released once: one release entry for the milestone.
    expect(
      await app.db
        .select()
        .from(journalEntries)
        .where(and(eq(journalEntries.milestoneId, first.id), eq(journalEntries.kind, 'milestone_release'))),
    ).toHaveLength(1);
    expect(await subjectsFor(app, s.f.email)).toContain('The milestone Wireframes was approved');
  });

  test('a submission left 7 days is approved automatically', async () => {
    const app = await startLoopApp(env);
    const s = await engaged(
      app,
      fixedTerms(app, { milestones: [{ title: 'Whole site', amountMinor: 9_000_000, dueDate: fixedTerms(app).startDate }] }),
    );
    const [m] = s.engagement.milestones;
    if (!m) throw new Error('no milestone');
    const mid = { milestoneId: m.id };
    const funded = okBody(await call(app, fundMilestone, { params: mid, body: { version: 1 } }, { token: s.company.token })).milestone;
    const submitted = okBody(
      await call(
        app,
        submitMilestone,
        { params: mid, body: { version: funded.version, note: 'All pages done.', links: [], fileIds: [] } },
        { token: s.f.token },
      ),
    ).milestone;
    const deps = { db: app.db, clock: app.clock, config: app.config };
    const rowOf = async () => (await app.db.select().from(milestones).where(eq(milestones.id, m.id)))[0];
    app.clock.advance(7 * DAY - HOUR);
    await approveDue(deps);
    expect(await rowOf()).toMatchObject({ status: 'submitted' });
    app.clock.advance(2 * HOUR);
    await Promise.all([approveDue(deps), approveDue(deps)]);
    expect(await rowOf()).toMatchObject({ status: 'approved', approvedBy: 'automatic', version: submitted.version + 1 });
    expect((await subjectsFor(app, s.f.email)).filter((x) => x === 'The milestone Whole site was approved automatically')).toHaveLength(1);
    expect(
      await app.db
        .select()
        .from(journalEntries)
        .where(and(eq(journalEntries.milestoneId, m.id), eq(journalEntries.kind, 'milestone_release'))),
    ).toHaveLength(1);
  });

  test('new fixed-price terms keep funded milestones as they are and replace the unfunded ones when accepted', async () => {
    const app = await startLoopApp(env);
    const s = await engaged(app, fixedTerms(app));
    const [first, second] = s.engagement.milestones;
    if (!first || !second) throw new Error('no milestones');
    okBody(await call(app, fundMilestone, { params: { milestoneId: first.id }, body: { version: 1 } }, { token: s.company.token }));
    const base = fixedTerms(app);
    const keep = { id: first.id, title: first.title, amountMinor: first.amountMinor, dueDate: first.dueDate };
    const propose = (ms: NonNullable<typeof base.milestones>) =>
      call(
        app,
        proposeTerms,
        { params: { engagementId: s.engagement.id }, body: { version: s.engagement.version, terms: { ...base, milestones: ms } } },
        { token: s.company.token },
      );
    // A funded milestone changed or dropped: refused.
    expectFailure(
      await propose([
        { ...keep, amountMinor: 1_000 },
        { title: 'Final build', amountMinor: 12_000_000, dueDate: second.dueDate },
      ]),
      400,
      'TL_CORE_18106_E',
    );
    expectFailure(await propose([{ title: 'Everything', amountMinor: 12_000_000, dueDate: second.dueDate }]), 400, 'TL_CORE_18106_E');
    const ok = await propose([
      keep,
      { title: 'Build, part one', amountMinor: 6_000_000, dueDate: second.dueDate },
      { title: 'Build, part two', amountMinor: 7_000_000, dueDate: second.dueDate },
    ]);
    expectOk(ok);
    const accepted = okBody(
      await call(app, acceptTerms, { params: { engagementId: s.engagement.id }, body: { termsVersion: 2 } }, { token: s.f.token }),
    ).engagement;
    expect(accepted.milestones.map((m) => [m.title, m.status, m.amountMinor])).toEqual([
      ['Wireframes', 'funded', 5_000_000],
      ['Build, part one', 'pending', 6_000_000],
      ['Build, part two', 'pending', 7_000_000],
    ]);
    expect(accepted.milestones[0]?.id).toBe(first.id);
  });
});
