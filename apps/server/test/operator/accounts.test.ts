import { BRAND } from '@talentloop/contract';
import {
  ACCOUNTS_PAGE_SIZE,
  getAccount,
  reactivateAccount,
  resendAccountCode,
  resendSignupCode,
  searchAccounts,
  setOperatorRole,
  suspendAccount,
} from '@talentloop/contract/api/operator-accounts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REACTIVATED_SUBJECT, SUSPENDED_SUBJECT } from '../../src/features/operator-accounts/mails.ts';
import { mailWithSubject } from '../company/documents-support.ts';
import { COMMAND_LINE_ACTOR, changeOperatorRole } from '../../src/features/operator-accounts/operator-role.ts';
import { auditLog, users } from '../../src/infra/db/schema.ts';
import {
  type GoogleStub,
  PASSWORD,
  type TestApp,
  startGoogle,
  call,
  expectFailure,
  expectOk,
  findUser,
  okBody,
  uniqueEmail,
  useApi,
} from '../helpers.ts';
import { createOperator, startLoopApp } from '../talent/loop-support.ts';

// The console's accounts (issue 21): search, one account, suspend / reactivate (sessions end at
// once, sign-in refused with the catalogue's code), resend a sign-up code, the operator role
// (never the last active operator, race-safe), refusals for other roles, the audit trail.

const env = useApi();

async function operatorWithId(app: TestApp) {
  const operator = await createOperator(app);
  const row = await findUser(app.db, operator.email);
  if (!row) throw new Error('no operator');
  return { ...operator, id: row.id, token: operator.accessToken };
}

async function userWithId(app: TestApp, email = uniqueEmail('member')) {
  const user = await app.createUser(email);
  const row = await findUser(app.db, user.email);
  if (!row) throw new Error('no user');
  return { ...user, id: row.id };
}

async function auditRows(app: TestApp, targetId: string, action: string) {
  return app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, targetId), eq(auditLog.action, action)));
}

/** Leaves `keep` as the only active operator of the file's database (tests share it). */
async function onlyOperator(app: TestApp, keep: string[]) {
  await app.db.execute(
    sql`UPDATE users SET roles = array_remove(roles, 'operator') WHERE 'operator' = ANY(roles) AND NOT (id = ANY(${`{${keep.join(',')}}`}::uuid[]))`,
  );
}

describe('search and detail', () => {
  test('finds accounts by part of the email, first or last name, case-insensitive, newest first, in pages', async () => {
    const app = await startLoopApp(env);
    const operator = await operatorWithId(app);
    const tag = `zq${Date.now().toString(36)}`;
    const a = await userWithId(app, `${tag}-first@talentloop.test`);
    const b = await userWithId(app, uniqueEmail('other'));
    await app.db
      .update(users)
      .set({ lastName: `Mc${tag.toUpperCase()}` })
      .where(eq(users.id, b.id));

    const found = okBody(await call(app, searchAccounts, { query: { q: tag.toUpperCase() } }, { token: operator.token }));
    expect(found.accounts.map((r) => r.id)).toEqual([b.id, a.id]);
    const row = found.accounts[1];
    expect(row).toMatchObject({
      email: a.email,
      kind: 'freelancer',
      status: 'active',
      emailVerified: true,
      demo: false,
      roles: ['freelancer'],
      stage: { kind: 'freelancer', onboardingStage: 'PROFILE_BASICS' },
    });
    // Wildcards are taken literally.
    expect(okBody(await call(app, searchAccounts, { query: { q: '%' } }, { token: operator.token })).accounts).toEqual([]);

    // Empty search: everyone, newest first, page by page without overlap.
    for (let i = 0; i < ACCOUNTS_PAGE_SIZE; i++)
      await app.db.insert(users).values({ email: uniqueEmail('bulk'), firstName: 'Bulk', lastName: `${i}` });
    const first = okBody(await call(app, searchAccounts, {}, { token: operator.token }));
    expect(first.accounts).toHaveLength(ACCOUNTS_PAGE_SIZE);
    expect(first.nextCursor).not.toBeNull();
    const second = okBody(await call(app, searchAccounts, { query: { cursor: first.nextCursor ?? '' } }, { token: operator.token }));
    const firstIds = new Set(first.accounts.map((r) => r.id));
    expect(second.accounts.some((r) => firstIds.has(r.id))).toBe(false);
    const times = [...first.accounts, ...second.accounts].map((r) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(second.pendingSignups).toEqual([]);
    expectFailure(await call(app, searchAccounts, { query: { cursor: 'nope' } }, { token: operator.token }), 400, 'TL_CORE_00400_E');
  });

  test('one account shows its last sign-in and live sessions; an unknown or malformed id is 404', async () => {
    const app = await startLoopApp(env);
    const operator = await operatorWithId(app);
    const user = await userWithId(app);
    await app.signIn(user.email);
    const { account } = okBody(await call(app, getAccount, { params: { userId: user.id } }, { token: operator.token }));
    expect(account).toMatchObject({ id: user.id, liveSessions: 2, isSelf: false, status: 'active' });
    expect(account.lastSignInAt).not.toBeNull();
    const self = okBody(await call(app, getAccount, { params: { userId: operator.id } }, { token: operator.token }));
    expect(self.account.isSelf).toBe(true);
    expect(self.account.roles).toContain('operator');
    for (const userId of [crypto.randomUUID(), 'not-a-uuid']) {
      expectFailure(await call(app, getAccount, { params: { userId } }, { token: operator.token }), 404, 'TL_CORE_14101_E');
    }
  });
});

describe('suspend and reactivate', () => {
  test('suspending ends every session at once, refuses refresh and login with the catalogue code; reactivating restores login', async () => {
    const app = await startLoopApp(env);
    const operator = await operatorWithId(app);
    const user = await userWithId(app);
    const second = await app.signIn(user.email);
    expect((await app.get('/api/account/export', { headers: { authorization: `Bearer ${user.accessToken}` } })).status).not.toBe(401);

    expectFailure(
      await call(app, suspendAccount, { params: { userId: user.id }, body: { reason: '' } }, { token: operator.token }),
      400,
      'TL_CORE_00400_E',
    );
    expect((await findUser(app.db, user.email))?.suspendedAt).toBeNull();

    const res = await call(
      app,
      suspendAccount,
      { params: { userId: user.id }, body: { reason: 'Spam messages to companies' } },
      { token: operator.token },
    );
    expectOk(res);
    expect(res.body.account).toMatchObject({ status: 'suspended', liveSessions: 0 });

    // The old access tokens: 401 on the next call. The refresh tokens: refused with the reason.
    for (const token of [user.accessToken, second.accessToken]) {
      expectFailure(await call(app, getAccount, { params: { userId: user.id } }, { token }), 401, 'TL_CORE_00401_E');
      expectFailure(await app.get('/api/account/export', { headers: { authorization: `Bearer ${token}` } }), 401, 'TL_CORE_00401_E');
    }
    expectFailure(await app.refresh(user.refreshCookie), 403, 'TL_CORE_14100_E');
    expectFailure(await app.refresh(second.refreshCookie), 403, 'TL_CORE_14100_E');
    const login = await app.post('/api/auth/login', { email: user.email, password: PASSWORD });
    expectFailure(login, 403, 'TL_CORE_14100_E');
    expect(login.body.responseMessage).toBe(`This account is suspended. Write to ${BRAND.supportEmail} if you think this is a mistake.`);
    // A wrong password still answers as a wrong password: a stranger learns nothing.
    expectFailure(await app.post('/api/auth/login', { email: user.email, password: 'Wr0ng!Passw0rd' }), 401, 'TL_CORE_01040_E');

    expectFailure(
      await call(app, suspendAccount, { params: { userId: user.id }, body: { reason: 'Again and again' } }, { token: operator.token }),
      409,
      'TL_CORE_14102_E',
    );

    const [entry] = await auditRows(app, user.id, 'account.suspend');
    expect(await auditRows(app, user.id, 'account.suspend')).toHaveLength(1);
    expect(entry).toMatchObject({
      operatorId: operator.id,
      operatorEmail: operator.email,
      targetType: 'user',
      targetLabel: user.email,
      reason: 'Spam messages to companies',
      before: { status: 'active', liveSessions: 2 },
      after: { status: 'suspended', liveSessions: 0 },
    });

    const back = await call(app, reactivateAccount, { params: { userId: user.id }, body: {} }, { token: operator.token });
    expectOk(back);
    expect(back.body.account.status).toBe('active');
    expect((await app.signIn(user.email)).accessToken).toBeTruthy();
    expectFailure(
      await call(app, reactivateAccount, { params: { userId: user.id }, body: {} }, { token: operator.token }),
      409,
      'TL_CORE_14103_E',
    );
    const reactivations = await auditRows(app, user.id, 'account.reactivate');
    expect(reactivations).toHaveLength(1);
    expect(reactivations[0]).toMatchObject({ before: { status: 'suspended' }, after: { status: 'active' }, reason: null });
  });

  test('the account holder is mailed at suspension and at reactivation, each naming the support address, never the reason', async () => {
    const app = await startLoopApp(env);
    const operator = await operatorWithId(app);
    const user = await userWithId(app);
    const reason = 'Report 4471 from a company';
    expectOk(await call(app, suspendAccount, { params: { userId: user.id }, body: { reason } }, { token: operator.token }));
    const suspended = await mailWithSubject(app, user.email, SUSPENDED_SUBJECT);
    expect(suspended).toContain(BRAND.supportEmail);
    expect(suspended).not.toContain('4471');
    expectOk(await call(app, reactivateAccount, { params: { userId: user.id }, body: {} }, { token: operator.token }));
    expect(await mailWithSubject(app, user.email, REACTIVATED_SUBJECT)).toContain(BRAND.supportEmail);
  });

  test('an operator cannot suspend themselves; another operator can be suspended, never the last active one', async () => {
    const app = await startLoopApp(env);
    const a = await operatorWithId(app);
    const b = await operatorWithId(app);
    await onlyOperator(app, [a.id, b.id]);
    const reason = { reason: 'Left the company' };
    expectFailure(await call(app, suspendAccount, { params: { userId: a.id }, body: reason }, { token: a.token }), 409, 'TL_CORE_14104_E');
    expectOk(await call(app, suspendAccount, { params: { userId: b.id }, body: reason }, { token: a.token }));
    // b is suspended (still holding the role): a is the last active operator and cannot lose the role.
    expectFailure(
      await call(app, setOperatorRole, { params: { userId: a.id }, body: { grant: false } }, { token: a.token }),
      409,
      'TL_CORE_14105_E',
    );
    expect((await findUser(app.db, a.email))?.roles).toContain('operator');
    expect(await auditRows(app, a.id, 'operator.revoke')).toHaveLength(0);
  });
});

describe('Google sign-in of a suspended account', () => {
  let google: GoogleStub;
  beforeAll(async () => {
    google = await startGoogle();
  });
  afterAll(async () => {
    await google?.close();
  });

  test('signing in with Google (linked or by email) is refused with the catalogue code', async () => {
    const app = await env.start({ config: { googleClientId: google.clientId, googleJwksUrl: google.jwksUrl } });
    const operator = await operatorWithId(app);
    const sub = `google-${crypto.randomUUID()}`;
    const email = uniqueEmail('google');
    expect(
      (await app.post('/api/auth/google-signup', { credential: await google.idToken({ sub, email }), userType: 'freelancer' })).status,
    ).toBe(200);
    const byEmail = await userWithId(app);
    for (const u of [await findUser(app.db, email), byEmail]) {
      if (!u) throw new Error('no user');
      expectOk(await call(app, suspendAccount, { params: { userId: u.id }, body: { reason: 'Fraud report' } }, { token: operator.token }));
    }
    expectFailure(await app.post('/api/auth/google-signin', { credential: await google.idToken({ sub, email }) }), 403, 'TL_CORE_14100_E');
    expectFailure(
      await app.post('/api/auth/google-signin', { credential: await google.idToken({ email: byEmail.email }) }),
      403,
      'TL_CORE_14100_E',
    );
    // Not linked meanwhile: the refusal changed nothing.
    expect((await findUser(app.db, byEmail.email))?.googleSub).toBeNull();
  });
});

describe('the operator role', () => {
  test('granted and revoked in the console, each once, audited; never the last operator', async () => {
    const app = await startLoopApp(env);
    const operator = await operatorWithId(app);
    const user = await userWithId(app);
    await onlyOperator(app, [operator.id]);

    const granted = await call(app, setOperatorRole, { params: { userId: user.id }, body: { grant: true } }, { token: operator.token });
    expectOk(granted);
    expect(granted.body.account.roles).toEqual(['freelancer', 'operator']);
    // The role counts at once, with the token signed before it.
    expect((await call(app, searchAccounts, {}, { token: user.accessToken })).status).toBe(200);
    expectFailure(
      await call(app, setOperatorRole, { params: { userId: user.id }, body: { grant: true } }, { token: operator.token }),
      409,
      'TL_CORE_14109_E',
    );

    expectOk(await call(app, setOperatorRole, { params: { userId: user.id }, body: { grant: false } }, { token: operator.token }));
    expectFailure(await call(app, searchAccounts, {}, { token: user.accessToken }), 403, 'TL_CORE_00403_E');
    expectFailure(
      await call(app, setOperatorRole, { params: { userId: user.id }, body: { grant: false } }, { token: operator.token }),
      409,
      'TL_CORE_14110_E',
    );

    // The last operator keeps the role.
    expectFailure(
      await call(app, setOperatorRole, { params: { userId: operator.id }, body: { grant: false } }, { token: operator.token }),
      409,
      'TL_CORE_14105_E',
    );
    const grants = await auditRows(app, user.id, 'operator.grant');
    const revokes = await auditRows(app, user.id, 'operator.revoke');
    expect(grants).toHaveLength(1);
    expect(revokes).toHaveLength(1);
    expect(grants[0]).toMatchObject({
      operatorId: operator.id,
      before: { roles: ['freelancer'] },
      after: { roles: ['freelancer', 'operator'] },
    });
    expect(revokes[0]).toMatchObject({ before: { roles: ['freelancer', 'operator'] }, after: { roles: ['freelancer'] } });
    expect(await auditRows(app, operator.id, 'operator.revoke')).toHaveLength(0);
  });

  test('two operators revoking each other at the same moment leave one operator', async () => {
    const app = await startLoopApp(env);
    const a = await operatorWithId(app);
    const b = await operatorWithId(app);
    await onlyOperator(app, [a.id, b.id]);
    const [ab, ba] = await Promise.all([
      call(app, setOperatorRole, { params: { userId: b.id }, body: { grant: false } }, { token: a.token }),
      call(app, setOperatorRole, { params: { userId: a.id }, body: { grant: false } }, { token: b.token }),
    ]);
    expect([ab.status, ba.status].filter((s) => s === 200)).toHaveLength(1);
    const operators = await app.db.select({ id: users.id }).from(users).where(sql`'operator' = ANY(${users.roles})`);
    expect(operators).toHaveLength(1);

    // The same race straight through the one rule (no guard in between).
    await app.db
      .update(users)
      .set({ roles: ['freelancer', 'operator'] })
      .where(sql`${users.id} IN (${a.id}, ${b.id})`);
    const now = new Date();
    const results = await Promise.all([
      changeOperatorRole(app.db, { id: a.id }, false, COMMAND_LINE_ACTOR, now),
      changeOperatorRole(app.db, { id: b.id }, false, COMMAND_LINE_ACTOR, now),
    ]);
    expect(results.sort()).toEqual(['last-operator', 'revoked']);
    expect(await app.db.select({ id: users.id }).from(users).where(sql`'operator' = ANY(${users.roles})`)).toHaveLength(1);
  });
});

describe('deleting an operator account', () => {
  test('the last active operator cannot delete their own account; with another active operator they can', async () => {
    const app = await startLoopApp(env);
    const a = await operatorWithId(app);
    await onlyOperator(app, [a.id]);
    const remove = () => app.post('/api/account/delete', { password: PASSWORD }, { headers: { authorization: `Bearer ${a.token}` } });
    expectFailure(await remove(), 409, 'TL_CORE_14105_E');
    expect(await findUser(app.db, a.email)).toBeTruthy();

    // A suspended operator runs no console: still the last active one.
    const b = await operatorWithId(app);
    expectOk(await call(app, suspendAccount, { params: { userId: b.id }, body: { reason: 'Left the team' } }, { token: a.token }));
    expectFailure(await remove(), 409, 'TL_CORE_14105_E');

    expectOk(await call(app, reactivateAccount, { params: { userId: b.id }, body: {} }, { token: a.token }));
    expect((await remove()).status).toBe(200);
    expect(await findUser(app.db, a.email)).toBeUndefined();
  });
});

describe('resend a sign-up code', () => {
  test('a sign-up waiting for its code is found and gets a new code that completes it; verified accounts answer 409', async () => {
    const app = await startLoopApp(env);
    const operator = await operatorWithId(app);
    const { email } = await app.signUp(uniqueEmail('waiting'));
    await env.mailbox.waitForCode(email);
    const found = okBody(await call(app, searchAccounts, { query: { q: email } }, { token: operator.token }));
    expect(found.accounts).toEqual([]);
    const [signup] = found.pendingSignups;
    expect(signup).toMatchObject({ email, firstName: 'Ada', lastName: 'Lovelace', kind: 'freelancer' });
    if (!signup) throw new Error('no sign-up');

    // The resend waits as the user's own would (30 s), then sends.
    expectFailure(
      await call(app, resendSignupCode, { params: { signupId: signup.id } }, { token: operator.token }),
      429,
      'TL_CORE_01023_E',
    );
    app.clock.advance(31_000);
    expectOk(await call(app, resendSignupCode, { params: { signupId: signup.id } }, { token: operator.token }));
    const otp = await env.mailbox.waitForCode(email);
    // The new code works in the browser that signed up.
    const verified = await app.post('/api/otp/verify', { email, otp, purpose: 'registration' });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const entries = await auditRows(app, signup.id, 'account.resend_code');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ operatorId: operator.id, targetLabel: email });

    const user = await findUser(app.db, email);
    if (!user) throw new Error('no account');
    expectFailure(await call(app, resendAccountCode, { params: { userId: user.id } }, { token: operator.token }), 409, 'TL_CORE_14106_E');
    expectFailure(
      await call(app, resendSignupCode, { params: { signupId: signup.id } }, { token: operator.token }),
      404,
      'TL_CORE_14108_E',
    );
    expectFailure(await call(app, resendSignupCode, { params: { signupId: 'x' } }, { token: operator.token }), 404, 'TL_CORE_14108_E');
  });
});

describe('refusals and the audit trail', () => {
  test('a freelancer gets 403 and a signed-out caller 401 on every accounts endpoint, and nothing changes', async () => {
    const app = await startLoopApp(env);
    const user = await userWithId(app);
    const target = await userWithId(app);
    const userId = target.id;
    const cases = [
      () => call(app, searchAccounts, {}, { token: user.accessToken }),
      () => call(app, getAccount, { params: { userId } }, { token: user.accessToken }),
      () => call(app, suspendAccount, { params: { userId }, body: { reason: 'No reason at all' } }, { token: user.accessToken }),
      () => call(app, reactivateAccount, { params: { userId }, body: {} }, { token: user.accessToken }),
      () => call(app, resendAccountCode, { params: { userId } }, { token: user.accessToken }),
      () => call(app, resendSignupCode, { params: { signupId: userId } }, { token: user.accessToken }),
      () => call(app, setOperatorRole, { params: { userId }, body: { grant: true } }, { token: user.accessToken }),
    ];
    for (const run of cases) expectFailure(await run(), 403, 'TL_CORE_00403_E');
    const anonymous = [
      call(app, searchAccounts, {}),
      call(app, getAccount, { params: { userId } }),
      call(app, suspendAccount, { params: { userId }, body: { reason: 'No reason at all' } }),
      call(app, reactivateAccount, { params: { userId }, body: {} }),
      call(app, resendAccountCode, { params: { userId } }),
      call(app, resendSignupCode, { params: { signupId: userId } }),
      call(app, setOperatorRole, { params: { userId }, body: { grant: true } }),
    ];
    for (const res of await Promise.all(anonymous)) expectFailure(res, 401, 'TL_CORE_00401_E');
    const after = await findUser(app.db, target.email);
    expect(after?.roles).toEqual(['freelancer']);
    expect(after?.suspendedAt).toBeNull();
    expect(await app.db.select().from(auditLog).where(eq(auditLog.targetId, userId))).toHaveLength(0);
  });

  test('audit rows written by these actions cannot be changed or deleted, even by raw SQL', async () => {
    const app = await startLoopApp(env);
    const operator = await operatorWithId(app);
    const user = await userWithId(app);
    expectOk(
      await call(app, suspendAccount, { params: { userId: user.id }, body: { reason: 'Testing the trail' } }, { token: operator.token }),
    );
    const [entry] = await auditRows(app, user.id, 'account.suspend');
    if (!entry) throw new Error('no entry');
    await expect(app.db.execute(sql`UPDATE audit_log SET reason = 'rewritten' WHERE id = ${entry.id}`)).rejects.toThrow();
    await expect(app.db.execute(sql`DELETE FROM audit_log WHERE id = ${entry.id}`)).rejects.toThrow();
    const [still] = await auditRows(app, user.id, 'account.suspend');
    expect(still?.reason).toBe('Testing the trail');
  });
});
