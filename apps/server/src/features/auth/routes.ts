import { OTP_MAX_FAILURES_PER_DAY, OTP_TTL_MINUTES, RESET_GRANT_MINUTES, api, normalizeEmail } from '@talentloop/contract';
import { MAIL_CAPS, PASSWORD_RESET_SENDS_PER_REQUESTER } from '@talentloop/contract/mail-caps';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { rateLimit } from '../../http/guards.ts';
import { route } from '../../http/route.ts';
import { clearCounter } from '../../infra/counters.ts';
import type { Db } from '../../infra/db/client.ts';
import { otpCodes, resetGrants, users } from '../../infra/db/schema.ts';
import { randomToken, sha256 } from '../../infra/secrets.ts';
import type { AuthDeps } from './deps.ts';
import {
  type Cap,
  type RegistrationPayload,
  consumeCode,
  findCode,
  hasPendingRegistration,
  isRegistrationPayload,
  issueCode,
} from './otp.ts';
import { checkPasswordGuess, isLoginLocked, loginFailKey as failKey, loginLockKey as lockKey } from './lockout.ts';
import { hashPassword } from './passwords.ts';
import { endSession, refreshSession, revokeAllSessions, startSession } from './sessions.ts';

const RESET_COOKIE = 'tl_reset';
const RESET_COOKIE_PATH = '/api/user/password-reset';
/** Names the browser that asked for a code (docs/decisions.md): random, httpOnly, 10 minutes. */
const CODE_COOKIE = 'tl_code';
const CODE_COOKIE_PATH = '/api';
const CODE_COOKIE_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Reset codes: a backstop across all requesters, far above what one requester may do. */
const RESET_FAILURES_PER_DAY_ALL = 100;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Send caps (the numbers: contract mail-caps.ts). Registration: per address, as before. Password
 * reset: per address and requesting IP, so one stranger's requests never use up the owner's; a
 * higher cap per address bounds mail.
 */
function sendCaps(request: FastifyRequest, email: string, purpose: api.OtpPurpose): Cap[] {
  if (purpose === 'registration')
    return [{ key: `otp-send:${email}`, max: MAIL_CAPS.registrationCode.perRecipientPerHour, windowMs: HOUR_MS }];
  return [
    { key: `otp-send:reset:${email}:${request.ip}`, max: PASSWORD_RESET_SENDS_PER_REQUESTER, windowMs: HOUR_MS },
    { key: `otp-send:reset:${email}`, max: MAIL_CAPS.passwordResetCode.perRecipientPerHour, windowMs: HOUR_MS },
  ];
}

/**
 * Wrong-code caps. Registration: 20 a day per address. Password reset: counted apart, 20 a day
 * per address and requesting IP, with a per-address backstop of 100: guesses made elsewhere (a
 * stranger's wrong codes, registration or login) never block the owner's reset.
 */
function failureCaps(request: FastifyRequest, email: string, purpose: api.OtpPurpose): Cap[] {
  if (purpose === 'registration') return [{ key: `otp-fail:${email}`, max: OTP_MAX_FAILURES_PER_DAY, windowMs: DAY_MS }];
  return [
    { key: `otp-fail:reset:${email}:${request.ip}`, max: OTP_MAX_FAILURES_PER_DAY, windowMs: DAY_MS },
    { key: `otp-fail:reset:${email}`, max: RESET_FAILURES_PER_DAY_ALL, windowMs: DAY_MS },
  ];
}

export async function authRoutes(app: FastifyInstance, deps: AuthDeps) {
  const { db, clock, config } = deps;
  const limit = (name: string) => [rateLimit(db, clock, name, config.rateLimitPerMinute)];
  const findUser = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0];

  // spec: auth-onboarding §7 POST /user/register, §8 Sign-up codes. The details are held with
  // the code, bound to this browser: the code activates exactly this attempt, only from here.
  route(app, api.register, { onRequest: limit('register') }, async (request, reply) => {
    const body = request.body;
    if (body.userType === 'client') {
      if (!config.clientAccounts) throw new AppError('TL_CORE_01006_E');
      if (!body.company) throw new AppError('TL_CORE_01005_E');
    }
    const email = normalizeEmail(body.emailId);
    if ((await findUser(email))?.emailVerifiedAt) throw new AppError('TL_CORE_01009_E');
    const payload: RegistrationPayload = {
      passwordHash: await hashPassword(body.password),
      firstName: body.firstName,
      lastName: body.lastName,
      userType: body.userType,
      company: body.userType === 'client' ? body.company : '',
    };
    const browser = codeBrowser(request, reply);
    await db.transaction((tx) =>
      issueCode(tx, {
        key: deps.otpKey,
        email,
        firstName: body.firstName,
        purpose: 'registration',
        requester: sha256(browser),
        now: clock.now(),
        sendCaps: sendCaps(request, email, 'registration'),
        payload,
      }),
    );
    deps.outbox.kick();
    return { status: 'success' as const, responseMessage: 'Account created. A verification code was sent to your email.', emailId: email };
  });

  // spec: auth-onboarding §7 POST /otp/verify
  route(app, api.otpVerify, { onRequest: limit('otp-verify') }, async (request, reply) => {
    const { otp, purpose } = request.body;
    const email = normalizeEmail(request.body.email);
    const user = await findUser(email);
    const now = clock.now();
    if (purpose === 'registration') {
      if (user?.emailVerifiedAt) throw new AppError('TL_CORE_01017_E');
    } else if (!user) throw new AppError('TL_CORE_01028_E');
    const requester = await requesterOf(request, email, purpose, now);
    const code = { key: deps.otpKey, email, purpose, requester, code: otp, now, failureCaps: failureCaps(request, email, purpose) };
    if (purpose === 'registration') {
      return consumeCode(db, code, async (tx, row) => {
        if (!isRegistrationPayload(row.payload)) throw new AppError('TL_CORE_01019_E');
        const verified = await activateRegistration(tx, email, row.payload, now);
        const session = await startSession(deps, reply, verified, tx);
        return { ...session, emailId: verified.email, responseMessage: 'Email verified' };
      });
    }
    const grant = randomToken();
    await consumeCode(db, code, async (tx) => {
      await tx
        .insert(resetGrants)
        .values({ tokenHash: sha256(grant), email, expiresAt: new Date(now.getTime() + RESET_GRANT_MINUTES * 60_000) });
    });
    reply.setCookie(RESET_COOKIE, grant, {
      path: RESET_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: config.publicUrl.startsWith('https:'),
      maxAge: RESET_GRANT_MINUTES * 60,
    });
    return { status: 'success' as const, responseCode: 'TL_CORE_00200_S', responseMessage: 'Code verified', emailId: email };
  });

  // spec: auth-onboarding §7 POST /otp/resend. A registration code is resent only to the browser
  // that registered (same attempt); a reset code is simply requested again from this browser.
  route(app, api.otpResend, { onRequest: limit('otp-resend') }, async (request, reply) => {
    const { purpose } = request.body;
    const email = normalizeEmail(request.body.email);
    const user = await findUser(email);
    const now = clock.now();
    if (purpose === 'password_reset') {
      if (!user) throw new AppError('TL_CORE_01028_E');
      await sendResetCode(request, reply, user);
      return { status: 'success' as const, responseMessage: 'A new code was sent to your email.' };
    }
    if (user?.emailVerifiedAt) throw new AppError('TL_CORE_01018_E');
    const requester = await requesterOf(request, email, purpose, now);
    const row = await findCode(db, email, purpose, requester);
    if (!row || !isRegistrationPayload(row.payload)) throw new AppError('TL_CORE_01043_E');
    const firstName = row.payload.firstName;
    await db.transaction((tx) =>
      issueCode(tx, { key: deps.otpKey, email, firstName, purpose, requester, now, sendCaps: sendCaps(request, email, purpose) }),
    );
    codeBrowser(request, reply); // renews the cookie's life with the new code
    deps.outbox.kick();
    return { status: 'success' as const, responseMessage: 'A new code was sent to your email.' };
  });

  // spec: auth-onboarding §7 POST /auth/login, §8 Login codes
  route(app, api.login, { onRequest: limit('login') }, async (request, reply) => {
    const email = normalizeEmail(request.body.email);
    const now = clock.now();
    if (await isLoginLocked(db, email, now)) throw new AppError('TL_CORE_01041_E');
    const user = await findUser(email);
    if (!user) throw new AppError((await hasPendingRegistration(db, email, now)) ? 'TL_CORE_01038_E' : 'TL_CORE_01090_E');
    if (!user.passwordHash) throw new AppError('TL_CORE_01022_E');
    // Every guess is counted before the password is compared (lockout.ts), so parallel guesses
    // cannot get more than LOGIN_MAX_FAILURES evaluated before the lock.
    const guess = await checkPasswordGuess(db, { email, passwordHash: user.passwordHash }, request.body.password, now, {
      lockChecked: true,
    });
    if (!guess.ok) {
      if (guess.locked) request.log.warn({ userId: user.id }, 'login locked after repeated failures');
      throw new AppError('TL_CORE_01040_E');
    }
    if (!user.emailVerifiedAt) throw new AppError('TL_CORE_01038_E');
    return startSession(deps, reply, user);
  });

  route(app, api.refresh, { onRequest: limit('refresh') }, async (request, reply) => refreshSession(deps, request, reply, request.log));

  route(app, api.logout, { onRequest: limit('logout') }, async (request, reply) => {
    await endSession(deps, request, reply);
    return { status: 'success' as const, responseMessage: 'Logged out' };
  });

  // spec: auth-onboarding §7 POST /auth/request-password-reset
  route(app, api.requestPasswordReset, { onRequest: limit('reset-request') }, async (request, reply) => {
    const email = normalizeEmail(request.body.email);
    const user = await findUser(email);
    if (!user) throw new AppError('TL_CORE_01028_E');
    await sendResetCode(request, reply, user);
    return { status: 'success' as const, responseMessage: 'A verification code was sent to your email.' };
  });

  // spec: auth-onboarding §7 POST /user/password-reset. Only a browser holding the grant that
  // /otp/verify set for this email may set the password.
  route(app, api.passwordReset, { onRequest: limit('reset') }, async (request, reply) => {
    const email = normalizeEmail(request.body.email);
    const grant = request.cookies[RESET_COOKIE];
    const now = clock.now();
    if (!grant) throw new AppError('TL_CORE_01033_E');
    const passwordHash = await hashPassword(request.body.newPassword);
    await db.transaction(async (tx) => {
      const used = await tx
        .update(resetGrants)
        .set({ usedAt: now })
        .where(
          and(
            eq(resetGrants.tokenHash, sha256(grant)),
            eq(resetGrants.email, email),
            isNull(resetGrants.usedAt),
            gt(resetGrants.expiresAt, now),
          ),
        )
        .returning();
      if (used.length === 0) throw new AppError('TL_CORE_01033_E');
      const [user] = await tx
        .update(users)
        .set({ passwordHash, emailVerifiedAt: sql`COALESCE(${users.emailVerifiedAt}, ${now})`, updatedAt: now })
        .where(eq(users.email, email))
        .returning();
      if (!user) throw new AppError('TL_CORE_01028_E');
      await revokeAllSessions(tx, user.id, now);
    });
    await clearCounter(db, lockKey(email));
    await clearCounter(db, failKey(email));
    reply.clearCookie(RESET_COOKIE, { path: RESET_COOKIE_PATH });
    return { status: 'success' as const, responseMessage: 'Password updated. Please log in with your new password.' };
  });

  // spec: auth-onboarding §7 POST /auth/google-signin, §8 Google
  route(app, api.googleSignIn, { onRequest: limit('google') }, async (request, reply) => {
    if (!deps.google) throw new AppError('TL_CORE_01104_E');
    const id = await deps.google.verify(request.body.credential);
    const now = clock.now();
    const email = normalizeEmail(id.email);
    const [linked] = await db.select().from(users).where(eq(users.googleSub, id.sub));
    if (linked) return startSession(deps, reply, linked);
    const existing = await findUser(email);
    if (!existing) throw new AppError('TL_CORE_01039_E');
    const user = await linkGoogle(existing, id.sub, now);
    return startSession(deps, reply, user);
  });

  route(app, api.googleSignUp, { onRequest: limit('google') }, async (request, reply) => {
    if (!deps.google) throw new AppError('TL_CORE_01104_E');
    if (request.body.userType !== 'freelancer') throw new AppError('TL_CORE_01006_E', 'Google signup is only available for freelancers');
    const id = await deps.google.verify(request.body.credential);
    const now = clock.now();
    const email = normalizeEmail(id.email);
    const [linked] = await db.select().from(users).where(eq(users.googleSub, id.sub));
    if (linked) throw new AppError('TL_CORE_01042_E');
    const existing = await findUser(email);
    if (existing) {
      if (existing.googleSub) throw new AppError('TL_CORE_01042_E');
      return startSession(deps, reply, await linkGoogle(existing, id.sub, now));
    }
    const [created] = await db
      .insert(users)
      .values({
        email,
        firstName: id.firstName,
        lastName: id.lastName,
        userType: 'freelancer',
        roles: ['freelancer'],
        googleSub: id.sub,
        emailVerifiedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new AppError('TL_CORE_01042_E');
    return startSession(deps, reply, created);
  });

  /** Issues a password-reset code bound to this browser (an existing user's address). */
  async function sendResetCode(request: FastifyRequest, reply: FastifyReply, user: typeof users.$inferSelect) {
    const browser = codeBrowser(request, reply);
    await db.transaction((tx) =>
      issueCode(tx, {
        key: deps.otpKey,
        email: user.email,
        firstName: user.firstName,
        purpose: 'password_reset',
        requester: sha256(browser),
        now: clock.now(),
        sendCaps: sendCaps(request, user.email, 'password_reset'),
      }),
    );
    deps.outbox.kick();
  }

  /**
   * The browser's code cookie: kept when the browser already has a well-formed one (one browser
   * may register or reset several addresses), else a new random one; (re)set either way.
   */
  function codeBrowser(request: FastifyRequest, reply: FastifyReply): string {
    const held = request.cookies[CODE_COOKIE];
    const browser = held && CODE_COOKIE_SHAPE.test(held) ? held : randomToken();
    reply.setCookie(CODE_COOKIE, browser, {
      path: CODE_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: config.publicUrl.startsWith('https:'),
      maxAge: OTP_TTL_MINUTES * 60,
    });
    return browser;
  }

  /**
   * The requester a code must have been sent to: this browser (hash of its code cookie). No code
   * of this browser: registration 01043 (started elsewhere) or 01024 (nobody registered the
   * address); password reset 01019 (request a new code here).
   */
  async function requesterOf(request: FastifyRequest, email: string, purpose: api.OtpPurpose, now: Date): Promise<string> {
    const held = request.cookies[CODE_COOKIE];
    const requester = held && CODE_COOKIE_SHAPE.test(held) ? sha256(held) : null;
    if (requester && (await findCode(db, email, purpose, requester))) return requester;
    if (purpose === 'password_reset') throw new AppError('TL_CORE_01019_E');
    // Read again: a parallel submission may have just verified the address (and dropped its codes).
    const user = await findUser(email);
    if (user?.emailVerifiedAt) throw new AppError('TL_CORE_01017_E');
    if (!user && !(await hasPendingRegistration(db, email, now))) throw new AppError('TL_CORE_01024_E');
    request.log.info('registration code submitted from a browser that did not register');
    throw new AppError('TL_CORE_01043_E');
  }

  /**
   * Creates the account from the verified attempt, or fills a legacy unverified row; never
   * touches a verified account (01017). Every other pending attempt for the address dies.
   */
  async function activateRegistration(tx: Tx, email: string, attempt: RegistrationPayload, now: Date) {
    const details = {
      passwordHash: attempt.passwordHash,
      firstName: attempt.firstName,
      lastName: attempt.lastName,
      userType: attempt.userType,
      company: attempt.company,
      roles: [attempt.userType],
      emailVerifiedAt: now,
      updatedAt: now,
    };
    const [verified] = await tx
      .insert(users)
      .values({ email, ...details, createdAt: now })
      .onConflictDoUpdate({ target: users.email, set: details, setWhere: isNull(users.emailVerifiedAt) })
      .returning();
    if (!verified) throw new AppError('TL_CORE_01017_E');
    await tx.delete(otpCodes).where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, 'registration')));
    return verified;
  }

  /**
   * Links a Google identity to an account with the same (Google-verified) email. An unverified
   * password account is taken over: its password was never proven, so it is discarded.
   */
  async function linkGoogle(user: typeof users.$inferSelect, sub: string, now: Date) {
    const [updated] = await db
      .update(users)
      .set({
        googleSub: sub,
        passwordHash: user.emailVerifiedAt ? user.passwordHash : null,
        emailVerifiedAt: user.emailVerifiedAt ?? now,
        updatedAt: now,
      })
      .where(and(eq(users.id, user.id), isNull(users.googleSub)))
      .returning();
    if (!updated) throw new AppError('TL_CORE_01042_E');
    if (!user.emailVerifiedAt) await revokeAllSessions(db, user.id, now);
    return updated;
  }
}
