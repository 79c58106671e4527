import { ACCESS_TOKEN_MINUTES } from '@talentloop/contract';
import { SignJWT, errors, jwtVerify } from 'jose';
import type { Clock } from './clock.ts';

const ISSUER = 'talentloop';
const AUDIENCE = 'talentloop-web';
const ALG = 'HS256';
const VERIFIED_CACHE_MAX = 10_000;

/** Access tokens: HS256 JWTs, 60 minutes, issuer and audience checked, no other algorithm accepted. */
export function createTokenService(secret: string, clock: Clock) {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, { sub: string; exp: number }>();
  return {
    async sign(userId: string): Promise<string> {
      const now = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({})
        .setProtectedHeader({ alg: ALG, typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + ACCESS_TOKEN_MINUTES * 60)
        .sign(key);
    },
    /** The user id of a valid token, or null. */
    async verify(token: string): Promise<string | null> {
      // A token verified before is only checked for expiry again (exact string, bounded cache).
      const known = verified.get(token);
      if (known) {
        if (known.exp * 1000 > clock.now().getTime()) return known.sub;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALG],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: clock.now(),
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        if (!payload.sub || !payload.exp) return null;
        verified.set(token, { sub: payload.sub, exp: payload.exp });
        if (verified.size > VERIFIED_CACHE_MAX) verified.delete(verified.keys().next().value as string);
        return payload.sub;
      } catch (err) {
        if (err instanceof errors.JOSEError) return null;
        throw err;
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
