import { isPersonName } from '@talentloop/contract/validation/names';
import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';

export type GoogleIdentity = { sub: string; email: string; firstName: string; lastName: string; picture: string | null };
export type GoogleVerifier = { verify: (credential: string) => Promise<GoogleIdentity> };

const ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/**
 * The first of Google's name parts that the one name rule takes (contract validation/names.ts), or
 * empty: a Google profile name may hold digits, emoji or a nickname, and we store no name a person
 * could not type into our own forms, nor a made-up one. The wizard's first step asks for an empty name.
 */
function personNameOrEmpty(...candidates: string[]): string {
  return candidates.map((c) => c.normalize('NFC').trim()).find((c) => c !== '' && isPersonName(c)) ?? '';
}

/** Verifies Google ID tokens: signature against the JWKS, issuer, audience, expiry, verified email. */
export function createGoogleVerifier(opts: { clientId: string; jwksUrl: string; clock: Clock }): GoogleVerifier {
  const jwks = createRemoteJWKSet(new URL(opts.jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
  return {
    async verify(credential) {
      let payload: Record<string, unknown>;
      try {
        ({ payload } = await jwtVerify(credential, jwks, {
          issuer: ISSUERS,
          audience: opts.clientId,
          algorithms: ['RS256'],
          currentDate: opts.clock.now(),
          requiredClaims: ['sub', 'exp', 'email'],
        }));
      } catch (err) {
        if (err instanceof errors.JWKSTimeout) throw new AppError('TL_CORE_01104_E');
        if (err instanceof errors.JOSEError) throw new AppError('TL_CORE_01103_E');
        // The key set could not be fetched at all.
        throw new AppError('TL_CORE_01104_E');
      }
      const verified = payload.email_verified === true || payload.email_verified === 'true';
      if (!verified || typeof payload.email !== 'string') throw new AppError('TL_CORE_01102_E');
      const str = (v: unknown) => (typeof v === 'string' ? v : '');
      const full = str(payload.name).trim().split(/\s+/);
      return {
        sub: str(payload.sub),
        email: payload.email,
        firstName: personNameOrEmpty(str(payload.given_name), full[0] ?? ''),
        lastName: personNameOrEmpty(str(payload.family_name), full.slice(1).join(' ')),
        picture: str(payload.picture) || null,
      };
    },
  };
}
