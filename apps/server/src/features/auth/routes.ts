import {
  LOGIN_FAILURE_WINDOW_MINUTES,
  LOGIN_LOCK_MINUTES,
  LOGIN_MAX_FAILURES,
  RESET_GRANT_MINUTES,
  api,
  normalizeEmail,
} from '@talentloop/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { rateLimit } from '../../http/guards.ts';
import { route } from '../../http/route.ts';
import { clearCounter, hitCounter, readCounter } from '../../infra/counters.ts';
import { pgErrorCode } from '../../infra/db/client.ts';
import { resetGrants, users } from '../../infra/db/schema.ts';
import { randomToken, sha256 } from '../../infra/secrets.ts';
import type { AuthDeps } from './deps.ts';
import { consumeCode, issueCode } from './otp.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { endSession, refreshSession, revokeAllSessions, startSession } from './sessions.ts';

const RESET_COOKIE = 'tl_reset';
const RESET_COOKIE_PATH = '/api/user/password-reset';
const lockKey = (email: string) => `login-lock:${email}`;
const failKey = (email: string) => `login-fail:${email}`;

export async function authRoutes(app: FastifyInstance, deps: AuthDeps) {
  const { db, clock, config } = deps;
  const limit = (name: string) => [rateLimit(db, clock, name, config.rateLimitPerMinute)];
  const findUser = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0];

  // spec: auth-onboarding §7 POST /user/register, §8 Sign-up codes
  route(app, api.register, { onRequest: limit('register') }, async (request) => {
    const body = request.body;
    if (body.userType === 'client') {
      if (!config.clientAccounts) throw new AppError('TL_CORE_01006_E');
      if (!body.company) throw new AppError('TL_CORE_01005_E');
    }
    const email = normalizeEmail(body.emailId);
    const passwordHash = await hashPassword(body.password);
    const now = clock.now();
    const profile = {
      passwordHash,
      firstName: body.firstName,
      lastName: body.lastName,
      userType: body.userType,
      company: body.userType === 'client' ? body.company : '',
      roles: [body.userType],
      updatedAt: now,
    };
    const attempt = () =>
      db.transaction(async (tx) => {
        await tx
          .insert(users)
          .values({ email, ...profile })
          .onConflictDoNothing();
        const [user] = await tx.select().from(users).where(eq(users.email, email)).for('update');
        if (!user) throw new Error('user row missing after insert');
        if (user.emailVerifiedAt) throw new AppError('TL_CORE_01009_E');
        // An unverified account can be registered again: the address owner proves it with the code.
        await tx.update(users).set(profile).where(eq(users.id, user.id));
        await issueCode(tx, { key: deps.otpKey, email, firstName: body.firstName, purpose: 'registration', now });
      });
    try {
      await attempt();
    } catch (err) {
      // Two first sign-ups racing on one address: the loser sees the winner's row on a second try.
      if (pgErrorCode(err) === '23505') await attempt();
      else throw err;
    }
    deps.outbox.kick();
    return { status: 'success' as const, responseMessage: 'Account created. A verification code was sent to your email.', emailId: email };
  });

  // spec: auth-onboarding §7 POST /otp/verify
  route(app, api.otpVerify, { onRequest: limit('otp-verify') }, async (request, reply) => {
    const { otp, purpose } = request.body;
    const email = normalizeEmail(request.body.email);
    const user = await findUser(email);
    if (!user) throw new AppError(purpose === 'registration' ? 'TL_CORE_01024_E' : 'TL_CORE_01028_E');
    if (purpose === 'registration' && user.emailVerifiedAt) throw new AppError('TL_CORE_01017_E');
    const now = clock.now();
    if (purpose === 'registration') {
      return consumeCode(db, { key: deps.otpKey, email, purpose, code: otp, now }, async (tx) => {
        const [verified] = await tx.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id)).returning();
        if (!verified) throw new AppError('TL_CORE_01014_E');
        const session = await startSession(deps, reply, verified, tx);
        return { ...session, emailId: verified.email, responseMessage: 'Email verified' };
      });
    }
    const grant = randomToken();
    await consumeCode(db, { key: deps.otpKey, email, purpose, code: otp, now }, async (tx) => {
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

  // spec: auth-onboarding §7 POST /otp/resend
  route(app, api.otpResend, { onRequest: limit('otp-resend') }, async (request) => {
    const { purpose } = request.body;
    const email = normalizeEmail(request.body.email);
    const user = await findUser(email);
    if (!user) throw new AppError(purpose === 'registration' ? 'TL_CORE_01024_E' : 'TL_CORE_01028_E');
    if (purpose === 'registration' && user.emailVerifiedAt) throw new AppError('TL_CORE_01018_E');
    await db.transaction((tx) => issueCode(tx, { key: deps.otpKey, email, firstName: user.firstName, purpose, now: clock.now() }));
    deps.outbox.kick();
    return { status: 'success' as const, responseMessage: 'A new code was sent to your email.' };
  });

  // spec: auth-onboarding §7 POST /auth/login, §8 Login codes
  route(app, api.login, { onRequest: limit('login') }, async (request, reply) => {
    const email = normalizeEmail(request.body.email);
    const now = clock.now();
    if ((await readCounter(db, lockKey(email), LOGIN_LOCK_MINUTES * 60_000, now)) > 0) throw new AppError('TL_CORE_01041_E');
    const user = await findUser(email);
    if (!user) throw new AppError('TL_CORE_01090_E');
    if (!user.passwordHash) throw new AppError('TL_CORE_01022_E');
    if (!(await verifyPassword(user.passwordHash, request.body.password))) {
      const failures = await hitCounter(db, failKey(email), LOGIN_FAILURE_WINDOW_MINUTES * 60_000, now);
      if (failures >= LOGIN_MAX_FAILURES) {
        await hitCounter(db, lockKey(email), LOGIN_LOCK_MINUTES * 60_000, now);
        await clearCounter(db, failKey(email));
        request.log.warn({ userId: user.id }, 'login locked after repeated failures');
      }
      throw new AppError('TL_CORE_01040_E');
    }
    if (!user.emailVerifiedAt) throw new AppError('TL_CORE_01038_E');
    await clearCounter(db, failKey(email));
    return startSession(deps, reply, user);
  });

  route(app, api.refresh, { onRequest: limit('refresh') }, async (request, reply) => refreshSession(deps, request, reply, request.log));

  route(app, api.logout, { onRequest: limit('logout') }, async (request, reply) => {
    await endSession(deps, request, reply);
    return { status: 'success' as const, responseMessage: 'Logged out' };
  });

  // spec: auth-onboarding §7 POST /auth/request-password-reset
  route(app, api.requestPasswordReset, { onRequest: limit('reset-request') }, async (request) => {
    const email = normalizeEmail(request.body.email);
    const user = await findUser(email);
    if (!user) throw new AppError('TL_CORE_01028_E');
    await db.transaction((tx) =>
      issueCode(tx, { key: deps.otpKey, email, firstName: user.firstName, purpose: 'password_reset', now: clock.now() }),
    );
    deps.outbox.kick();
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
