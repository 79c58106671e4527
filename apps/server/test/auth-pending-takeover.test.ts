import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { pruneCounters } from '../src/infra/counters.ts';
import { otpCodes } from '../src/infra/db/schema.ts';
import { type Browser, openBrowser } from './auth-browser.ts';
import { DAY, MINUTE, PASSWORD, countUsers, expectFailure, findUser, otherCode, uniqueEmail, useApi } from './helpers.ts';

// A registration code activates only the registration attempt it was sent for, and only from the
// browser that made it. A stranger registering the same unverified address never changes what the
// owner's code activates, and the stranger's password never opens the account.

const env = useApi();
const ATTACKER_PASSWORD = 'Att4cker!Secret';

const register = (browser: Browser, email: string, password: string, firstName: string) =>
  browser.post('/api/user/register', { firstName, lastName: 'Lovelace', emailId: email, password, userType: 'freelancer' });

const verify = (browser: Browser, email: string, otp: string) => browser.post('/api/otp/verify', { email, otp, purpose: 'registration' });

describe('pending-account takeover', () => {
  test('owner first, stranger 31 s later: the owner’s code opens the owner’s account with the owner’s password', async () => {
    const app = await env.start();
    const email = uniqueEmail('owner');
    const owner = openBrowser(app);
    const stranger = openBrowser(app);
    expect((await register(owner, email, PASSWORD, 'Ada')).status).toBe(200);
    const ownerCode = await env.mailbox.waitForCode(email);
    app.clock.advance(31_000);
    expect((await register(stranger, email, ATTACKER_PASSWORD, 'Mallory')).status).toBe(200);
    const strangerCode = await env.mailbox.waitForCode(email);

    // The stranger's later attempt changed nothing the owner's code activates.
    const opened = await verify(owner, email, ownerCode);
    expect(opened.status).toBe(200);
    expect(opened.body.firstName).toBe('Ada');
    expect(await findUser(app.db, email)).toMatchObject({ firstName: 'Ada', emailVerifiedAt: expect.any(Date) });
    expect((await app.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
    expectFailure(await app.post('/api/auth/login', { email, password: ATTACKER_PASSWORD }), 401, 'TL_CORE_01040_E');
    // The stranger's own code is dead now that the address is verified.
    expectFailure(await verify(stranger, email, strangerCode), 409, 'TL_CORE_01017_E');
    expect(await countUsers(app.db, email)).toBe(1);
  });

  test('owner first: the newest code in the mailbox (the stranger’s) does not open the account from the owner’s browser', async () => {
    const app = await env.start();
    const email = uniqueEmail('owner');
    const owner = openBrowser(app);
    const stranger = openBrowser(app);
    await register(owner, email, PASSWORD, 'Ada');
    const ownerCode = await env.mailbox.waitForCode(email);
    app.clock.advance(31_000);
    await register(stranger, email, ATTACKER_PASSWORD, 'Mallory');
    const strangerCode = await env.mailbox.waitForCode(email);
    if (strangerCode !== ownerCode) {
      // Typed into the owner's page, it is checked against the owner's attempt only.
      expectFailure(await verify(owner, email, strangerCode), 400, 'TL_CORE_01015_E');
    }
    expect(await findUser(app.db, email)).toBeUndefined();
    expect((await verify(owner, email, ownerCode)).status).toBe(200);
    expect((await app.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
  });

  test('stranger first, owner 31 s later: the owner’s code opens the account with the owner’s password, the stranger’s never', async () => {
    const app = await env.start();
    const email = uniqueEmail('owner');
    const owner = openBrowser(app);
    const stranger = openBrowser(app);
    expect((await register(stranger, email, ATTACKER_PASSWORD, 'Mallory')).status).toBe(200);
    const strangerCode = await env.mailbox.waitForCode(email);
    app.clock.advance(31_000);
    expect((await register(owner, email, PASSWORD, 'Ada')).status).toBe(200);
    const ownerCode = await env.mailbox.waitForCode(email);

    // The owner types the first code in the mailbox (the stranger's) by mistake: refused.
    if (strangerCode !== ownerCode) expectFailure(await verify(owner, email, strangerCode), 400, 'TL_CORE_01015_E');
    // The stranger cannot use the owner's code from the stranger's browser either.
    if (strangerCode !== ownerCode) expectFailure(await verify(stranger, email, ownerCode), 400, 'TL_CORE_01015_E');
    expect(await findUser(app.db, email)).toBeUndefined();

    const opened = await verify(owner, email, ownerCode);
    expect(opened.status).toBe(200);
    expect(opened.body.firstName).toBe('Ada');
    expect((await app.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
    expectFailure(await app.post('/api/auth/login', { email, password: ATTACKER_PASSWORD }), 401, 'TL_CORE_01040_E');
    expectFailure(await verify(stranger, email, strangerCode), 409, 'TL_CORE_01017_E');
  });

  test('a code sent for a sign-up in one browser is refused in another with 01043, and leaves the attempt intact', async () => {
    const app = await env.start();
    const email = uniqueEmail('owner');
    const owner = openBrowser(app);
    const elsewhere = openBrowser(app);
    await register(owner, email, PASSWORD, 'Ada');
    const code = await env.mailbox.waitForCode(email);
    expectFailure(await verify(elsewhere, email, code), 403, 'TL_CORE_01043_E');
    expectFailure(await elsewhere.post('/api/otp/resend', { email, purpose: 'registration' }), 403, 'TL_CORE_01043_E');
    // A forged code cookie is no better than none.
    expectFailure(
      await elsewhere.post('/api/otp/verify', { email, otp: code }, { cookies: { tl_code: 'A'.repeat(43) } }),
      403,
      'TL_CORE_01043_E',
    );
    expect((await verify(owner, email, code)).status).toBe(200);
  });

  test('a resend reaches only the attempt of the browser that asks: the stranger cannot refresh the owner’s code', async () => {
    const app = await env.start();
    const email = uniqueEmail('owner');
    const owner = openBrowser(app);
    const stranger = openBrowser(app);
    await register(owner, email, PASSWORD, 'Ada');
    const ownerCode = await env.mailbox.waitForCode(email);
    app.clock.advance(31_000);
    await register(stranger, email, ATTACKER_PASSWORD, 'Mallory');
    await env.mailbox.waitForCode(email);
    app.clock.advance(31_000);
    expect((await stranger.post('/api/otp/resend', { email, purpose: 'registration' })).status).toBe(200);
    await env.mailbox.waitForCode(email);
    // The owner's code is untouched by the stranger's sign-up and resend.
    expect((await verify(owner, email, ownerCode)).status).toBe(200);
    expect((await app.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
  });

  test('wrong guesses from a stranger’s browser never reach the owner’s attempt', async () => {
    const app = await env.start();
    const email = uniqueEmail('owner');
    const owner = openBrowser(app);
    const stranger = openBrowser(app);
    await register(owner, email, PASSWORD, 'Ada');
    const ownerCode = await env.mailbox.waitForCode(email);
    app.clock.advance(31_000);
    await register(stranger, email, ATTACKER_PASSWORD, 'Mallory');
    const strangerCode = await env.mailbox.waitForCode(email);
    // Five wrong tries kill the stranger's own code, not the owner's.
    for (let i = 1; i <= 5; i++) {
      const guess = otherCode(strangerCode, i);
      const res = await verify(stranger, email, guess);
      expect(res.status).toBe(400);
    }
    expect((await verify(owner, email, ownerCode)).status).toBe(200);
  });

  test('a sign-up never verified is deleted, password hash and all, a day after its code died', async () => {
    const app = await env.start();
    const email = uniqueEmail('abandoned');
    await register(openBrowser(app), email, PASSWORD, 'Ada');
    const pending = () => app.db.select().from(otpCodes).where(eq(otpCodes.email, email));
    expect(await pending()).toHaveLength(1);
    app.clock.advance(10 * MINUTE + DAY - MINUTE);
    await pruneCounters(app.db, app.clock.now());
    expect(await pending()).toHaveLength(1);
    app.clock.advance(2 * MINUTE);
    await pruneCounters(app.db, app.clock.now());
    expect(await pending()).toHaveLength(0);
  });
});
