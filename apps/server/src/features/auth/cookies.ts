import { OTP_TTL_MINUTES, RESET_GRANT_MINUTES } from '@talentloop/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { randomToken } from '../../infra/secrets.ts';

// The auth cookies' policy, in one place: every one httpOnly, SameSite=Strict (they are only ever
// sent by the app's own fetches, so Strict costs nothing and stops cross-site requests from
// carrying them), Secure behind https, each on the narrowest path that reads it.

const REFRESH_COOKIE = 'tl_refresh';
const REFRESH_COOKIE_PATH = '/api/auth';
const RESET_COOKIE = 'tl_reset';
const RESET_COOKIE_PATH = '/api/user/password-reset';
/** Names the browser that asked for a code (docs/decisions.md): random, httpOnly, 10 minutes. */
const CODE_COOKIE = 'tl_code';
const CODE_COOKIE_PATH = '/api';
const CODE_COOKIE_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const secure = (config: Pick<Config, 'publicUrl'>) => config.publicUrl.startsWith('https:');

export function clearRefreshCookie(deps: { config: Pick<Config, 'publicUrl'> }, reply: FastifyReply) {
  reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure: secure(deps.config) });
}

/** The auth cookies of one request, read and written by the auth service without knowing the policy. */
export type AuthCookies = {
  refreshToken(): string | undefined;
  setRefreshToken(token: string, maxAgeS: number): void;
  clearRefreshToken(): void;
  resetGrant(): string | undefined;
  setResetGrant(grant: string): void;
  clearResetGrant(): void;
  /** This browser's code cookie if it holds a well-formed one, else null. */
  heldCodeBrowser(): string | null;
  /**
   * The browser's code cookie: kept when the browser already has a well-formed one (one browser
   * may register or reset several addresses), else a new random one; (re)set either way.
   */
  codeBrowser(): string;
};

export function authCookies(request: FastifyRequest, reply: FastifyReply, config: Pick<Config, 'publicUrl'>): AuthCookies {
  const heldCodeBrowser = () => {
    const held = request.cookies[CODE_COOKIE];
    return held && CODE_COOKIE_SHAPE.test(held) ? held : null;
  };
  return {
    refreshToken: () => request.cookies[REFRESH_COOKIE],
    setRefreshToken(token, maxAge) {
      reply.setCookie(REFRESH_COOKIE, token, {
        path: REFRESH_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: secure(config),
        maxAge,
      });
    },
    clearRefreshToken: () => clearRefreshCookie({ config }, reply),
    resetGrant: () => request.cookies[RESET_COOKIE],
    setResetGrant(grant) {
      reply.setCookie(RESET_COOKIE, grant, {
        path: RESET_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: secure(config),
        maxAge: RESET_GRANT_MINUTES * 60,
      });
    },
    clearResetGrant() {
      reply.clearCookie(RESET_COOKIE, { path: RESET_COOKIE_PATH });
    },
    heldCodeBrowser,
    codeBrowser() {
      const browser = heldCodeBrowser() ?? randomToken();
      reply.setCookie(CODE_COOKIE, browser, {
        path: CODE_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: secure(config),
        maxAge: OTP_TTL_MINUTES * 60,
      });
      return browser;
    },
  };
}
