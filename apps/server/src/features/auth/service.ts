import { RESET_GRANT_MINUTES, type api, normalizeEmail } from '@talentloop/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { clearCounter } from '../../infra/counters.ts';
import { randomToken, sha256 } from '../../infra/secrets.ts';
import { type RegistrationPayload, createCodeService, dropCodes, isRegistrationPayload } from '../codes/service.ts';
import type { AuthCookies } from './cookies.ts';
import type { AuthDeps } from './deps.ts';
import { checkPasswordGuess, isLoginLocked, loginFailKey as failKey, loginLockKey as lockKey } from './lockout.ts';
import { hashPassword } from './passwords.ts';
import {
  type User,
  activateRegistration,
  createGoogleUser,
  findUserByEmail,
  findUserByGoogleSub,
  insertResetGrant,
  linkGoogleSub,
  setResetPassword,
  useResetGrant,
} from './queries.ts';
import { endSession, refreshSession, revokeAllSessions, startSession } from './sessions.ts';

// Sign-up, sign-in, sessions and password reset (spec: auth-onboarding §7, §8). Addresses arrive
// normalized (routes.ts); the codes are features/codes, the cookies' policy cookies.ts.

/** What a request gives the service: its auth cookies, its IP (the reset code's requester), its log. */
export type AuthContext = { cookies: AuthCookies; ip: string; log: FastifyBaseLogger };

type RegisterBody = z.output<typeof api.register.body>;

/**
 * A suspended account (issue 21, operator console) signs in by no path: password, Google,
 * refresh. Checked once the caller has proven who they are, so a stranger learns nothing.
 */
export function refuseSuspended(user: { suspendedAt: Date | null }) {
  if (user.suspendedAt) throw new AppError('TL_CORE_14100_E');
}

export function createAuthService(deps: AuthDeps) {
  const { db, clock, config } = deps;
  const codes = createCodeService(deps);
  const findUser = (email: string) => findUserByEmail(db, email);

  /** Issues a password-reset code bound to this browser (an existing user's address). */
  async function sendResetCode(ctx: AuthContext, user: User) {
    const browser = ctx.cookies.codeBrowser();
    await codes.issue('password_reset', {
      email: user.email,
      firstName: user.firstName,
      requester: sha256(browser),
      ip: ctx.ip,
      now: clock.now(),
    });
  }

  /**
   * The requester a code must have been sent to: this browser (hash of its code cookie). No code
   * of this browser: registration 01043 (started elsewhere) or 01024 (nobody registered the
   * address); password reset 01019 (request a new code here).
   */
  async function requesterOf(ctx: AuthContext, email: string, purpose: api.OtpPurpose, now: Date): Promise<string> {
    const held = ctx.cookies.heldCodeBrowser();
    const requester = held ? sha256(held) : null;
    if (requester && (await codes.find(purpose, email, requester))) return requester;
    if (purpose === 'password_reset') throw new AppError('TL_CORE_01019_E');
    // Read again: a parallel submission may have just verified the address (and dropped its codes).
    const user = await findUser(email);
    if (user?.emailVerifiedAt) throw new AppError('TL_CORE_01017_E');
    if (!user && !(await codes.hasPendingRegistration(email, now))) throw new AppError('TL_CORE_01024_E');
    ctx.log.info('registration code submitted from a browser that did not register');
    throw new AppError('TL_CORE_01043_E');
  }

  /**
   * Links a Google identity to an account with the same (Google-verified) email. An unverified
   * password account is taken over: its password was never proven, so it is discarded.
   */
  async function linkGoogle(user: User, sub: string, now: Date) {
    const updated = await linkGoogleSub(db, user, sub, now);
    if (!updated) throw new AppError('TL_CORE_01042_E');
    if (!user.emailVerifiedAt) await revokeAllSessions(db, user.id, now);
    return updated;
  }

  return {
    /**
     * spec: auth-onboarding §7 POST /user/register, §8 Sign-up codes. The details are held with
     * the code, bound to this browser: the code activates exactly this attempt, only from here.
     */
    async register(ctx: AuthContext, email: string, body: RegisterBody) {
      if (body.userType === 'client') {
        if (!config.clientAccounts) throw new AppError('TL_CORE_01006_E');
        if (!body.company) throw new AppError('TL_CORE_01005_E');
      }
      if ((await findUser(email))?.emailVerifiedAt) throw new AppError('TL_CORE_01009_E');
      const payload: RegistrationPayload = {
        passwordHash: await hashPassword(body.password, config.passwordHash),
        firstName: body.firstName,
        lastName: body.lastName,
        userType: body.userType,
        company: body.userType === 'client' ? body.company : '',
      };
      const browser = ctx.cookies.codeBrowser();
      await codes.issue('registration', {
        email,
        firstName: body.firstName,
        requester: sha256(browser),
        ip: ctx.ip,
        now: clock.now(),
        payload,
      });
    },

    /** spec: auth-onboarding §7 POST /otp/verify, registration: activates the attempt and signs in. */
    async verifyRegistration(ctx: AuthContext, email: string, otp: string) {
      const now = clock.now();
      if ((await findUser(email))?.emailVerifiedAt) throw new AppError('TL_CORE_01017_E');
      const requester = await requesterOf(ctx, email, 'registration', now);
      return codes.consume('registration', { email, requester, ip: ctx.ip, code: otp, now }, async (tx, row) => {
        if (!isRegistrationPayload(row.payload)) throw new AppError('TL_CORE_01019_E');
        const verified = await activateRegistration(tx, email, row.payload, now);
        if (!verified) throw new AppError('TL_CORE_01017_E');
        await dropCodes(tx, email, 'registration');
        refuseSuspended(verified);
        const session = await startSession(deps, ctx.cookies, verified, tx);
        return { ...session, emailId: verified.email };
      });
    },

    /** spec: auth-onboarding §7 POST /otp/verify, password reset: grants this browser the reset. */
    async verifyReset(ctx: AuthContext, email: string, otp: string) {
      const now = clock.now();
      if (!(await findUser(email))) throw new AppError('TL_CORE_01028_E');
      const requester = await requesterOf(ctx, email, 'password_reset', now);
      const grant = randomToken();
      await codes.consume('password_reset', { email, requester, ip: ctx.ip, code: otp, now }, async (tx) => {
        await insertResetGrant(tx, sha256(grant), email, new Date(now.getTime() + RESET_GRANT_MINUTES * 60_000));
      });
      ctx.cookies.setResetGrant(grant);
    },

    /**
     * spec: auth-onboarding §7 POST /otp/resend. A registration code is resent only to the browser
     * that registered (same attempt); a reset code is simply requested again from this browser.
     */
    async resendCode(ctx: AuthContext, email: string, purpose: api.OtpPurpose) {
      const user = await findUser(email);
      const now = clock.now();
      if (purpose === 'password_reset') {
        if (!user) throw new AppError('TL_CORE_01028_E');
        await sendResetCode(ctx, user);
        return;
      }
      if (user?.emailVerifiedAt) throw new AppError('TL_CORE_01018_E');
      const requester = await requesterOf(ctx, email, purpose, now);
      const row = await codes.find(purpose, email, requester);
      if (!row || !isRegistrationPayload(row.payload)) throw new AppError('TL_CORE_01043_E');
      await codes.resend(purpose, { email, firstName: row.payload.firstName, requester, ip: ctx.ip, now });
      ctx.cookies.codeBrowser(); // renews the cookie's life with the new code
    },

    /** spec: auth-onboarding §7 POST /auth/login, §8 Login codes */
    async login(ctx: AuthContext, email: string, password: string) {
      const now = clock.now();
      if (await isLoginLocked(db, email, now)) throw new AppError('TL_CORE_01041_E');
      const user = await findUser(email);
      if (!user) throw new AppError((await codes.hasPendingRegistration(email, now)) ? 'TL_CORE_01038_E' : 'TL_CORE_01090_E');
      if (!user.passwordHash) throw new AppError('TL_CORE_01022_E');
      // Every guess is counted before the password is compared (lockout.ts), so parallel guesses
      // cannot get more than LOGIN_MAX_FAILURES evaluated before the lock.
      const guess = await checkPasswordGuess(db, { email, passwordHash: user.passwordHash }, password, now, {
        lockChecked: true,
      });
      if (!guess.ok) {
        if (guess.locked) ctx.log.warn({ userId: user.id }, 'login locked after repeated failures');
        throw new AppError('TL_CORE_01040_E');
      }
      if (!user.emailVerifiedAt) throw new AppError('TL_CORE_01038_E');
      refuseSuspended(user);
      return startSession(deps, ctx.cookies, user);
    },

    refresh: (ctx: AuthContext) => refreshSession(deps, ctx.cookies, ctx.log),

    logout: (ctx: AuthContext) => endSession(deps, ctx.cookies),

    /** spec: auth-onboarding §7 POST /auth/request-password-reset */
    async requestPasswordReset(ctx: AuthContext, email: string) {
      const user = await findUser(email);
      if (!user) throw new AppError('TL_CORE_01028_E');
      await sendResetCode(ctx, user);
    },

    /**
     * spec: auth-onboarding §7 POST /user/password-reset. Only a browser holding the grant that
     * /otp/verify set for this email may set the password.
     */
    async resetPassword(ctx: AuthContext, email: string, newPassword: string) {
      const grant = ctx.cookies.resetGrant();
      const now = clock.now();
      if (!grant) throw new AppError('TL_CORE_01033_E');
      const passwordHash = await hashPassword(newPassword, config.passwordHash);
      await db.transaction(async (tx) => {
        if (!(await useResetGrant(tx, sha256(grant), email, now))) throw new AppError('TL_CORE_01033_E');
        const user = await setResetPassword(tx, email, passwordHash, now);
        if (!user) throw new AppError('TL_CORE_01028_E');
        await revokeAllSessions(tx, user.id, now);
      });
      await clearCounter(db, lockKey(email));
      await clearCounter(db, failKey(email));
      ctx.cookies.clearResetGrant();
    },

    /** spec: auth-onboarding §7 POST /auth/google-signin, §8 Google */
    async googleSignIn(ctx: AuthContext, credential: string) {
      if (!deps.google) throw new AppError('TL_CORE_01104_E');
      const id = await deps.google.verify(credential);
      const now = clock.now();
      const email = normalizeEmail(id.email);
      const linked = await findUserByGoogleSub(db, id.sub);
      if (linked) {
        refuseSuspended(linked);
        return startSession(deps, ctx.cookies, linked);
      }
      const existing = await findUser(email);
      if (!existing) throw new AppError('TL_CORE_01039_E');
      refuseSuspended(existing);
      const user = await linkGoogle(existing, id.sub, now);
      return startSession(deps, ctx.cookies, user);
    },

    async googleSignUp(ctx: AuthContext, credential: string, userType: string | undefined) {
      if (!deps.google) throw new AppError('TL_CORE_01104_E');
      if (userType !== 'freelancer') throw new AppError('TL_CORE_01006_E', 'Google signup is only available for freelancers');
      const id = await deps.google.verify(credential);
      const now = clock.now();
      const email = normalizeEmail(id.email);
      const linked = await findUserByGoogleSub(db, id.sub);
      if (linked) throw new AppError('TL_CORE_01042_E');
      const existing = await findUser(email);
      if (existing) {
        if (existing.googleSub) throw new AppError('TL_CORE_01042_E');
        refuseSuspended(existing);
        return startSession(deps, ctx.cookies, await linkGoogle(existing, id.sub, now));
      }
      const created = await createGoogleUser(db, id, email, now);
      if (!created) throw new AppError('TL_CORE_01042_E');
      return startSession(deps, ctx.cookies, created);
    },
  };
}
