import { describe, expect, test } from 'vitest';
import { expectFailure, uniqueEmail, useApi } from './helpers.ts';

// Passwords are never trimmed: the same string is hashed at sign-up and reset and compared at login.

const env = useApi();
const SPACED = '  Sp4ce!Passw0rd  ';

describe('passwords are never trimmed', () => {
  test('a password with leading and trailing spaces registers and logs in, and only with its spaces', async () => {
    const app = await env.start();
    const { email } = await app.signUp(uniqueEmail(), { password: SPACED });
    await app.verify(email);
    const login = await app.post('/api/auth/login', { email, password: SPACED });
    expect(login.status).toBe(200);
    expectFailure(await app.post('/api/auth/login', { email, password: SPACED.trim() }), 401, 'TL_CORE_01040_E');
    expectFailure(await app.post('/api/auth/login', { email, password: ` ${SPACED.trim()}` }), 401, 'TL_CORE_01040_E');
  });

  test('a password made only of spaces is not an empty password at login', async () => {
    const app = await env.start();
    const { email } = await app.createUser();
    expectFailure(await app.post('/api/auth/login', { email, password: '        ' }), 401, 'TL_CORE_01040_E');
    expectFailure(await app.post('/api/auth/login', { email, password: '' }), 400, 'TL_CORE_01004_E');
  });

  test('a reset to a password with spaces at both ends logs in with exactly that password', async () => {
    const app = await env.start();
    const { email } = await app.createUser();
    expect((await app.post('/api/auth/request-password-reset', { email })).status).toBe(200);
    const otp = await env.mailbox.waitForCode(email, 'password_reset');
    const verified = await app.post('/api/otp/verify', { email, otp, purpose: 'password_reset' });
    const grant = verified.cookies.get('tl_reset')?.value ?? '';
    expect(grant).toBeTruthy();
    const reset = await app.post('/api/user/password-reset', { email, newPassword: SPACED }, { cookies: { tl_reset: grant } });
    expect(reset.status).toBe(200);
    expect((await app.post('/api/auth/login', { email, password: SPACED })).status).toBe(200);
    expectFailure(await app.post('/api/auth/login', { email, password: SPACED.trim() }), 401, 'TL_CORE_01040_E');
  });
});
