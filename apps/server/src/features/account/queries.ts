import { isRevealed } from '@talentloop/contract/rules/review-rules';
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { type PgColumn, alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../infra/db/client.ts';
import {
  companies,
  counters,
  engagementTerms,
  engagements,
  invoices,
  milestones,
  timesheets,
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

// Statements of the account: its deletion (service.ts) and 'Download my data'.

type User = typeof users.$inferSelect;

// ---- privacy (privacy.ts) ----

export async function privacyRowOf(db: DbOrTx, userId: string): Promise<{ slug: string; visibility: string } | null> {
  const [existing] = await db
    .select({ slug: freelancerPrivacy.slug, visibility: freelancerPrivacy.visibility })
    .from(freelancerPrivacy)
    .where(eq(freelancerPrivacy.userId, userId));
  return existing ?? null;
}

/** The privacy row with this slug; any conflict (the user's row, or a taken slug) inserts nothing. */
export async function insertPrivacyRow(db: DbOrTx, userId: string, slug: string, visibility: string): Promise<void> {
  await db.insert(freelancerPrivacy).values({ userId, slug, visibility }).onConflictDoNothing();
}

/** Open to work as saved (null: no profile yet). */
export async function readOpenToWork(db: DbOrTx, userId: string): Promise<boolean | null> {
  const [row] = await db
    .select({ openToWork: freelancerProfiles.openToWork })
    .from(freelancerProfiles)
    .where(eq(freelancerProfiles.userId, userId));
  return row ? row.openToWork : null;
}

/** Saves open to work: false when there is no profile. */
export async function setOpenToWork(tx: DbOrTx, userId: string, openToWork: boolean): Promise<boolean> {
  const updated = await tx
    .update(freelancerProfiles)
    .set({ openToWork })
    .where(eq(freelancerProfiles.userId, userId))
    .returning({ userId: freelancerProfiles.userId });
  return updated.length > 0;
}

export async function setVisibility(tx: DbOrTx, userId: string, visibility: string, now: Date): Promise<void> {
  await tx.update(freelancerPrivacy).set({ visibility, updatedAt: now }).where(eq(freelancerPrivacy.userId, userId));
}

// ---- deletion ----

export async function rolesOf(db: DbOrTx, userId: string): Promise<{ roles: string[]; suspendedAt: Date | null } | null> {
  const [row] = await db.select({ roles: users.roles, suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, userId));
  return row ?? null;
}

export async function filesOwnedBy(db: DbOrTx, userId: string): Promise<{ id: string }[]> {
  return db.select({ id: files.id }).from(files).where(eq(files.ownerId, userId));
}

export async function deletePortfolioRows(tx: DbOrTx, userId: string): Promise<void> {
  await tx.delete(freelancerPortfolio).where(eq(freelancerPortfolio.userId, userId));
}

/** The codes mailed to the address. */
export async function deleteCodesTo(tx: DbOrTx, email: string): Promise<void> {
  await tx.delete(otpCodes).where(eq(otpCodes.email, email));
}

export async function deleteResetGrantsOf(tx: DbOrTx, email: string): Promise<void> {
  await tx.delete(resetGrants).where(eq(resetGrants.email, email));
}

/**
 * The counters naming `part` (an address or an id) as a whole `:`-separated part of their key
 * (`otp-send:a@b.c`, `otp-fail:reset:a@b.c:1.2.3.4`); matching whole parts never touches `xa@b.c`'s.
 */
export async function deleteCountersNaming(tx: DbOrTx, part: string): Promise<void> {
  await tx
    .delete(counters)
    .where(or(sql`right(${counters.key}, ${part.length + 1}) = ${`:${part}`}`, sql`strpos(${counters.key}, ${`:${part}:`}) > 0`));
}

/** The mail waiting for (or kept for) the address. */
export async function deleteMailTo(tx: DbOrTx, address: string): Promise<void> {
  await tx.delete(outbox).where(eq(outbox.to, address));
}

/** The user row; its foreign keys take the profile, every section, privacy, versions and sessions with it. */
export async function deleteUserRow(tx: DbOrTx, userId: string): Promise<void> {
  await tx.delete(users).where(eq(users.id, userId));
}

/** The contact and verified addresses of the companies the user owns. */
export async function companyAddressesOf(db: DbOrTx, userId: string) {
  return db
    .select({ contactEmail: companies.contactEmail, verifiedEmail: companies.verifiedEmail })
    .from(companies)
    .where(eq(companies.ownerUserId, userId));
}

export async function sessionIdsOf(db: DbOrTx, userId: string): Promise<{ id: string }[]> {
  return db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
}

/** The company-address codes these requesters (sessions) asked for. */
export async function deleteCompanyEmailCodes(tx: DbOrTx, requesters: string[]): Promise<void> {
  await tx.delete(otpCodes).where(and(eq(otpCodes.purpose, 'company_email'), inArray(otpCodes.requester, requesters)));
}

/** Whether another account, or a company of another owner, uses the address. */
export async function addressUsedByOthers(db: DbOrTx, userId: string, address: string): Promise<boolean> {
  const [usedByUser] = await db.select({ id: users.id }).from(users).where(eq(users.email, address)).limit(1);
  const [usedByCompany] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(ne(companies.ownerUserId, userId), or(eq(companies.contactEmail, address), eq(companies.verifiedEmail, address))))
    .limit(1);
  return Boolean(usedByUser || usedByCompany);
}

// ---- 'Download my data' ----

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

async function exportWork(db: DbOrTx, userId: string, now: Date) {
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
    ...(await exportEngagements(db, userId, owned)),
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
 * The engagements the user took part in (issue 34), either side, with their terms' versions, the
 * weeks (a company sees no draft: it is the freelancer's own), the milestones and the documents
 * (invoices and credit notes: the company's, or those issued on the freelancer's behalf). Each
 * engagement says `side` and `with`; the others name their engagement by id.
 */
async function exportEngagements(db: DbOrTx, userId: string, owned: readonly string[]) {
  const mine = (t: { freelancerId: PgColumn; companyId: PgColumn }) =>
    owned.length > 0 ? or(eq(t.freelancerId, userId), inArray(t.companyId, [...owned])) : eq(t.freelancerId, userId);
  const rows = await db
    .select({
      engagement: engagements,
      companyName: companies.name,
      freelancerFirstName: users.firstName,
      freelancerLastName: users.lastName,
    })
    .from(engagements)
    .innerJoin(companies, eq(companies.id, engagements.companyId))
    .innerJoin(users, eq(users.id, engagements.freelancerId))
    .where(mine(engagements))
    .orderBy(asc(engagements.createdAt));
  const ids = rows.map((r) => r.engagement.id);
  const sideOf = new Map(rows.map((r) => [r.engagement.id, r.engagement.freelancerId === userId ? 'freelancer' : 'company']));
  const none = ids.length === 0;
  const [terms, weeks, ms, docs] = await Promise.all([
    none ? [] : db.select().from(engagementTerms).where(inArray(engagementTerms.engagementId, ids)).orderBy(asc(engagementTerms.version)),
    none ? [] : db.select().from(timesheets).where(inArray(timesheets.engagementId, ids)).orderBy(asc(timesheets.weekStart)),
    none ? [] : db.select().from(milestones).where(inArray(milestones.engagementId, ids)).orderBy(asc(milestones.position)),
    db
      .select({
        engagementId: invoices.engagementId,
        freelancerId: invoices.freelancerId,
        kind: invoices.kind,
        number: invoices.number,
        purpose: invoices.purpose,
        currency: invoices.currency,
        subtotalMinor: invoices.subtotalMinor,
        feeMinor: invoices.feeMinor,
        netMinor: invoices.netMinor,
        issueDate: invoices.issueDate,
        dueDate: invoices.dueDate,
        poNumber: invoices.poNumber,
        paymentReference: invoices.paymentReference,
        lines: invoices.lines,
        reason: invoices.reason,
        createdAt: invoices.createdAt,
      })
      .from(invoices)
      .where(mine(invoices))
      .orderBy(asc(invoices.issueDate), asc(invoices.number)),
  ]);
  return {
    engagements: rows.map((r) => {
      const { hireId: _hire, companyId: _c, freelancerId, pendingTermsVersion, ...e } = r.engagement;
      const side = freelancerId === userId ? ('freelancer' as const) : ('company' as const);
      return {
        ...e,
        side,
        with: side === 'freelancer' ? r.companyName : `${r.freelancerFirstName} ${r.freelancerLastName}`.trim(),
        pendingTermsVersion,
        terms: terms.filter((t) => t.engagementId === e.id).map((t) => omit(t, 'engagementId')),
      };
    }),
    timesheets: weeks.filter((w) => w.status !== 'draft' || sideOf.get(w.engagementId) === 'freelancer'),
    milestones: ms,
    invoices: docs.map((d) => {
      const { freelancerId, ...doc } = d;
      return { side: freelancerId === userId ? ('freelancer' as const) : ('company' as const), ...doc };
    }),
  };
}

/**
 * Everything stored about the user, for 'Download my data': the account without its secrets
 * (password hash, Google subject), the profile and every section, privacy, the interviews, hires
 * and reviews the user took part in (either side), file metadata (not the bytes) and session
 * metadata (not the token hashes).
 */
export async function readAccountExport(db: DbOrTx, user: User, now: Date) {
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
