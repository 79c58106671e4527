import { describe, expect, test } from 'vitest';
import { type Browser, openBrowser } from './auth-browser.ts';
import { NEW_PASSWORD, PASSWORD, expectFailure, otherCode, useApi } from './helpers.ts';

// A stranger can trip every cap (login lock, wrong codes, code sends) and the owner still gets in:
// the password-reset path is counted per requesting address, apart from guesses made elsewhere,
// its codes are bound to the browser that asked, and a successful reset ends the login lock.

const env = useApi();
const WRONG = 'Wr0ng!Password';
const STRANGER_IP = '203.0.113.66';
const OWNER_IP = '198.51.100.7';

async function strangerRequestsResetCode(stranger: Browser, email: string): Promise<string> {
  expect((await stranger.post('/api/auth/request-password-reset', { email })).status).toBe(200);
  return env.mailbox.waitForCode(email, 'password_reset');
}

async function ownerResetsAndLogsIn(owner: Browser, email: string) {
  expect((await owner.post('/api/auth/request-password-reset', { email })).status).toBe(200);
  const otp = await env.mailbox.waitForCode(email, 'password_reset');
  const verified = await owner.post('/api/otp/verify', { email, otp, purpose: 'password_reset' });
  expect(verified.status).toBe(200);
  expect((await owner.post('/api/user/password-reset', { email, newPassword: NEW_PASSWORD })).status).toBe(200);
  expect((await owner.post('/api/auth/login', { email, password: NEW_PASSWORD })).status).toBe(200);
}

describe('the owner cannot be locked out by a stranger', () => {
  test('after a stranger locks login and uses up the wrong-code and send limits, the owner still resets and logs in', async () => {
    const app = await env.start({ config: { trustProxy: true } });
    const { email } = await app.createUser();
    const stranger = openBrowser(app, STRANGER_IP);
    const owner = openBrowser(app, OWNER_IP);

    // Five wrong passwords lock login for everyone, the owner included.
    for (let i = 0; i < 5; i++) expectFailure(await stranger.post('/api/auth/login', { email, password: WRONG }), 401, 'TL_CORE_01040_E');
    expectFailure(await owner.post('/api/auth/login', { email, password: PASSWORD }), 423, 'TL_CORE_01041_E');

    // 20 wrong codes over four reset codes, then the stranger is refused even the right code.
    for (let round = 0; round < 4; round++) {
      if (round > 0) app.clock.advance(31_000);
      const code = await strangerRequestsResetCode(stranger, email);
      for (let i = 1; i <= 5; i++) {
        const guess = await stranger.post('/api/otp/verify', { email, otp: otherCode(code, i), purpose: 'password_reset' });
        expectFailure(guess, 400, 'TL_CORE_01015_E', `round ${round} guess ${i}`);
      }
    }
    app.clock.advance(31_000);
    const fifth = await strangerRequestsResetCode(stranger, email);
    expectFailure(await stranger.post('/api/otp/verify', { email, otp: fifth, purpose: 'password_reset' }), 429, 'TL_CORE_00429_E');
    // ... and the stranger's hourly sends are used up.
    app.clock.advance(31_000);
    expectFailure(await stranger.post('/api/auth/request-password-reset', { email }), 429, 'TL_CORE_00429_E');

    // The owner, from their own browser and address, still gets a code, resets, and is let in.
    await ownerResetsAndLogsIn(owner, email);
  });

  test('a stranger’s reset requests never replace the code the owner is about to type', async () => {
    const app = await env.start({ config: { trustProxy: true } });
    const { email } = await app.createUser();
    const stranger = openBrowser(app, STRANGER_IP);
    const owner = openBrowser(app, OWNER_IP);
    expect((await owner.post('/api/auth/request-password-reset', { email })).status).toBe(200);
    const ownerCode = await env.mailbox.waitForCode(email, 'password_reset');
    // The stranger asks again and again (at the 30 s pace allowed).
    for (let i = 0; i < 3; i++) {
      app.clock.advance(31_000);
      await strangerRequestsResetCode(stranger, email);
    }
    expect((await owner.post('/api/otp/verify', { email, otp: ownerCode, purpose: 'password_reset' })).status).toBe(200);
    expect((await owner.post('/api/user/password-reset', { email, newPassword: NEW_PASSWORD })).status).toBe(200);
  });

  test('a reset code works only in the browser that asked for it', async () => {
    const app = await env.start({ config: { trustProxy: true } });
    const { email } = await app.createUser();
    const owner = openBrowser(app, OWNER_IP);
    const stranger = openBrowser(app, OWNER_IP); // even from the same address
    expect((await owner.post('/api/auth/request-password-reset', { email })).status).toBe(200);
    const otp = await env.mailbox.waitForCode(email, 'password_reset');
    const elsewhere = await stranger.post('/api/otp/verify', { email, otp, purpose: 'password_reset' });
    expectFailure(elsewhere, 400, 'TL_CORE_01019_E');
    expect(elsewhere.cookies.has('tl_reset')).toBe(false);
    expect((await owner.post('/api/otp/verify', { email, otp, purpose: 'password_reset' })).status).toBe(200);
  });

  test('a successful reset ends the login lock', async () => {
    const app = await env.start({ config: { trustProxy: true } });
    const { email } = await app.createUser();
    const stranger = openBrowser(app, STRANGER_IP);
    for (let i = 0; i < 5; i++) await stranger.post('/api/auth/login', { email, password: WRONG });
    expectFailure(await app.post('/api/auth/login', { email, password: PASSWORD }), 423, 'TL_CORE_01041_E');
    await ownerResetsAndLogsIn(openBrowser(app, OWNER_IP), email);
  });
});
