import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { isRevealed } from '@talentloop/contract/rules/review-rules';
import type { Db, Tx } from '../../infra/db/client.ts';
import {
  companies,
  counters,
  files,
  freelancerCertifications,
  freelancerEducation,
  freelancerLanguages,
  freelancerPortfolio,
  freelancerPrivacy,
  freelancerProfiles,
  freelancerSettings,
  freelancerSkills,
  freelancerWorkExperience,
  hires,
  interviewSlots,
  interviews,
  otpCodes,
  outbox,
  resetGrants,
  reviews,
  sessions,
  talentEvents,
  users,
} from '../../infra/db/schema.ts';
import type { FileStorage } from '../../infra/storage.ts';
import { OTP_MAX_ATTEMPTS } from '@talentloop/contract';
import { AppError } from '../../http/app-error.ts';
import { hasOtherActiveOperator, lockOperators } from '../operator-accounts/operator-role.ts';
import { hitCounter } from '../../infra/counters.ts';
import type { AuthDeps } from '../auth/deps.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { createCodeService, sessionRequester } from '../codes/service.ts';

type User = typeof users.$inferSelect;

/**
 * Deletes everything stored about a user, in the caller's transaction: uploaded files through the
 * storage (so a bucket-backed storage deletes its objects too), then the rows kept by email or
 * named after the user (codes, reset grants, counters, mail to the address), then the user row,
 * whose foreign keys take the profile, every section, privacy, versions and sessions with it.
 * Afterwards the address can register again. Page views are not personal and stay.
 */
export async function deleteAccountData(tx: Tx, storage: FileStorage, user: Pick<User, 'id' | 'email'>): Promise<void> {
  // Never the last active operator (decision 168): the console must keep someone to run it. The
  // same lock and fresh read as a role change or a suspension (operator-accounts/operator-role.ts).
  const [row] = await tx.select({ roles: users.roles, suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, user.id));
  if (row?.roles.includes('operator') && !row.suspendedAt) {
    await lockOperators(tx);
    if (!(await hasOtherActiveOperator(tx, user.id))) throw new AppError('TL_CORE_14105_E');
  }
  await deleteCompanyTraces(tx, user);
  const owned = await tx.select({ id: files.id }).from(files).where(eq(files.ownerId, user.id));
  // Section rows point at files (portfolio); drop them first so no row names a deleted file.
  await tx.delete(freelancerPortfolio).where(eq(freelancerPortfolio.userId, user.id));
  for (const f of owned) await storage.remove(tx, f.id);
  await tx.delete(otpCodes).where(eq(otpCodes.email, user.email));
  await tx.delete(resetGrants).where(eq(resetGrants.email, user.email));
  // Counter keys name the address or id as a whole `:`-separated part (`otp-send:a@b.c`,
  // `otp-fail:reset:a@b.c:1.2.3.4`); matching whole parts never touches `xa@b.c`'s counters.
  for (const part of [user.email, user.id]) {
    await tx
      .delete(counters)
      .where(or(sql`right(${counters.key}, ${part.length + 1}) = ${`:${part}`}`, sql`strpos(${counters.key}, ${`:${part}:`}) > 0`));
  }
  await tx.delete(outbox).where(eq(outbox.to, user.email));
  await tx.delete(users).where(eq(users.id, user.id));
}

/**
 * What a company account left outside the rows its user's foreign keys cascade to (the company and
 * everything keyed by the company id go with the user row): codes it had mailed to its company
 * address (bound to its own sessions) and mail and counters for its company addresses, unless
 * another account or company uses the same address (their mail and limits are not ours to drop).
 */
async function deleteCompanyTraces(tx: Tx, user: Pick<User, 'id' | 'email'>): Promise<void> {
  const owned = await tx
    .select({ contactEmail: companies.contactEmail, verifiedEmail: companies.verifiedEmail })
    .from(companies)
    .where(eq(companies.ownerUserId, user.id));
  if (owned.length === 0) return;
  const own = await tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
  if (own.length > 0) {
    const requesters = own.map((s) => sessionRequester('company_email', s.id));
    await tx.delete(otpCodes).where(and(eq(otpCodes.purpose, 'company_email'), inArray(otpCodes.requester, requesters)));
  }
  const addresses = [
    ...new Set(owned.flatMap((c) => [c.contactEmail, c.verifiedEmail]).filter((a): a is string => !!a && a !== user.email)),
  ];
  for (const address of addresses) {
    const [usedByUser] = await tx.select({ id: users.id }).from(users).where(eq(users.email, address)).limit(1);
    const [usedByCompany] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(and(ne(companies.ownerUserId, user.id), or(eq(companies.contactEmail, address), eq(companies.verifiedEmail, address))))
      .limit(1);
    if (usedByUser || usedByCompany) continue;
    await tx.delete(outbox).where(eq(outbox.to, address));
    await tx.delete(otpCodes).where(eq(otpCodes.email, address));
    await tx
      .delete(counters)
      .where(
        or(sql`right(${counters.key}, ${address.length + 1}) = ${`:${address}`}`, sql`strpos(${counters.key}, ${`:${address}:`}) > 0`),
      );
  }
}

const omit = <T extends Record<string, unknown>, K extends keyof T>(row: T, ...keys: K[]): Omit<T, K> => {
  const out = { ...row };
  for (const k of keys) delete out[k];
  return out;
};

/**
 * The interviews, hires and reviews the user took part in: as the freelancer, or as the owner of
 * the company on the other side. Each row says which side the user was on and names the other
 * party as the user saw it (the company's name; the freelancer's name), nothing more of theirs.
 * The operator's reason for hiding a review is the operator's, not the user's: only that it is hidden.
 */
const counterpart = alias(reviews, 'counterpart_review');

async function exportWork(db: Db, userId: string, now: Date) {
  const owned = (await db.select({ id: companies.id }).from(companies).where(eq(companies.ownerUserId, userId))).map((c) => c.id);
  const mine = (t: { freelancerId: PgColumn; companyId: PgColumn }) =>
    owned.length > 0 ? or(eq(t.freelancerId, userId), inArray(t.companyId, owned)) : eq(t.freelancerId, userId);
  const side = (freelancerId: string): 'freelancer' | 'company' => (freelancerId === userId ? 'freelancer' : 'company');

  const interviewRows = await db
    .select({
      id: interviews.id,
      freelancerId: interviews.freelancerId,
      companyName: companies.name,
      freelancerFirstName: users.firstName,
      freelancerLastName: users.lastName,
      status: interviews.status,
      durationMinutes: interviews.durationMinutes,
      locationKind: interviews.locationKind,
      location: interviews.location,
      note: interviews.note,
      companyTimeZone: interviews.companyTimeZone,
      startsAt: interviews.startsAt,
      endsAt: interviews.endsAt,
      reason: interviews.reason,
      changedBy: interviews.changedBy,
      createdAt: interviews.createdAt,
      updatedAt: interviews.updatedAt,
    })
    .from(interviews)
    .innerJoin(companies, eq(companies.id, interviews.companyId))
    .innerJoin(users, eq(users.id, interviews.freelancerId))
    .where(mine(interviews))
    .orderBy(asc(interviews.createdAt));
  const slots =
    interviewRows.length === 0
      ? []
      : await db
          .select({ interviewId: interviewSlots.interviewId, startsAt: interviewSlots.startsAt, endsAt: interviewSlots.endsAt })
          .from(interviewSlots)
          .where(
            inArray(
              interviewSlots.interviewId,
              interviewRows.map((i) => i.id),
            ),
          )
          .orderBy(asc(interviewSlots.position));

  const hireRows = await db
    .select({
      id: hires.id,
      freelancerId: hires.freelancerId,
      companyName: hires.companyName,
      freelancerFirstName: users.firstName,
      freelancerLastName: users.lastName,
      role: hires.role,
      startedAt: hires.startedAt,
      finishedAt: hires.finishedAt,
    })
    .from(hires)
    .innerJoin(users, eq(users.id, hires.freelancerId))
    .where(mine(hires))
    .orderBy(asc(hires.startedAt));

  const reviewRows = await db
    .select({
      hireId: reviews.hireId,
      freelancerId: reviews.freelancerId,
      companyName: hires.companyName,
      freelancerFirstName: users.firstName,
      freelancerLastName: users.lastName,
      ratings: reviews.ratings,
      overall: reviews.overall,
      text: reviews.text,
      reply: reviews.reply,
      repliedAt: reviews.repliedAt,
      hiddenAt: reviews.hiddenAt,
      author: reviews.author,
      createdAt: reviews.createdAt,
      updatedAt: reviews.updatedAt,
      otherCreatedAt: counterpart.createdAt,
    })
    .from(reviews)
    .innerJoin(hires, eq(hires.id, reviews.hireId))
    .innerJoin(users, eq(users.id, reviews.freelancerId))
    .leftJoin(counterpart, and(eq(counterpart.hireId, reviews.hireId), ne(counterpart.author, reviews.author)))
    .where(mine(reviews))
    .orderBy(asc(reviews.createdAt));

  const party = <R extends { freelancerId: string; companyName: string; freelancerFirstName: string; freelancerLastName: string }>(
    r: R,
  ) => {
    const { freelancerId, companyName, freelancerFirstName, freelancerLastName, ...rest } = r;
    const me = side(freelancerId);
    return { side: me, with: me === 'freelancer' ? companyName : `${freelancerFirstName} ${freelancerLastName}`.trim(), ...rest };
  };
  return {
    interviews: interviewRows.map((i) => {
      const { id, ...row } = party(i);
      return { ...row, proposedTimes: slots.filter((s) => s.interviewId === id).map(({ startsAt, endsAt }) => ({ startsAt, endsAt })) };
    }),
    hires: hireRows.map((h) => omit(party(h), 'id')),
    // Double-blind (issue 32): the reviews the user wrote, and those of the user once published.
    reviews: reviewRows
      .filter((r) => r.author === side(r.freelancerId) || isRevealed(r.createdAt, r.otherCreatedAt, now))
      .map((r) => {
        const { hireId: _hire, hiddenAt, otherCreatedAt: _other, author, ...row } = party(r);
        return { ...row, writtenBy: author === row.side ? ('you' as const) : ('them' as const), hidden: hiddenAt !== null };
      }),
  };
}

/**
 * Everything stored about the user, for 'Download my data': the account without its secrets
 * (password hash, Google subject), the profile and every section, privacy, the interviews, hires
 * and reviews the user took part in (either side), file metadata (not the bytes) and session
 * metadata (not the token hashes).
 */
export async function exportAccountData(db: Db, user: User, now: Date) {
  const id = user.id;
  const [profile] = await db.select().from(freelancerProfiles).where(eq(freelancerProfiles.userId, id));
  const [privacy] = await db.select().from(freelancerPrivacy).where(eq(freelancerPrivacy.userId, id));
  const work = await exportWork(db, id, now);
  return {
    exportedAt: now.toISOString(),
    account: {
      ...omit(user, 'passwordHash', 'googleSub'),
      hasPassword: user.passwordHash !== null,
      googleLinked: user.googleSub !== null,
    },
    freelancerProfile: profile ? omit(profile, 'userId') : null,
    languages: (
      await db.select().from(freelancerLanguages).where(eq(freelancerLanguages.userId, id)).orderBy(asc(freelancerLanguages.position))
    ).map((r) => omit(r, 'userId')),
    skills: (await db.select().from(freelancerSkills).where(eq(freelancerSkills.userId, id)).orderBy(asc(freelancerSkills.position))).map(
      (r) => omit(r, 'userId'),
    ),
    education: (
      await db.select().from(freelancerEducation).where(eq(freelancerEducation.userId, id)).orderBy(asc(freelancerEducation.position))
    ).map((r) => omit(r, 'userId')),
    workExperience: (
      await db
        .select()
        .from(freelancerWorkExperience)
        .where(eq(freelancerWorkExperience.userId, id))
        .orderBy(asc(freelancerWorkExperience.position))
    ).map((r) => omit(r, 'userId')),
    certifications: (
      await db
        .select()
        .from(freelancerCertifications)
        .where(eq(freelancerCertifications.userId, id))
        .orderBy(asc(freelancerCertifications.position))
    ).map((r) => omit(r, 'userId')),
    portfolio: (
      await db.select().from(freelancerPortfolio).where(eq(freelancerPortfolio.userId, id)).orderBy(asc(freelancerPortfolio.position))
    ).map((r) => omit(r, 'userId')),
    privacy: privacy ? omit(privacy, 'userId') : null,
    // The talent-pool timeline as stored (issue 20), without who decided; a company's private notes are the company's.
    talentEvents: await db
      .select({
        kind: talentEvents.kind,
        at: talentEvents.createdAt,
        reason: talentEvents.reason,
        companyName: talentEvents.companyName,
        role: talentEvents.role,
      })
      .from(talentEvents)
      .where(eq(talentEvents.freelancerId, id))
      .orderBy(asc(talentEvents.createdAt)),
    ...work,
    mailChoices: (await db.select().from(freelancerSettings).where(eq(freelancerSettings.userId, id)))[0]?.mailPreferences ?? null,
    files: await db
      .select({ id: files.id, kind: files.kind, mime: files.mime, size: files.size, createdAt: files.createdAt })
      .from(files)
      .where(eq(files.ownerId, id))
      .orderBy(asc(files.createdAt)),
    sessions: await db
      .select({
        createdAt: sessions.createdAt,
        familyStartedAt: sessions.familyStartedAt,
        rotatedAt: sessions.rotatedAt,
        revokedAt: sessions.revokedAt,
      })
      .from(sessions)
      .where(eq(sessions.userId, id))
      .orderBy(asc(sessions.createdAt)),
  };
}

/** How long the password tries of an account deletion are counted (at most OTP_MAX_ATTEMPTS). */
const PASSWORD_WINDOW_MS = 15 * 60_000;

/** Who asks for or spends a deletion code: the session that asked (a code works for it alone). */
export type DeletionRequester = { requester: string; ip: string };

/**
 * Delete account (issue 10, beyond the spec), for every role: with the password, or, for an account
 * without one (Google sign-in), with a fresh code by mail (its caps: features/codes).
 */
export function createAccountService(deps: AuthDeps & { storage: FileStorage }) {
  const { db, clock } = deps;
  const codes = createCodeService(deps);

  return {
    /** Mails a deletion code to an account without a password; one with a password is refused. */
    async sendDeletionCode(user: User, by: DeletionRequester): Promise<void> {
      if (user.passwordHash) throw new AppError('TL_CORE_10131_E');
      await codes.issue('account_deletion', {
        email: user.email,
        firstName: user.firstName,
        requester: by.requester,
        ip: by.ip,
        accountId: user.id,
        now: clock.now(),
      });
    },

    /** Deletes the account once the password (or, without one, the mailed code) is right. */
    async deleteAccount(user: User, proof: { password?: string; otp?: string }, by: DeletionRequester): Promise<void> {
      const now = clock.now();
      if (user.passwordHash) {
        if (!proof.password) throw new AppError('TL_CORE_10131_E');
        // Counted before comparing, so parallel guesses cannot exceed the limit.
        const tries = await hitCounter(db, `account-delete:${user.id}`, PASSWORD_WINDOW_MS, now);
        if (tries > OTP_MAX_ATTEMPTS) throw new AppError('TL_CORE_00429_E');
        if (!(await verifyPassword(user.passwordHash, proof.password))) throw new AppError('TL_CORE_10130_E');
        await db.transaction((tx) => deleteAccountData(tx, deps.storage, user));
        return;
      }
      if (!proof.otp) throw new AppError('TL_CORE_10132_E');
      await codes.consume(
        'account_deletion',
        { email: user.email, requester: by.requester, ip: by.ip, accountId: user.id, code: proof.otp, now },
        (tx) => deleteAccountData(tx, deps.storage, user),
      );
    },
  };
}
