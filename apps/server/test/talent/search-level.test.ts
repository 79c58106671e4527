import crypto from 'node:crypto';
import {
  type TalentSearchQuery,
  TalentSearchQuery as QuerySchema,
  getTalentProfile,
  searchTalent,
} from '@talentloop/contract/api/talent-search';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type CardRow, filtersOf, pageOf, pageQuery } from '../../src/features/talent-search/queries.ts';
import { fillLevelDays, refreshTalentSearch, rowsOf } from '../../src/features/talent-search/read-model.ts';
import { DAY, type TestApp, call, expectOk, uniqueEmail, useApi } from '../helpers.ts';
import { insertTalents } from './support.ts';

// Issue 32, decision 163: one level. The card, the level filter and the profile a company opens
// all say the level derived from the work history (contract rules/level.ts), never the level the
// freelancer picked at onboarding; the search's pool and its statement form filter alike, and an
// ongoing role moves a profile up a level on the day it reaches the years, with no save.

const env = useApi();

const marker = () =>
  `zq${Array.from(crypto.randomBytes(6))
    .map((b) => String.fromCharCode(97 + (b % 26)))
    .join('')}`;

async function companyToken(app: TestApp) {
  const account = await app.signUp(uniqueEmail('client'), { userType: 'client', company: 'Acme Labs' });
  return (await app.verify(account.email)).accessToken;
}

const dayAgo = (app: TestApp, days: number) => new Date(app.clock.now().getTime() - days * DAY).toISOString().slice(0, 10);

/** A vetted freelancer who picked 'Mid-Exp' at onboarding, with the given work history. */
async function freelancer(app: TestApp, lastName: string, work: Array<[string, string | null]>) {
  const [made] = await insertTalents(app.db, [{ lastName, level: null, typedLevel: 'mid-exp' }], false);
  if (!made) throw new Error('no talent');
  for (const [start, end] of work)
    await app.db.execute(sql`
      INSERT INTO freelancer_work_experience (user_id, title, company, start_date, end_date, position)
      VALUES (${made.id}, 'Engineer', 'Acme', ${start}::date, ${end}::date, 0)`);
  await refreshTalentSearch(app.db, [made.id]);
  return made;
}

describe('one level: the derived level on cards, in the filter and on the profile', () => {
  it('a freelancer who picked Mid-Exp with six years of work is Senior everywhere a company looks, and found by Senior only', async () => {
    const app = await env.start({ config: { clientAccounts: true } });
    const token = await companyToken(app);
    const m = marker();
    const senior = await freelancer(app, m, [[dayAgo(app, 7 * 365), dayAgo(app, 365)]]);
    const search = async (q: Partial<TalentSearchQuery>) => {
      const res = await call(app, searchTalent, { query: { q: m, ...q } as TalentSearchQuery }, { token });
      expectOk(res);
      return res.body.results;
    };

    const [card] = await search({});
    expect(card).toMatchObject({ slug: senior.slug, level: 'senior' });
    expect(card).not.toHaveProperty('experienceLevel');
    expect((await search({ level: 'senior' })).map((c) => c.slug)).toEqual([senior.slug]);
    for (const level of ['entry', 'intermediate', 'expert'] as const) expect(await search({ level }), level).toEqual([]);

    const profile = await call(app, getTalentProfile, { params: { slug: senior.slug } }, { token });
    expectOk(profile);
    expect(profile.body.profile.level).toMatchObject({ key: 'senior', label: 'Senior', years: 6 });

    // The statement form of the search (the pool's reference) filters and shows the same level.
    const today = app.clock.now().toISOString().slice(0, 10);
    for (const level of ['entry', 'intermediate', 'senior', 'expert'] as const) {
      const params = QuerySchema.parse({ q: '', level });
      const f = { ...filtersOf(params, [], [], today), text: null };
      const rows = rowsOf<CardRow>(await app.db.execute(pageQuery(f, 'vetted', null, 1000)));
      const mine = pageOf(rows, 'vetted', 1000, today).cards.filter((c) => c.slug === senior.slug);
      expect(
        mine.map((c) => c.level),
        level,
      ).toEqual(level === 'senior' ? ['senior'] : []);
    }
    // The typed level is no filter value any more.
    const old = await call(app, searchTalent, { query: { q: m, level: 'mid-exp' } as unknown as TalentSearchQuery }, { token });
    expect(old.status).toBe(400);
  });

  it('an ongoing role moves the profile up a level on the day it reaches the years, without a save', async () => {
    const app = await env.start({ config: { clientAccounts: true } });
    const m = marker();
    // Five years of work less ten days, still ongoing: Intermediate today, Senior in ten days.
    const growing = await freelancer(app, m, [[dayAgo(app, 5 * 365 - 10), null]]);
    const levelOf = async () => {
      const token = await companyToken(app);
      const found = async (level?: TalentSearchQuery['level']) => {
        const res = await call(app, searchTalent, { query: { q: m, level } as TalentSearchQuery }, { token });
        expectOk(res);
        return res.body.results;
      };
      const [card] = await found();
      expect(card?.slug).toBe(growing.slug);
      const filtered = [];
      for (const level of ['entry', 'intermediate', 'senior', 'expert'] as const) if ((await found(level)).length > 0) filtered.push(level);
      return { card: card?.level, filtered };
    };
    expect(await levelOf()).toEqual({ card: 'intermediate', filtered: ['intermediate'] });
    app.clock.advance(11 * DAY);
    expect(await levelOf()).toEqual({ card: 'senior', filtered: ['senior'] });
  });

  it('a row written before the level was kept (level_days null) is filled from the work history when the server starts', async () => {
    const app = await env.start({ config: { clientAccounts: true } });
    const m = marker();
    const senior = await freelancer(app, m, [[dayAgo(app, 7 * 365), dayAgo(app, 365)]]);
    const daysOf = async () =>
      rowsOf<{ days: string | null }>(
        await app.db.execute(sql`SELECT level_days::text AS days FROM talent_search WHERE slug = ${senior.slug}`),
      )[0]?.days;
    const kept = await daysOf();
    expect(kept).toMatch(/^\{\d{4}-\d{2}-\d{2},\d{4}-\d{2}-\d{2},NULL\}$/);
    await app.db.execute(sql`UPDATE talent_search SET level_days = NULL WHERE slug = ${senior.slug}`);
    expect(await fillLevelDays(app.db)).toBeGreaterThanOrEqual(1);
    expect(await daysOf()).toBe(kept);
    expect(await fillLevelDays(app.db)).toBe(0);
  });
});
