import { api, normalizeEmail } from '@talentloop/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { rateLimit } from '../../http/guards.ts';
import { route } from '../../http/route.ts';
import { authCookies } from './cookies.ts';
import type { AuthDeps } from './deps.ts';
import { type AuthContext, createAuthService } from './service.ts';

// Sign-up, sign-in, sessions and password reset (spec: auth-onboarding §7): each route parses,
// calls the service (service.ts) and answers.

export async function authRoutes(app: FastifyInstance, deps: AuthDeps) {
  const { db, clock, config } = deps;
  const limit = (name: string) => [rateLimit(db, clock, name, config.rateLimitPerMinute)];
  const auth = createAuthService(deps);
  const ctx = (request: FastifyRequest, reply: FastifyReply): AuthContext => ({
    cookies: authCookies(request, reply, config),
    ip: request.ip,
    log: request.log,
  });

  route(app, api.register, { onRequest: limit('register') }, async (request, reply) => {
    const email = normalizeEmail(request.body.emailId);
    await auth.register(ctx(request, reply), email, request.body);
    return { status: 'success' as const, responseMessage: 'Account created. A verification code was sent to your email.', emailId: email };
  });

  route(app, api.otpVerify, { onRequest: limit('otp-verify') }, async (request, reply) => {
    const { otp, purpose } = request.body;
    const email = normalizeEmail(request.body.email);
    if (purpose === 'registration') {
      const session = await auth.verifyRegistration(ctx(request, reply), email, otp);
      return { ...session, responseMessage: 'Email verified' };
    }
    await auth.verifyReset(ctx(request, reply), email, otp);
    return { status: 'success' as const, responseCode: 'TL_CORE_00200_S', responseMessage: 'Code verified', emailId: email };
  });

  route(app, api.otpResend, { onRequest: limit('otp-resend') }, async (request, reply) => {
    await auth.resendCode(ctx(request, reply), normalizeEmail(request.body.email), request.body.purpose);
    return { status: 'success' as const, responseMessage: 'A new code was sent to your email.' };
  });

  route(app, api.login, { onRequest: limit('login') }, async (request, reply) =>
    auth.login(ctx(request, reply), normalizeEmail(request.body.email), request.body.password),
  );

  route(app, api.refresh, { onRequest: limit('refresh') }, async (request, reply) => auth.refresh(ctx(request, reply)));

  route(app, api.logout, { onRequest: limit('logout') }, async (request, reply) => {
    await auth.logout(ctx(request, reply));
    return { status: 'success' as const, responseMessage: 'Logged out' };
  });

  route(app, api.requestPasswordReset, { onRequest: limit('reset-request') }, async (request, reply) => {
    await auth.requestPasswordReset(ctx(request, reply), normalizeEmail(request.body.email));
    return { status: 'success' as const, responseMessage: 'A verification code was sent to your email.' };
  });

  route(app, api.passwordReset, { onRequest: limit('reset') }, async (request, reply) => {
    await auth.resetPassword(ctx(request, reply), normalizeEmail(request.body.email), request.body.newPassword);
    return { status: 'success' as const, responseMessage: 'Password updated. Please log in with your new password.' };
  });

  route(app, api.googleSignIn, { onRequest: limit('google') }, async (request, reply) =>
    auth.googleSignIn(ctx(request, reply), request.body.credential),
  );

  route(app, api.googleSignUp, { onRequest: limit('google') }, async (request, reply) =>
    auth.googleSignUp(ctx(request, reply), request.body.credential, request.body.userType),
  );
}
