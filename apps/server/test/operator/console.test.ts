import { companyPartnership } from '@talentloop/contract/api/partners';
import { AUDIT_PAGE_SIZE, getConsoleOverview, listAuditLog } from '@talentloop/contract/api/operator-console';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { recordAudit } from '../../src/features/audit/audit.ts';
import { auditLog, freelancerProfiles } from '../../src/infra/db/schema.ts';
import { call, expectFailure, findUser, okBody, useApi } from '../helpers.ts';
import { createOperator, markDemo, reviewedFreelancer, startLoopApp, verifiedCompany } from '../talent/loop-support.ts';

// The operator console's overview and audit log (issue 21): what waits in each queue, today's
// sign-ups, and a trail no endpoint and no statement can rewrite.

const env = useApi();

/** An operator as the CLI makes one, with the user id the audit log keeps. */
async function operatorWithId(app: Parameters<typeof createOperator>[0]) {
  const operator = await createOperator(app);
  const row = await findUser(app.db, operator.email);
  if (!row) throw new Error('no operator');
  return { ...operator, id: row.id };
}

describe('console overview', () => {
  test('counts what waits in each queue since when, and today’s sign-ups by role without demo accounts', async () => {
    const app = await startLoopApp(env);
    const operator = await createOperator(app);
    const before = okBody(await call(app, getConsoleOverview, {}, { token: operator.accessToken })).overview;
    const first = await reviewedFreelancer(app);
    await reviewedFreelancer(app);
    const demo = await reviewedFreelancer(app);
    await markDemo(app, demo.id);
    await verifiedCompany(app);
    expect(
      (await call(app, companyPartnership, { body: { companyName: 'Northwind', companyEmail: 'hire@northwind.example' } })).status,
    ).toBe(200);

    const { overview } = okBody(await call(app, getConsoleOverview, {}, { token: operator.accessToken }));
    expect(overview.queues.vetting.waiting - before.queues.vetting.waiting).toBe(2);
    const [firstRow] = await app.db
      .select({ at: freelancerProfiles.vettingStatusAt })
      .from(freelancerProfiles)
      .where(eq(freelancerProfiles.userId, first.id));
    expect(overview.queues.vetting.oldestAt).toBe(before.queues.vetting.oldestAt ?? new Date(firstRow?.at ?? 0).toISOString());
    expect(overview.queues.partnerRequests.waiting - before.queues.partnerRequests.waiting).toBe(1);
    expect(overview.queues.partnerRequests.oldestAt).not.toBeNull();
    expect(overview.queues.documents).toEqual(before.queues.documents);
    expect(overview.queues.supportCalls).toEqual(before.queues.supportCalls);
    // Two real freelancers signed up (the demo one is not counted), and one company.
    expect(overview.signupsToday).toEqual({
      freelancers: before.signupsToday.freelancers + 2,
      companies: before.signupsToday.companies + 1,
    });
  });

  test('freelancers and companies get 403, a signed-out caller 401', async () => {
    const app = await startLoopApp(env);
    const f = await reviewedFreelancer(app);
    const company = await verifiedCompany(app);
    for (const endpoint of [getConsoleOverview, listAuditLog]) {
      for (const token of [f.token, company.token]) expectFailure(await call(app, endpoint, {}, { token }), 403, 'TL_CORE_00403_E');
      expectFailure(await call(app, endpoint, {}), 401, 'TL_CORE_00401_E');
    }
  });
});

describe('audit log', () => {
  const entry = (i: number, action: 'account.suspend' | 'partner_request.update') => ({
    action,
    targetType: action === 'account.suspend' ? ('user' as const) : ('partner_request' as const),
    targetId: `target-${i}`,
    targetLabel: `record ${i}`,
    before: { status: 'new' },
    after: { status: 'contacted' },
    reason: i % 2 ? `reason ${i}` : null,
  });

  test('lists newest first in pages, filtered by operator, action and day, with everyone who acted', async () => {
    const app = await startLoopApp(env);
    const operator = await operatorWithId(app);
    const other = await operatorWithId(app);
    const day = (d: string) => new Date(`${d}T12:00:00Z`);
    for (let i = 0; i < AUDIT_PAGE_SIZE + 5; i++) {
      await recordAudit(app.db, { id: operator.id, email: operator.email }, entry(i, 'partner_request.update'), day('2026-11-20'));
    }
    await recordAudit(app.db, { id: other.id, email: other.email }, entry(900, 'account.suspend'), day('2026-11-22'));
    const token = operator.accessToken;

    // Only this test's entries are dated before today (other tests' actions write today's).
    const mine = { to: '2026-11-22' };
    const first = okBody(await call(app, listAuditLog, { query: mine }, { token }));
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.entries[0]).toMatchObject({
      action: 'account.suspend',
      operatorEmail: other.email,
      targetType: 'user',
      targetLabel: 'record 900',
      before: { status: 'new' },
      after: { status: 'contacted' },
    });
    expect(first.operators).toEqual(
      expect.arrayContaining([
        { id: operator.id, email: operator.email },
        { id: other.id, email: other.email },
      ]),
    );
    expect(first.nextBefore).toBe(first.entries.at(-1)?.id);
    const second = okBody(await call(app, listAuditLog, { query: { ...mine, before: first.nextBefore ?? 0 } }, { token }));
    expect(second.entries).toHaveLength(6);
    expect(second.nextBefore).toBeNull();
    const ids = [...first.entries, ...second.entries].map((e) => e.id);
    expect(new Set(ids).size).toBe(AUDIT_PAGE_SIZE + 6);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const byOperator = okBody(await call(app, listAuditLog, { query: { operatorId: other.id } }, { token }));
    expect(byOperator.entries.map((e) => e.targetId)).toEqual(['target-900']);
    const byAction = okBody(await call(app, listAuditLog, { query: { ...mine, action: 'account.suspend' } }, { token }));
    expect(byAction.entries).toHaveLength(1);
    const byDay = okBody(await call(app, listAuditLog, { query: { from: '2026-11-21', to: '2026-11-22' } }, { token }));
    expect(byDay.entries.map((e) => e.action)).toEqual(['account.suspend']);
    const untilDay = okBody(await call(app, listAuditLog, { query: { to: '2026-11-20' } }, { token }));
    expect(untilDay.entries.every((e) => e.action === 'partner_request.update')).toBe(true);
  });

  test('bad filters are refused with a clear message', async () => {
    const app = await startLoopApp(env);
    const operator = await operatorWithId(app);
    const token = operator.accessToken;
    for (const query of [
      { action: 'account.delete' },
      { from: '25/11/2026' },
      { from: '2026-13-45' },
      { to: '2026-02-30' },
      { operatorId: 'me' },
      { before: 'x' },
      { extra: '1' },
    ]) {
      const res = await call(app, listAuditLog, { query: query as never }, { token });
      expect(res.status, JSON.stringify(query)).toBe(400);
    }
  });

  test('no statement can change or remove an entry: UPDATE and DELETE are refused by the table itself', async () => {
    const app = await startLoopApp(env);
    const operator = await operatorWithId(app);
    await recordAudit(app.db, { id: operator.id, email: operator.email }, entry(1, 'account.suspend'), new Date());
    await expect(app.db.update(auditLog).set({ reason: 'rewritten' })).rejects.toThrow();
    await expect(app.db.delete(auditLog)).rejects.toThrow();
    const rows = await app.db.select().from(auditLog).where(eq(auditLog.operatorId, operator.id));
    expect(rows.map((r) => r.reason)).toEqual(['reason 1']);
  });
});
