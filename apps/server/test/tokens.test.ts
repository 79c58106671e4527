import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, test } from 'vitest';
import { createTokenService } from '../src/infra/tokens.ts';
import { createClock } from './helpers.ts';

// The token service that every protected route uses (http/guards.ts) is tested directly here; its
// edge cases through HTTP are in auth-access-tokens.test.ts.

const SECRET = 'unit-test-secret-0123456789-abcdefghijklmnop';
const USER = '7d0b6f4e-1c1a-4bb5-9d59-0b4c1f1d2a77';
const SESSION = '0f9e3c2a-5b4d-4e6f-8a7b-9c0d1e2f3a4b';
const CLAIMS = { userId: USER, sessionId: SESSION, roles: ['freelancer'] };
const key = new TextEncoder().encode(SECRET);

function claims(clock: { now: () => Date }) {
  const now = Math.floor(clock.now().getTime() / 1000);
  return { sub: USER, sid: SESSION, roles: ['freelancer'], iss: 'talentloop', aud: 'talentloop-web', iat: now, exp: now + 3600 };
}

describe('access token service', () => {
  test('a token it signed verifies to its user, session and roles', async () => {
    const tokens = createTokenService(SECRET, createClock());
    expect(await tokens.verify(await tokens.sign(CLAIMS))).toEqual(CLAIMS);
    // Twice: the second answer comes from the cache of verified tokens and must be the same.
    expect(await tokens.verify(await tokens.sign(CLAIMS))).toEqual(CLAIMS);
  });

  test('a correctly signed token with claims of the wrong shape is refused', async () => {
    const clock = createClock();
    const tokens = createTokenService(SECRET, clock);
    const sign = (extra: Record<string, unknown>) =>
      new SignJWT({ ...claims(clock), ...extra }).setProtectedHeader({ alg: 'HS256' }).sign(key);
    const cases: [string, Record<string, unknown>][] = [
      ['sub not a uuid', { sub: 'not-a-uuid' }],
      ['sub a number', { sub: 42 }],
      ['sid missing', { sid: undefined }],
      ['sid not a uuid', { sid: "1' OR '1'='1" }],
      ['sid an object', { sid: { id: SESSION } }],
      ['roles missing', { roles: undefined }],
      ['roles a string', { roles: 'operator' }],
      ['roles with a number', { roles: [1] }],
      ['roles with junk', { roles: ['operator; drop'] }],
      ['too many roles', { roles: Array(20).fill('freelancer') }],
      ['exp a string', { exp: 'tomorrow' }],
      ['aud an array of junk', { aud: [1, 2] }],
    ];
    for (const [label, extra] of cases)
      expect({ label, verified: await tokens.verify(await sign(extra)) }).toEqual({ label, verified: null });
  });

  test('a token with alg none is refused', async () => {
    const clock = createClock();
    const c = claims(clock);
    const unsigned = new UnsecuredJWT({})
      .setSubject(c.sub)
      .setIssuer(c.iss)
      .setAudience(c.aud)
      .setIssuedAt(c.iat)
      .setExpirationTime(c.exp)
      .encode();
    expect(unsigned.split('.')[2]).toBe('');
    expect(await createTokenService(SECRET, clock).verify(unsigned)).toBeNull();
    // The same with a signature part left on, and with the header spelled "None".
    const header = Buffer.from(JSON.stringify({ alg: 'None', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(JSON.stringify(c)).toString('base64url');
    expect(await createTokenService(SECRET, clock).verify(`${header}.${body}.`)).toBeNull();
    expect(await createTokenService(SECRET, clock).verify(`${unsigned}c2ln`)).toBeNull();
  });

  test('another algorithm is refused even with the right secret', async () => {
    const clock = createClock();
    const token = await new SignJWT(claims(clock)).setProtectedHeader({ alg: 'HS512' }).sign(key);
    expect(await createTokenService(SECRET, clock).verify(token)).toBeNull();
  });

  test('a token from another issuer is refused', async () => {
    const clock = createClock();
    const token = await new SignJWT({ ...claims(clock), iss: 'someone-else' }).setProtectedHeader({ alg: 'HS256' }).sign(key);
    expect(await createTokenService(SECRET, clock).verify(token)).toBeNull();
  });

  test('a token for another audience is refused', async () => {
    const clock = createClock();
    const token = await new SignJWT({ ...claims(clock), aud: 'another-app' }).setProtectedHeader({ alg: 'HS256' }).sign(key);
    expect(await createTokenService(SECRET, clock).verify(token)).toBeNull();
  });

  test('a token without an expiry is refused', async () => {
    const clock = createClock();
    const { exp: _exp, ...noExpiry } = claims(clock);
    const token = await new SignJWT(noExpiry).setProtectedHeader({ alg: 'HS256' }).sign(key);
    expect(await createTokenService(SECRET, clock).verify(token)).toBeNull();
  });

  test('an expired token is refused', async () => {
    const clock = createClock();
    const tokens = createTokenService(SECRET, clock);
    const token = await tokens.sign(CLAIMS);
    clock.advance(59 * 60_000);
    expect(await tokens.verify(token)).toEqual(CLAIMS);
    clock.advance(60_000 + 1_000);
    expect(await tokens.verify(token)).toBeNull();
  });

  test('a token signed with another secret is refused', async () => {
    const clock = createClock();
    const other = createTokenService('another-secret-0123456789-abcdefghijklmnopq', clock);
    expect(await createTokenService(SECRET, clock).verify(await other.sign(CLAIMS))).toBeNull();
  });

  test('a token whose payload was changed is refused', async () => {
    const clock = createClock();
    const tokens = createTokenService(SECRET, clock);
    const [header, , signature] = (await tokens.sign(CLAIMS)).split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims(clock), sub: 'someone-else' })).toString('base64url');
    expect(await tokens.verify(`${header}.${forged}.${signature}`)).toBeNull();
  });

  test('garbage is refused without throwing', async () => {
    const tokens = createTokenService(SECRET, createClock());
    const huge = `${'a'.repeat(100_000)}.${'b'.repeat(100_000)}.${'c'.repeat(100_000)}`;
    for (const junk of ['', 'abc', 'a.b.c', '...', 'eyJhbGciOiJIUzI1NiJ9.e30.', huge, '\u0000.\u0000.\u0000'])
      expect(await tokens.verify(junk)).toBeNull();
  });
});
