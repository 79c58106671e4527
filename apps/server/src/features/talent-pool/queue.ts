import type { VettingQueueItem } from '@talentloop/contract/api/talent-pool';
import { profileCompletion, sectionCompletion } from '@talentloop/contract/rules/completion';
import { type AnyColumn, and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../infra/db/client.ts';
import {
  files,
  freelancerCertifications,
  freelancerEducation,
  freelancerLanguages,
  freelancerPortfolio,
  freelancerPrivacy,
  freelancerProfiles,
  freelancerSkills,
  freelancerWorkExperience,
  talentEvents,
  users,
} from '../../infra/db/schema.ts';
import { toPortfolioItem } from '../portfolio/service.ts';
import { assemblePublicProfile } from '../public-profile/service.ts';
import { TIMELINE_MAX } from './queries.ts';
import { buildTimeline } from './timeline.ts';

// The operators' vetting queue (issues 20, 21): every profile in review, oldest first, as companies
// see it, with its completion and timeline. A fixed number of statements however long the queue
// (the heads, one per profile list, the portfolio with its files, the events: 8), instead of a
// profile read per item (about 7 each before issue 21). It writes nothing.

/** The most profiles the queue shows at once; the rest wait behind them (oldest first). */
export const QUEUE_MAX = 50;

/** Groups rows by their freelancer, keeping the order they were read in. */
function byUser<T extends { userId: string }>(rows: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const list = out.get(row.userId);
    if (list) list.push(row);
    else out.set(row.userId, [row]);
  }
  return out;
}

export async function readVettingQueue(db: Db, limit = QUEUE_MAX): Promise<VettingQueueItem[]> {
  const heads = await db
    .select({ user: users, profile: freelancerProfiles, slug: freelancerPrivacy.slug })
    .from(freelancerProfiles)
    .innerJoin(users, eq(users.id, freelancerProfiles.userId))
    .leftJoin(freelancerPrivacy, eq(freelancerPrivacy.userId, users.id))
    .where(eq(freelancerProfiles.vettingStatus, 'in_review'))
    .orderBy(asc(freelancerProfiles.vettingStatusAt), asc(freelancerProfiles.userId))
    .limit(limit);
  if (heads.length === 0) return [];
  const ids = heads.map((h) => h.user.id);
  const ordered = (userId: AnyColumn, position: AnyColumn) => [asc(userId), asc(position)];
  const languages = byUser(
    await db
      .select()
      .from(freelancerLanguages)
      .where(inArray(freelancerLanguages.userId, ids))
      .orderBy(...ordered(freelancerLanguages.userId, freelancerLanguages.position)),
  );
  const skills = byUser(
    await db
      .select()
      .from(freelancerSkills)
      .where(inArray(freelancerSkills.userId, ids))
      .orderBy(...ordered(freelancerSkills.userId, freelancerSkills.position)),
  );
  const education = byUser(
    await db
      .select()
      .from(freelancerEducation)
      .where(inArray(freelancerEducation.userId, ids))
      .orderBy(...ordered(freelancerEducation.userId, freelancerEducation.position)),
  );
  const work = byUser(
    await db
      .select()
      .from(freelancerWorkExperience)
      .where(inArray(freelancerWorkExperience.userId, ids))
      .orderBy(...ordered(freelancerWorkExperience.userId, freelancerWorkExperience.position)),
  );
  const certifications = byUser(
    await db
      .select()
      .from(freelancerCertifications)
      .where(inArray(freelancerCertifications.userId, ids))
      .orderBy(...ordered(freelancerCertifications.userId, freelancerCertifications.position)),
  );
  const portfolioRows = await db
    .select({ item: freelancerPortfolio, fileMime: files.mime, fileSize: files.size })
    .from(freelancerPortfolio)
    .leftJoin(files, eq(files.id, freelancerPortfolio.fileId))
    .where(inArray(freelancerPortfolio.userId, ids))
    .orderBy(asc(freelancerPortfolio.userId), asc(freelancerPortfolio.position));
  const portfolio = byUser(portfolioRows.map((r) => ({ userId: r.item.userId, row: r })));
  const events = byUser(
    await db
      .select({
        userId: talentEvents.freelancerId,
        id: talentEvents.id,
        kind: talentEvents.kind,
        createdAt: talentEvents.createdAt,
        reason: talentEvents.reason,
        companyName: talentEvents.companyName,
        role: talentEvents.role,
        candidateId: talentEvents.candidateId,
      })
      .from(talentEvents)
      .where(and(inArray(talentEvents.freelancerId, ids), ne(talentEvents.kind, 'removed')))
      .orderBy(desc(talentEvents.createdAt)),
  );

  const queue: VettingQueueItem[] = [];
  for (const { user, profile, slug: savedSlug } of heads) {
    // A freelancer who never opened the privacy page has no public link yet ('' here): the queue
    // is a read and makes none (vetting makes it, talent-search/read-model.ts).
    const slug = savedSlug ?? '';
    const parts = {
      languages: languages.get(user.id) ?? [],
      skills: skills.get(user.id) ?? [],
      education: education.get(user.id) ?? [],
      work: work.get(user.id) ?? [],
      certifications: certifications.get(user.id) ?? [],
      // Operators read every portfolio file (the file route lets them): documents keep their link.
      portfolio: (portfolio.get(user.id) ?? []).map((p) => toPortfolioItem(p.row)),
    };
    const completionInput = {
      firstName: user.firstName,
      lastName: user.lastName,
      description: profile.description,
      countryCode: profile.countryCode,
      mobileNo: profile.mobileNo,
      occupation: profile.occupation,
      maxHourlyRate: profile.maxHourlyRate,
      experienceLevel: profile.experienceLevel,
      languageCount: parts.languages.length,
      hasPhoto: Boolean(user.profilePhotoUrl),
      skillCount: parts.skills.length,
      educationCount: parts.education.length,
      workCount: parts.work.length,
      certificationCount: parts.certifications.length,
      portfolioCount: parts.portfolio.length,
      minHoursPerWeek: profile.minHoursPerWeek,
      maxHoursPerWeek: profile.maxHoursPerWeek,
      projectDurationPreference: profile.projectDurationPreference,
    };
    queue.push({
      freelancerId: user.id,
      email: user.email,
      submittedAt: (profile.vettingStatusAt ?? new Date(0)).toISOString(),
      profile: assemblePublicProfile({ user, profile, slug, ...parts }, true),
      completion: { percentage: profileCompletion(completionInput), sections: sectionCompletion(completionInput) },
      timeline: buildTimeline((events.get(user.id) ?? []).slice(0, TIMELINE_MAX)),
    });
  }
  return queue;
}
