import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, test } from 'vitest';
import { createTokenService } from '../src/infra/tokens.ts';
import { createClock } from './helpers.ts';

// No route needs an access token yet, so the token service that every protected route will use
// (http/guards.ts requireUser) is tested directly.

const SECRET = 'unit-test-secret-0123456789-abcdefghijklmnop';
const USER = '7d0b6f4e-1c1a-4bb5-9d59-0b4c1f1d2a77';
const key = new TextEncoder().encode(SECRET);

function claims(clock: { now: () => Date }) {
  const now = Math.floor(clock.now().getTime() / 1000);
  return { sub: USER, iss: 'talentloop', aud: 'talentloop-web', iat: now, exp: now + 3600 };
}

describe('access token service', () => {
  test('a token it signed verifies to the user id', async () => {
    const tokens = createTokenService(SECRET, createClock());
    expect(await tokens.verify(await tokens.sign(USER))).toBe(USER);
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
    const token = await tokens.sign(USER);
    clock.advance(59 * 60_000);
    expect(await tokens.verify(token)).toBe(USER);
    clock.advance(60_000 + 1_000);
    expect(await tokens.verify(token)).toBeNull();
  });

  test('a token signed with another secret is refused', async () => {
    const clock = createClock();
    const other = createTokenService('another-secret-0123456789-abcdefghijklmnopq', clock);
    expect(await createTokenService(SECRET, clock).verify(await other.sign(USER))).toBeNull();
  });

  test('a token whose payload was changed is refused', async () => {
    const clock = createClock();
    const tokens = createTokenService(SECRET, clock);
    const [header, , signature] = (await tokens.sign(USER)).split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims(clock), sub: 'someone-else' })).toString('base64url');
    expect(await tokens.verify(`${header}.${forged}.${signature}`)).toBeNull();
  });

  test('garbage is refused without throwing', async () => {
    const tokens = createTokenService(SECRET, createClock());
    for (const junk of ['', 'abc', 'a.b.c', '...', 'eyJhbGciOiJIUzI1NiJ9.e30.']) expect(await tokens.verify(junk)).toBeNull();
  });
});
