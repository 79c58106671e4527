import { api, normalizeEmail } from '@talentloop/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { users } from '../../infra/db/schema.ts';
import { safeEqual } from '../../infra/secrets.ts';
import type { AuthDeps } from '../auth/deps.ts';
import { hashPassword } from '../auth/passwords.ts';
import { startSession } from '../auth/sessions.ts';

// Seeding for the browser suite (issue 9): a verified account and its session in one request,
// without the sign-up form and without a mail round trip. Registered only when TEST_SEED_SECRET is
// set, which the config refuses with a non-local PUBLIC_URL, and with NODE_ENV=production unless
// TEST_SEED_IN_PRODUCTION=e2e (the browser suite's production build). Every request must carry the
// secret in `x-test-seed-secret`; otherwise, like when the route is not registered, 404. Not part
// of the contract: no client may depend on it. Everything past the account (onboarding steps,
// company details) is made through the real API, so the state is what a user could have made.

export const TEST_SEED_PATH = '/test-seed/account';
export const TEST_SEED_HEADER = 'x-test-seed-secret';

export async function testSeedRoutes(app: FastifyInstance, deps: AuthDeps & { secret: string }) {
  const { db, clock, secret } = deps;
  const body = api.register.body;

  app.post(TEST_SEED_PATH, { schema: { hide: true } }, async (request, reply) => {
    const given = request.headers[TEST_SEED_HEADER];
    if (typeof given !== 'string' || !safeEqual(given, secret)) throw new AppError('TL_CORE_00404_E');
    const parsed = body.safeParse(request.body);
    if (!parsed.success) throw new AppError('TL_CORE_00400_E', parsed.error.issues[0]?.message);
    const b = parsed.data;
    const now = clock.now();
    const [user] = await db
      .insert(users)
      .values({
        email: normalizeEmail(b.emailId),
        passwordHash: await hashPassword(b.password),
        firstName: b.firstName,
        lastName: b.lastName,
        userType: b.userType,
        company: b.userType === 'client' ? b.company : '',
        // `operator: true` (outside the register body) also gives the operator role (document review tests).
        roles: (request.body as { operator?: unknown } | null)?.operator === true ? [b.userType, 'operator'] : [b.userType],
        emailVerifiedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!user) throw new AppError('TL_CORE_01009_E');
    return startSession(deps, reply, user);
  });
}
