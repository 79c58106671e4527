import { getPrivacy } from '@talentloop/contract/api/account';
import { decideVetting } from '@talentloop/contract/api/talent-pool';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { talentEvents, users } from '../../src/infra/db/schema.ts';
import { companyApi, createOperator, readyCompany, uniqueEin, withMailbox } from '../company/documents-support.ts';
import { type TestApp, call, expectOk, findUser, outboxFor, type useApi } from '../helpers.ts';
import { completedFreelancer } from '../profile/support.ts';

// The talent-pool loop's tests (issue 20): freelancers who finished onboarding through the real
// wizard, operators made as the CLI makes them, companies verified through the instant check.

export { companyApi, createOperator };

export async function startLoopApp(env: ReturnType<typeof useApi>): Promise<TestApp> {
  return withMailbox(await env.start({ config: { clientAccounts: true } }), env.mailbox);
}

/** A freelancer who finished onboarding (in review): id, email, token. */
export async function reviewedFreelancer(app: TestApp) {
  const user = await completedFreelancer(app);
  const row = await findUser(app.db, user.email);
  if (!row) throw new Error('no freelancer');
  return { id: row.id, email: user.email, token: user.accessToken };
}
export type Freelancer = Awaited<ReturnType<typeof reviewedFreelancer>>;

/** A freelancer the operator approved: in the talent search, with their slug. */
export async function vettedFreelancer(app: TestApp, operatorToken: string) {
  const f = await reviewedFreelancer(app);
  expectOk(await call(app, decideVetting, { params: { freelancerId: f.id }, body: { outcome: 'approve' } }, { token: operatorToken }));
  const privacy = await call(app, getPrivacy, {}, { token: f.token });
  expectOk(privacy);
  return { ...f, slug: privacy.body.slug };
}

/** A client whose company is verified through the instant check. */
export async function verifiedCompany(app: TestApp, name = 'Acme Labs') {
  const company = await readyCompany(app, { name });
  const res = await company.api.post('/company/verification/instant', {
    companyName: name,
    businessRegistrationNumber: uniqueEin(),
    country: 'US',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...company, token: company.api.token };
}

/** Every talent_events row of a freelancer, oldest first (including the never-shown 'removed'). */
export async function eventsOf(app: TestApp, freelancerId: string, kind?: string) {
  const rows = await app.db
    .select()
    .from(talentEvents)
    .where(and(eq(talentEvents.freelancerId, freelancerId), kind ? eq(talentEvents.kind, kind) : undefined));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** The mails queued for an address (in the outbox, at once when the request answers). */
export async function queuedSubjects(app: TestApp, email: string): Promise<string[]> {
  return (await outboxFor(app.db, email)).map((m) => m.subject);
}

export async function markDemo(app: TestApp, userId: string) {
  await app.db.update(users).set({ demo: true }).where(eq(users.id, userId));
}
