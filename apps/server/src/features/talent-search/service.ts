import { roundPoolCount } from '@talentloop/contract/api/talent-pool';
import {
  TALENT_SEARCH_MESSAGES,
  type TalentCard,
  type TalentFilter,
  type TalentInsights,
  type TalentSearchParams,
} from '@talentloop/contract/api/talent-search';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import { SLUG_PATTERN } from '../account/slug.ts';
import { ensureCompany } from '../company/service.ts';
import { readPublicProfile } from '../public-profile/service.ts';
import { publicPortfolioImagePath } from '../public-profile/service.ts';
import type { CursorCodec } from './cursor.ts';
import {
  activeFilters,
  createTermCache,
  type Filters,
  filtersOf,
  loosenOf,
  normaliseText,
  orderOf,
  pageOf,
  readTerms,
  type SearchSession,
  countByOccupation,
  countRealPool,
  lookupProfile,
  readHiringTime,
  readReferenceSkillNames,
  readServed,
  readShortlistedByOccupation,
  readTrendSkills,
  vocabularyOf,
} from './queries.ts';
import { didYouMean } from './did-you-mean.ts';
import { fillLevelDays } from './read-model.ts';
import { createTalentIndex, type TalentIndexKind } from './talent-index.ts';
import type { ViewCounter } from './views.ts';

// Company talent search (issue 20, decision "Talent search"): the search, the profile as a company
// sees it (a counted view), the home panels and the landing's pool size. Demo rows are shown, never
// counted in a figure.

/** Top Performance: this many categories, this many talents shown in each. */
export const TOP_CATEGORIES = 4;
export const TOP_TALENTS = 3;
/** Technology and Trends: the most listed skills. */
export const TREND_SKILLS = 8;
/** Figures over the whole pool are computed at most this often per instance. */
export const FIGURES_TTL_MS = 60_000;

export type TalentSearchDeps = {
  db: Db;
  clock: Clock;
  cursors: CursorCodec;
  publicUrl: string;
  views: Pick<ViewCounter, 'note'>;
  /** The search's engine (TALENT_INDEX, talent-index.ts): the pool in memory (default) or the statements. */
  index?: TalentIndexKind;
};

/**
 * Who searches: the access token's session, checked as live by the search's own statement, and
 * the check on its own for an answer given without that statement (a 400 must not tell a caller
 * whose session has ended more than a 401).
 */
export type SearchCaller = { session: SearchSession; live: () => Promise<void> };

/** The canonical form of a search (what a cursor is bound to): text, filters and sort, not the page size. */
function searchKey(f: Filters, sort: string): string {
  return JSON.stringify([
    f.text?.text ?? '',
    [...f.skills].sort(),
    f.country ?? null,
    f.level?.key ?? null,
    f.rateMin ?? null,
    f.rateMax ?? null,
    f.hours ?? null,
    f.language ?? null,
    sort,
  ]);
}

/** A value computed at most once per `ttl` (an instance's cache of a pool-wide figure). */
function cached<T>(clock: Clock, ttl: number, compute: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  let at = 0;
  return () => {
    const now = clock.now().getTime();
    if (!value || now - at >= ttl || now < at) {
      at = now;
      value = compute();
      value.catch(() => {
        value = undefined;
      });
    }
    return value;
  };
}

export function createTalentSearchService({ db, clock, cursors, publicUrl, views, index = 'pool' }: TalentSearchDeps) {
  // The reference skills, lower case -> name as listed; the lists change only when the server starts.
  let skillNames: Promise<Map<string, string>> | undefined;
  const referenceSkills = () => {
    skillNames ??= readReferenceSkillNames(db).then((list) => new Map(list.map((name) => [name.toLowerCase(), name])));
    skillNames.catch(() => {
      skillNames = undefined;
    });
    return skillNames;
  };

  const poolCount = cached(clock, FIGURES_TTL_MS, async () => {
    return countRealPool(db);
  });
  const insights = cached(clock, FIGURES_TTL_MS, () => readInsights(db, clock.now(), referenceSkills));
  // Each typed word's alternatives, kept per instance (bounded; cleared by this instance's own new words).
  const terms = createTermCache(() => clock.now().getTime());
  // The search's engine: the pool in this instance's memory kept current through the read model's
  // change log, or the statements (talent-index.ts); the service does not know which.
  const engine = createTalentIndex(db, index);

  return {
    async search(
      params: TalentSearchParams,
      caller: SearchCaller,
    ): Promise<{
      results: TalentCard[];
      nextCursor: string | null;
      loosen: { filter: TalentFilter; count: number }[];
      didYouMean: string[];
    }> {
      const refuse = async (message: string): Promise<never> => {
        await caller.live();
        throw new AppError('TL_CORE_00400_E', message);
      };
      const known = await referenceSkills();
      const skills: string[] = [];
      for (const name of params.skill) {
        const lower = name.toLowerCase();
        if (!known.has(lower)) await refuse(`skill: ${TALENT_SEARCH_MESSAGES.unknownSkill(name)}`);
        if (!skills.includes(lower)) skills.push(lower);
      }
      const today = clock.now().toISOString().slice(0, 10);
      const f = filtersOf(params, skills, await readTerms(db, normaliseText(params.q), terms), today);
      const mode = orderOf(params.sort, f);
      const key = searchKey(f, params.sort);
      let after = null;
      if (params.cursor !== undefined) {
        after = cursors.decode(key, params.cursor);
        const expected = mode === 'score' ? 'score' : mode === 'vetted' ? 'at' : 'rate';
        if (!after || after.kind !== expected) await refuse(`cursor: ${TALENT_SEARCH_MESSAGES.badCursor}`);
      }
      // One statement: the session's check and the change log's last seq. The engine answers with
      // every change up to that seq (the pool takes in the changes it has not seen; the statements
      // read the committed rows): a change committed before the search is always in it (decision 151).
      const row = await readServed(db, caller.session);
      if (!row?.live) throw new AppError('TL_CORE_00401_E');
      const seq = Number(row.seq);
      const hits = await engine.search(f, mode, after, params.limit + 1, seq);
      const page = pageOf(hits, mode, params.limit, today);
      const empty = after === null && hits.length === 0;
      const loosen = empty ? loosenOf(activeFilters(f), await engine.loosen(f, seq)) : [];
      const suggested =
        empty && f.text
          ? await didYouMean(f, await vocabularyOf(db, terms), {
              count: (g, cap) => engine.count(g, cap, seq),
              rowsHolding: (word) => engine.rowsHolding(word, seq),
            })
          : [];
      return {
        results: page.cards,
        nextCursor: page.next ? cursors.encode(key, page.next) : null,
        loosen,
        didYouMean: suggested,
      };
    },

    /** Loads the pool before the first search asks for it (a listening server calls it). */
    async warm(): Promise<void> {
      await fillLevelDays(db);
      await engine.warm();
    },

    /**
     * The profile of a freelancer in the pool as the caller's company sees it. A read: the pool
     * row, the company and its lists holding the freelancer in one index-backed statement, then the
     * profile; the view is noted for the batched write (views.ts), not written here.
     */
    async profile(callerId: string, slug: string) {
      if (!SLUG_PATTERN.test(slug)) throw new AppError('TL_CORE_00404_E');
      const found = await lookupProfile(db, slug, callerId);
      if (!found) throw new AppError('TL_CORE_00404_E');
      const profile = await readPublicProfile(db, found.user_id, slug, false, clock.now());
      if (!profile) throw new AppError('TL_CORE_00404_E');
      // A client's company row is made on its first use; until then it holds no list and is unverified.
      const companyId = found.company_id ?? (await ensureCompany(db, callerId)).id;
      views.note(found.user_id, companyId, clock.now().toISOString().slice(0, 10));
      const memberships = found.memberships ?? [];
      // Images are shown through the link that checks the profile's visibility again.
      const portfolio = profile.portfolio.map((p) =>
        p.contentType === 'IMAGE' ? { ...p, fileUrl: publicPortfolioImagePath(slug, p.freelancerPortfolioId) } : p,
      );
      return {
        profile: { ...profile, portfolio },
        demo: Boolean(found.demo),
        publicUrl: found.visibility === 'public' ? `${publicUrl}/talent/${slug}` : null,
        memberships: memberships.map((m) => ({
          shortlistId: m.shortlist_id,
          shortlistName: m.shortlist_name,
          candidateId: m.candidate_id,
          stage: m.stage,
        })),
        canShortlist: found.verification_status === 'verified',
      };
    },

    insights,

    async poolSize(): Promise<number | null> {
      return roundPoolCount(await poolCount());
    },
  };
}

export type TalentSearchService = ReturnType<typeof createTalentSearchService>;

/** The company home panels, over real (not demo) talents and companies. */
export async function readInsights(db: Db, now: Date, referenceSkills: () => Promise<Map<string, string>>): Promise<TalentInsights> {
  const since = new Date(now.getTime() - 30 * 86_400_000).toISOString();
  // Top Performance: per occupation, its talents in the pool by how many real companies' lists hold them.
  const shortlisted = await readShortlistedByOccupation(db);
  const byCategory = new Map<string, typeof shortlisted>();
  for (const row of shortlisted) {
    const list = byCategory.get(row.category) ?? [];
    list.push(row);
    byCategory.set(row.category, list);
  }
  const categories = [...byCategory.entries()]
    .map(([category, rows]) => ({ category, rows, total: rows.reduce((n, r) => n + Number(r.held), 0) }))
    .sort((a, b) => b.total - a.total || a.category.localeCompare(b.category))
    .slice(0, TOP_CATEGORIES);
  const sizes = new Map<string, number>();
  if (categories.length > 0) {
    const names = categories.map((c) => c.category);
    const counted = await countByOccupation(db, names);
    for (const r of counted) sizes.set(r.occupation, Number(r.n));
  }
  const topPerformance = categories.map(({ category, rows }) => {
    const talents = rows
      .slice(0, TOP_TALENTS)
      .map((r) => ({ slug: r.slug, firstName: r.first_name, lastName: r.last_name, photoUrl: r.photo_url }));
    return { category, talents, more: Math.max(0, (sizes.get(category) ?? rows.length) - talents.length) };
  });

  // Hiring Time: per candidate, its first 'shortlisted' to its first 'selected' after it.
  const hiring = await readHiringTime(db);
  const hires = Number(hiring?.hires ?? 0);
  const medianDays = hires > 0 && hiring?.median !== null ? Math.round(Number(hiring?.median) * 10) / 10 : null;

  // Technology and Trends: the most listed skills of the real pool, and how many of those
  // profiles entered the pool (were vetted) in the last 30 days.
  const trendRows = await readTrendSkills(db, since, TREND_SKILLS);
  const names = await referenceSkills();
  const trends = trendRows.map((r) => ({ skill: names.get(r.skill) ?? r.skill, count: Number(r.n), change30d: Number(r.recent) }));

  return { topPerformance, hiringTime: { medianDays, hires }, trends };
}
