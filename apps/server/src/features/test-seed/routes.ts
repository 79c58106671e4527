import { api, normalizeEmail } from '@talentloop/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { OUTSIDE_CONTRACT } from '../../http/route.ts';
import { PLATFORM_FEE_BPS, addDays, localDay, weekStartOf } from '@talentloop/contract/api/engagements';
import {
  companies,
  companyBilling,
  conversations,
  messages,
  engagementTerms,
  engagements,
  freelancerBilling,
  hires,
  interviewSlots,
  interviews,
  timesheets,
  users,
} from '../../infra/db/schema.ts';
import { safeEqual } from '../../infra/secrets.ts';
import { authCookies } from '../auth/cookies.ts';
import type { AuthDeps } from '../auth/deps.ts';
import { hashPassword } from '../auth/passwords.ts';
import { startSession } from '../auth/sessions.ts';
import { ensureCompany } from '../company/service.ts';

// Seeding for the browser suite (issue 9): a verified account and its session in one request,
// without the sign-up form and without a mail round trip. Registered only when TEST_SEED_SECRET is
// set, which the config refuses with a non-local PUBLIC_URL, and with NODE_ENV=production whatever
// else is set (the browser suite runs the production bundle with NODE_ENV=test). Every request must carry the
// secret in `x-test-seed-secret`; otherwise, like when the route is not registered, 404. Not part
// of the contract: no client may depend on it. Everything past the account (onboarding steps,
// company details) is made through the real API, so the state is what a user could have made.

export const TEST_SEED_PATH = '/test-seed/account';
export const TEST_SEED_INTERVIEW_ENDED_PATH = '/test-seed/interview-ended';
export const TEST_SEED_HIRE_AGED_PATH = '/test-seed/hire-aged';
export const TEST_SEED_BILLING_READY_PATH = '/test-seed/billing-ready';
export const TEST_SEED_MESSAGES_AGED_PATH = '/test-seed/messages-aged';
export const TEST_SEED_HEADER = 'x-test-seed-secret';

/**
 * Extras outside the register body. `operator`: the operator role too (document review tests). For a
 * client account: `welcomeSeen` dismisses the one-time welcome (its own journey is company.spec's
 * sign-up), `verifiedCompanyEmail` records an address as proven by the company email code (the code
 * has its own journey), so a contact saved with it through the real API counts as verified.
 */
const extras = z.object({
  operator: z.boolean().optional(),
  welcomeSeen: z.boolean().optional(),
  verifiedCompanyEmail: z.email().optional(),
});

const interviewEnded = z.object({ interviewId: z.uuid({ error: 'interviewId must be a UUID' }) });
const hireAged = z.object({ hireId: z.uuid({ error: 'hireId must be a UUID' }) });
const billingReady = z.object({ email: z.email({ error: 'email must be an email address' }) });
const messagesAged = z.object({
  conversationId: z.uuid({ error: 'conversationId must be a UUID' }),
  minutes: z.number().int().min(1).max(60),
});

export async function testSeedRoutes(app: FastifyInstance, deps: AuthDeps & { secret: string }) {
  const { db, clock, secret } = deps;
  const body = api.register.body;
  // Seeded accounts share a handful of passwords: each is hashed once (argon2id costs tens of
  // milliseconds, more on a loaded machine), with its own salt like any hash; login verifies as usual.
  const hashes = new Map<string, Promise<string>>();
  const hashOnce = (password: string) => {
    let hash = hashes.get(password);
    if (!hash) {
      if (hashes.size >= 32) hashes.clear();
      hash = hashPassword(password, deps.config.passwordHash);
      hash.catch(() => hashes.delete(password));
      hashes.set(password, hash);
    }
    return hash;
  };

  const requireSecret = (request: FastifyRequest) => {
    const given = request.headers[TEST_SEED_HEADER];
    if (typeof given !== 'string' || !safeEqual(given, secret)) throw new AppError('TL_CORE_00404_E');
  };

  app.post(TEST_SEED_PATH, { schema: { hide: true }, config: OUTSIDE_CONTRACT }, async (request, reply) => {
    requireSecret(request);
    const parsed = body.safeParse(request.body);
    const extra = extras.safeParse(request.body);
    if (!parsed.success) throw new AppError('TL_CORE_00400_E', parsed.error.issues[0]?.message);
    if (!extra.success) throw new AppError('TL_CORE_00400_E', extra.error.issues[0]?.message);
    const b = parsed.data;
    const company = extra.data.welcomeSeen || extra.data.verifiedCompanyEmail;
    if (company && b.userType !== 'client') throw new AppError('TL_CORE_00400_E', 'company extras need a client account');
    const now = clock.now();
    const [user] = await db
      .insert(users)
      .values({
        email: normalizeEmail(b.emailId),
        passwordHash: await hashOnce(b.password),
        firstName: b.firstName,
        lastName: b.lastName,
        userType: b.userType,
        company: b.userType === 'client' ? b.company : '',
        // `operator: true` (outside the register body) also gives the operator role (document review tests).
        roles: extra.data.operator ? [b.userType, 'operator'] : [b.userType],
        emailVerifiedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!user) throw new AppError('TL_CORE_01009_E');
    if (company) {
      await ensureCompany(db, user.id);
      await db
        .update(companies)
        .set({
          ...(extra.data.welcomeSeen ? { welcomeSeenAt: now } : {}),
          ...(extra.data.verifiedCompanyEmail ? { verifiedEmail: normalizeEmail(extra.data.verifiedCompanyEmail) } : {}),
        })
        .where(eq(companies.ownerUserId, user.id));
    }
    return startSession(deps, authCookies(request, reply, deps.config), user);
  });

  // Time passing, for an accepted interview (issue 22): the browser suite runs on real time, and a
  // company may mark an interview held only after its accepted end. This moves the accepted time
  // (the interview's and its accepted slot's, same duration) so that it ended a minute ago; nothing
  // else changes (status, version, reminders), so every rule after it (the outcome, the stage, the
  // hire, the review) runs as it does for a user. Only an accepted interview: anything else is 404.
  app.post(TEST_SEED_INTERVIEW_ENDED_PATH, { schema: { hide: true }, config: OUTSIDE_CONTRACT }, async (request) => {
    requireSecret(request);
    const parsed = interviewEnded.safeParse(request.body);
    if (!parsed.success) throw new AppError('TL_CORE_00400_E', parsed.error.issues[0]?.message);
    const now = clock.now();
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(interviews)
        .where(and(eq(interviews.id, parsed.data.interviewId), eq(interviews.status, 'accepted')))
        .for('update');
      if (!row?.startsAt || !row.endsAt) throw new AppError('TL_CORE_00404_E');
      const endsAt = new Date(now.getTime() - 60_000);
      const startsAt = new Date(endsAt.getTime() - (row.endsAt.getTime() - row.startsAt.getTime()));
      await tx
        .update(interviewSlots)
        .set({ startsAt, endsAt })
        .where(and(eq(interviewSlots.interviewId, row.id), eq(interviewSlots.startsAt, row.startsAt)));
      await tx.update(interviews).set({ startsAt, endsAt }).where(eq(interviews.id, row.id));
      return { status: 'success' as const, interviewId: row.id, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() };
    });
  });

  // Work done for a hire (issue 34): a hire is reviewable once an engagement of it ended with
  // approved work. Seeds that: an ended hourly engagement (terms accepted, fee stored) with one
  // approved week of 8 hours, without invoices (their own tests make them), and the hire finished as
  // an engagement's end finishes it (issue 35). Unknown: 404; not a UUID: 400.
  app.post(TEST_SEED_HIRE_AGED_PATH, { schema: { hide: true }, config: OUTSIDE_CONTRACT }, async (request) => {
    requireSecret(request);
    const parsed = hireAged.safeParse(request.body);
    if (!parsed.success) throw new AppError('TL_CORE_00400_E', parsed.error.issues[0]?.message);
    const now = clock.now();
    return db.transaction(async (tx) => {
      const [hire] = await tx.select().from(hires).where(eq(hires.id, parsed.data.hireId)).for('update');
      if (!hire) throw new AppError('TL_CORE_00404_E');
      const today = localDay(now, 'UTC');
      const weekStart = addDays(weekStartOf(today), -7);
      const [e] = await tx
        .insert(engagements)
        .values({
          hireId: hire.id,
          companyId: hire.companyId,
          freelancerId: hire.freelancerId,
          status: 'ended',
          kind: 'hourly',
          currency: 'USD',
          termsVersion: 1,
          rateMinor: 5_000,
          weeklyCapHours: 40,
          startDate: weekStart,
          endDate: today,
          timeZone: 'UTC',
          feeBps: PLATFORM_FEE_BPS,
          startedAt: now,
          endedAt: now,
          version: 3,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!e) throw new Error('engagement seed made nothing');
      await tx.insert(engagementTerms).values({
        engagementId: e.id,
        version: 1,
        status: 'accepted',
        feeBps: PLATFORM_FEE_BPS,
        proposedAt: now,
        decidedAt: now,
        terms: {
          roleTitle: hire.role || 'Engagement',
          scope: 'Seeded work for the browser tests.',
          kind: 'hourly',
          currency: 'USD',
          rateMinor: 5_000,
          weeklyCapHours: 40,
          milestones: [],
          startDate: weekStart,
          noticeDays: 30,
          timeZone: 'UTC',
        },
      });
      await tx
        .update(hires)
        .set({ finishedAt: now, version: hire.version + 1 })
        .where(eq(hires.id, hire.id));
      await tx.insert(timesheets).values({
        engagementId: e.id,
        weekStart,
        status: 'approved',
        version: 3,
        lines: [{ day: weekStart, quarterHours: 32, description: 'Seeded work' }],
        rateMinor: 5_000,
        submittedAt: now,
        approvedAt: now,
        approvedBy: 'company',
        updatedAt: now,
      });
      return { status: 'success' as const, hireId: hire.id, engagementId: e.id };
    });
  });

  // Time passing in a conversation (issue 36): the missed-message mail goes out once a message has
  // stayed unread for MISSED_MESSAGE_MAIL_MINUTES, and the browser suite runs on real time. This moves
  // every message of the conversation (and its last-message time) `minutes` back; nothing else
  // changes, so the sweep decides on it as it would after that wait. Unknown: 404.
  app.post(TEST_SEED_MESSAGES_AGED_PATH, { schema: { hide: true }, config: OUTSIDE_CONTRACT }, async (request) => {
    requireSecret(request);
    const parsed = messagesAged.safeParse(request.body);
    if (!parsed.success) throw new AppError('TL_CORE_00400_E', parsed.error.issues[0]?.message);
    const { conversationId, minutes } = parsed.data;
    const back = sql.raw(`interval '${minutes} minutes'`);
    return db.transaction(async (tx) => {
      const moved = await tx
        .update(conversations)
        .set({ lastMessageAt: sql`${conversations.lastMessageAt} - ${back}` })
        .where(eq(conversations.id, conversationId))
        .returning({ id: conversations.id });
      if (moved.length === 0) throw new AppError('TL_CORE_00404_E');
      await tx
        .update(messages)
        .set({ createdAt: sql`${messages.createdAt} - ${back}` })
        .where(eq(messages.conversationId, conversationId));
      return { status: 'success' as const, conversationId };
    });
  });

  // Billing details ready (issue 34): an offer needs the company's billing details (with a proven
  // billing email), its acceptance the freelancer's. The billing pages have their own journeys;
  // this writes complete details for the account `email` (a company owner's company, or a
  // freelancer) so an engagement journey can start at the offer. Unknown account: 404.
  app.post(TEST_SEED_BILLING_READY_PATH, { schema: { hide: true }, config: OUTSIDE_CONTRACT }, async (request) => {
    requireSecret(request);
    const parsed = billingReady.safeParse(request.body);
    if (!parsed.success) throw new AppError('TL_CORE_00400_E', parsed.error.issues[0]?.message);
    const [user] = await db
      .select()
      .from(users)
      .where(eq(users.email, normalizeEmail(parsed.data.email)));
    if (!user) throw new AppError('TL_CORE_00404_E');
    const [company] = await db.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.ownerUserId, user.id));
    const address = { addressLine1: '12 MG Road', city: 'Bengaluru', postalCode: '560001', country: 'IN' };
    if (company) {
      const billingEmail = `billing-${user.id.slice(0, 8)}@example.test`;
      await db
        .insert(companyBilling)
        .values({
          companyId: company.id,
          legalName: `${company.name} Private Limited`,
          ...address,
          billingEmail,
          verifiedBillingEmail: billingEmail,
        })
        .onConflictDoNothing();
      return { status: 'success' as const, companyId: company.id, billingEmail };
    }
    await db
      .insert(freelancerBilling)
      .values({ userId: user.id, legalName: `${user.firstName} ${user.lastName}`.trim(), ...address })
      .onConflictDoNothing();
    return { status: 'success' as const, userId: user.id };
  });
}
