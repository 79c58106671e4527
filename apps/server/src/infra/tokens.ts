import { isUuid } from '@talentloop/contract/validation/ids';
import { ACCESS_TOKEN_MINUTES } from '@talentloop/contract';
import { type JWTPayload, SignJWT, errors, jwtVerify } from 'jose';
import type { Clock } from './clock.ts';

const ISSUER = 'talentloop';
const AUDIENCE = 'talentloop-web';
const ALG = 'HS256';
const VERIFIED_CACHE_MAX = 10_000;
/** Far above any token we sign (~400 characters); longer input is refused before any parsing. */
export const ACCESS_TOKEN_MAX_LENGTH = 2_048;
const ROLE = /^[a-z_]{1,32}$/;
const MAX_ROLES = 8;

/** Who a valid access token speaks for: the user, the session it was issued to, roles at sign time. */
export type AccessClaims = { userId: string; sessionId: string; roles: string[] };

/** The claims of a verified payload, or null when any of them has the wrong shape. */
function claimsOf(payload: JWTPayload): AccessClaims | null {
  const { sub, sid, roles } = payload;
  if (!isUuid(sub)) return null;
  if (!isUuid(sid)) return null;
  if (!Array.isArray(roles) || roles.length > MAX_ROLES) return null;
  if (!roles.every((r): r is string => typeof r === 'string' && ROLE.test(r))) return null;
  return { userId: sub.toLowerCase(), sessionId: sid.toLowerCase(), roles: [...roles] };
}

/**
 * Access tokens: HS256 JWTs, 60 minutes, issuer and audience checked, no other algorithm accepted.
 * Claims: `sub` (user id), `sid` (the session row it was issued to, checked against revocation on
 * every request by the guards), `roles` (the user's roles when signed). docs/decisions.md
 */
export function createTokenService(secret: string, clock: Clock) {
  const key = new TextEncoder().encode(secret);
  // Signature checks are pure, so a token verified before is only checked for expiry again (exact
  // string, bounded). Revocation is not cached here: the guards look the session up every time.
  const verified = new Map<string, { claims: AccessClaims; exp: number }>();
  return {
    async sign(claims: AccessClaims): Promise<string> {
      const now = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ sid: claims.sessionId, roles: claims.roles })
        .setProtectedHeader({ alg: ALG, typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + ACCESS_TOKEN_MINUTES * 60)
        .sign(key);
    },
    /** The claims of a valid token, or null (never throws for bad input). */
    async verify(token: string): Promise<AccessClaims | null> {
      if (typeof token !== 'string' || token.length === 0 || token.length > ACCESS_TOKEN_MAX_LENGTH) return null;
      const known = verified.get(token);
      if (known) {
        if (known.exp * 1000 > clock.now().getTime()) return { ...known.claims, roles: [...known.claims.roles] };
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALG],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: clock.now(),
          requiredClaims: ['sub', 'exp', 'iat', 'sid'],
        });
        const claims = claimsOf(payload);
        if (!claims || typeof payload.exp !== 'number') return null;
        // Issued in the future (beyond a minute of clock skew between instances): not one of ours.
        if (typeof payload.iat !== 'number' || payload.iat * 1000 > clock.now().getTime() + 60_000) return null;
        verified.set(token, { claims, exp: payload.exp });
        if (verified.size > VERIFIED_CACHE_MAX) verified.delete(verified.keys().next().value as string);
        return { ...claims, roles: [...claims.roles] };
      } catch (err) {
        if (err instanceof errors.JOSEError || err instanceof TypeError || err instanceof SyntaxError) return null;
        throw err;
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
