import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { counters, files, freelancerPortfolio, users } from '../../src/infra/db/schema.ts';
import { expectFailure, findUser, until, useApi } from '../helpers.ts';
import { bearer } from '../onboarding/support.ts';
import { fullFreelancer, rowsLeftFor } from './account-support.ts';

const env = useApi();
const DELETE = '/api/account/delete';
const CODE = '/api/account/deletion-code';

async function deletionCode(email: string, taken: Set<string>): Promise<string> {
  return until(() => {
    for (const mail of env.mailbox.mailTo(email)) {
      const code = /Use this code to confirm deleting your account: (\d{5})/.exec(mail.decoded)?.[1];
      if (code && !taken.has(mail.raw)) {
        taken.add(mail.raw);
        return code;
      }
    }
    return undefined;
  }, `an account deletion code for ${email}`);
}

describe('delete account', () => {
  it('with the password deletes the account and every row about it, signs out, and the address can register again', async () => {
    const app = await env.start();
    const user = await fullFreelancer(app);
    const bystander = await fullFreelancer(app);
    const before = await rowsLeftFor(app, user.id, user.email);
    expect(Object.keys(before).length).toBeGreaterThan(8);

    const res = await app.post(
      DELETE,
      { password: user.password },
      { ...bearer(user.accessToken), cookies: { tl_refresh: user.refreshCookie } },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'success' });
    const cleared = res.cookies.get('tl_refresh');
    expect(cleared?.value).toBe('');
    expect(cleared?.raw).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/i);

    expect(await rowsLeftFor(app, user.id, user.email)).toEqual({});

    // Signed out everywhere: access tokens and refresh tokens of both sessions are dead.
    expectFailure(await app.get('/api/freelancer-settings/privacy', bearer(user.accessToken)), 401, 'TL_CORE_00401_E');
    expectFailure(await app.get('/api/freelancer-settings/privacy', bearer(user.second.accessToken)), 401, 'TL_CORE_00401_E');
    expect((await app.refresh(user.second.refreshCookie)).status).toBe(401);
    expect((await app.post('/api/auth/login', { email: user.email, password: user.password })).status).not.toBe(200);
    expect((await app.get(`/api/public/talent/${user.slug}`)).status).toBe(404);

    // Someone else's data is untouched.
    const other = await rowsLeftFor(app, bystander.id, bystander.email);
    expect(Object.keys(other).length).toBeGreaterThan(8);
    expect((await app.get('/api/freelancer-settings/portfolio-details', bearer(bystander.accessToken))).body.portfolioDto).toHaveLength(1);

    // The address registers again from scratch.
    await app.signUp(user.email);
    const again = await app.verify(user.email);
    expect(again.body.onBoardingStage).toBe('PROFILE_BASICS');
  }, 60_000);

  it('a wrong or missing password is refused and nothing is deleted', async () => {
    const app = await env.start();
    const user = await fullFreelancer(app);
    const auth = bearer(user.accessToken);
    expectFailure(await app.post(DELETE, { password: 'Wr0ng!Password' }, auth), 403, 'TL_CORE_10130_E');
    expectFailure(await app.post(DELETE, {}, auth), 400, 'TL_CORE_10131_E');
    expectFailure(await app.post(DELETE, { password: 'x'.repeat(500) }, auth), 400, 'TL_CORE_00400_E');
    expect(await findUser(app.db, user.email)).toBeDefined();
    expect(await app.db.select().from(freelancerPortfolio).where(eq(freelancerPortfolio.userId, user.id))).toHaveLength(1);
    expect((await app.get('/api/freelancer-settings/privacy', auth)).status).toBe(200);
  });

  it('password guesses are capped: the sixth try in 15 minutes answers 429 even with the right password', async () => {
    const app = await env.start();
    const user = await fullFreelancer(app);
    const auth = bearer(user.accessToken);
    for (let i = 0; i < 5; i++) expectFailure(await app.post(DELETE, { password: `Wr0ng!Password${i}` }, auth), 403, 'TL_CORE_10130_E');
    expectFailure(await app.post(DELETE, { password: user.password }, auth), 429, 'TL_CORE_00429_E');
    expect(await findUser(app.db, user.email)).toBeDefined();
    app.clock.advance(16 * 60_000);
    expect((await app.post(DELETE, { password: user.password }, auth)).status).toBe(200);
  });

  it('an account without a password confirms with a code mailed to it, bound to the session that asked', async () => {
    const app = await env.start();
    const user = await fullFreelancer(app);
    await app.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    const auth = bearer(user.accessToken);
    const taken = new Set<string>();

    expectFailure(await app.post(DELETE, { password: user.password }, auth), 400, 'TL_CORE_10132_E');
    expect((await app.post(CODE, undefined, auth)).status).toBe(200);
    const code = await deletionCode(user.email, taken);
    const wrong = String((Number(code) + 1) % 100_000).padStart(5, '0');
    expectFailure(await app.post(DELETE, { otp: wrong }, auth), 400, 'TL_CORE_01015_E');
    // The other session did not ask for this code: it cannot use it.
    expectFailure(await app.post(DELETE, { otp: code }, bearer(user.second.accessToken)), 400, 'TL_CORE_01019_E');
    expect(await findUser(app.db, user.email)).toBeDefined();

    expect((await app.post(DELETE, { otp: code }, auth)).status).toBe(200);
    expect(await rowsLeftFor(app, user.id, user.email)).toEqual({});
  });

  it('an account with a password gets no deletion code', async () => {
    const app = await env.start();
    const user = await fullFreelancer(app);
    expectFailure(await app.post(CODE, undefined, bearer(user.accessToken)), 400, 'TL_CORE_10131_E');
  });

  it('the uploaded files are gone and no longer served', async () => {
    const app = await env.start();
    const user = await fullFreelancer(app);
    const owned = await app.db.select({ id: files.id }).from(files).where(eq(files.ownerId, user.id));
    expect(owned.length).toBeGreaterThanOrEqual(2);
    expect((await app.post(DELETE, { password: user.password }, bearer(user.accessToken))).status).toBe(200);
    for (const f of owned) expect((await app.get(`/api/files/${f.id}`)).status).toBe(404);
  });

  it('leaves the counters of an address that merely contains the deleted one', async () => {
    const app = await env.start();
    const user = await fullFreelancer(app);
    const now = new Date();
    await app.db.insert(counters).values([
      { key: `otp-send:x${user.email}`, count: 3, windowStart: now },
      { key: `otp-fail:reset:${user.email}:10.0.0.1`, count: 3, windowStart: now },
    ]);
    expect((await app.post(DELETE, { password: user.password }, bearer(user.accessToken))).status).toBe(200);
    const left = await app.db
      .select({ key: counters.key })
      .from(counters)
      .where(like(counters.key, `%${user.email}%`));
    expect(left.map((c) => c.key)).toEqual([`otp-send:x${user.email}`]);
  });

  it('needs a session', async () => {
    const app = await env.start();
    expectFailure(await app.post(DELETE, { password: 'whatever' }), 401, 'TL_CORE_00401_E');
  });
});
