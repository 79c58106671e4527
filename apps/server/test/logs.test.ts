import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type GoogleStub, NEW_PASSWORD, PASSWORD, startGoogle, uniqueEmail, useApi } from './helpers.ts';

const env = useApi();
let google: GoogleStub;
beforeAll(async () => {
  google = await startGoogle();
});
afterAll(async () => {
  await google?.close();
});

describe('structured logs', () => {
  test('no password, code or token appears in any log line', async () => {
    const app = await env.start({ config: { googleClientId: google.clientId, googleJwksUrl: google.jwksUrl, logLevel: 'trace' } });
    const secrets: string[] = [PASSWORD, NEW_PASSWORD];
    const wrongPassword = 'Wr0ng!Password-in-logs';
    secrets.push(wrongPassword);

    // Sign up and verify.
    const { email } = await app.signUp();
    const registrationCode = await env.mailbox.waitForCode(email);
    secrets.push(registrationCode);
    const verified = await app.post('/api/otp/verify', { email, otp: registrationCode });
    expect(verified.status).toBe(200);
    secrets.push(verified.body.accessToken, verified.cookies.get('tl_refresh')?.value ?? 'missing');

    // Log in (wrong, then right), refresh, replay, log out.
    await app.post('/api/auth/login', { email, password: wrongPassword });
    const session = await app.signIn(email, PASSWORD);
    secrets.push(session.accessToken, session.refreshCookie);
    const refreshed = await app.refresh(session.refreshCookie);
    expect(refreshed.status).toBe(200);
    secrets.push(refreshed.body.accessToken, refreshed.cookies.get('tl_refresh')?.value ?? 'missing');
    // A replay after the grace window is logged as an event (without the token).
    app.clock.advance(11_000);
    expect((await app.refresh(session.refreshCookie)).status).toBe(401);
    const second = await app.signIn(email, PASSWORD);
    secrets.push(second.accessToken, second.refreshCookie);
    expect((await app.get('/api/auth/logout', { cookies: { tl_refresh: second.refreshCookie } })).status).toBe(200);

    // Password reset.
    await app.post('/api/auth/request-password-reset', { email });
    const resetCode = await env.mailbox.waitForCode(email, 'password_reset');
    secrets.push(resetCode);
    const grantRes = await app.post('/api/otp/verify', { email, otp: resetCode, purpose: 'password_reset' });
    const grant = grantRes.cookies.get('tl_reset')?.value ?? 'missing';
    secrets.push(grant);
    expect(
      (await app.post('/api/user/password-reset', { email, newPassword: NEW_PASSWORD }, { cookies: { tl_reset: grant } })).status,
    ).toBe(200);
    for (let i = 0; i < 5; i++) await app.post('/api/auth/login', { email, password: wrongPassword });

    // Google.
    const credential = await google.idToken({ email: uniqueEmail('google') });
    secrets.push(credential);
    const googleSession = await app.post('/api/auth/google-signup', { credential });
    expect(googleSession.status).toBe(200);
    secrets.push(googleSession.body.accessToken);

    // A malformed body carrying a password.
    await app.post('/api/auth/login', undefined, {
      body: `{"email":"${email}","password":"${PASSWORD}"`,
      headers: { 'content-type': 'application/json' },
    });

    const lines = app.logs.lines;
    expect(lines.length).toBeGreaterThan(20);
    expect(lines.some((l) => l.includes('/api/auth/login'))).toBe(true);
    expect(lines.some((l) => l.includes('refresh token reuse detected'))).toBe(true);
    expect(lines.some((l) => l.includes('login locked'))).toBe(true);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();

    const text = app.logs.text();
    for (const secret of secrets) {
      if (/^\d{5}$/.test(secret)) continue; // codes: checked below, apart from numeric noise
      expect(secret.length).toBeGreaterThanOrEqual(8);
      expect(text.includes(secret), `a secret (${secret.slice(0, 3)}...) leaked into the log`).toBe(false);
    }
    // A five-digit code could turn up by chance inside a timestamp, a port or a uuid; take those
    // out, then no code may appear as a number of its own anywhere in the log.
    const scrubbed = lines.map(withoutNumericNoise).join('\n');
    for (const code of [registrationCode, resetCode]) expect(scrubbed).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
  });
});

const NOISE_KEYS = new Set(['time', 'pid', 'responseTime', 'remotePort', 'statusCode', 'level']);

/** A log line without the fields whose digits are not ours to judge (times, ports, ids). */
function withoutNumericNoise(line: string): string {
  const text = JSON.stringify(JSON.parse(line), (key, value) => (NOISE_KEYS.has(key) ? undefined : value));
  return text
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
    .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>');
}
