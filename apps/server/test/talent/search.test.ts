import crypto from 'node:crypto';
import { getPoolSize } from '@talentloop/contract/api/talent-pool';
import {
  TALENT_SEARCH_MESSAGES,
  type TalentSearchQuery,
  getTalentInsights,
  getTalentProfile,
  searchTalent,
} from '@talentloop/contract/api/talent-search';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refreshTalentSearch, rowsOf } from '../../src/features/talent-search/read-model.ts';
import { type TestApp, call, expectFailure, expectOk, uniqueEmail, until, useApi, verifiedAccount } from '../helpers.ts';
import { type TalentSpec, insertTalents } from './support.ts';

// Company talent search (issue 20) through HTTP: filters, typos, ranking, keyset pages, who never
// appears, bad parameters, roles, the profile a company opens, the home panels and the pool size.
// Rows are made through SQL (then refreshTalentSearch); each test names its rows with a word of
// its own (`marker`) so tests sharing the file's database never see each other's rows.

const env = useApi();

/** A made-up word no other row holds (letters only, so it is matched as typed). */
const marker = () =>
  `zq${Array.from(crypto.randomBytes(6))
    .map((b) => String.fromCharCode(97 + (b % 26)))
    .join('')}`;

/**
 * A signed-in company account. Made as a verified code makes it, without the code's mail (sign-up is
 * the accounts' tests' subject, decision 292): a search test needs the company, not its sign-up.
 */
async function clientAccount(app: TestApp) {
  const account = await verifiedAccount(app, { email: uniqueEmail('client'), userType: 'client', company: 'Acme Labs' });
  return { email: account.email, token: account.accessToken };
}
const client = async (app: TestApp) => (await clientAccount(app)).token;

let app: TestApp;
let token: string;

async function search(query: Partial<TalentSearchQuery>) {
  const res = await call(app, searchTalent, { query: query as TalentSearchQuery }, { token });
  expectOk(res);
  return res.body;
}
const slugs = (body: { results: { slug: string }[] }) => body.results.map((r) => r.slug);

/** Every page of a search, following nextCursor. */
async function allPages(query: Partial<TalentSearchQuery>, limit: number) {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 50; i++) {
    const page = await search({ ...query, limit, cursor });
    seen.push(...slugs(page));
    if (!page.nextCursor) return seen;
    cursor = page.nextCursor;
  }
  throw new Error('too many pages');
}

// The search's suite runs against both engines (TALENT_INDEX, talent-index.ts): the pool in
// memory and the statements give the same rows, orders, pages, loosen counts and refusals.
describe.each(['pool', 'sql'] as const)('company talent search (%s index)', (talentIndex) => {
  // An app per test (useApi closes it when the test ends).
  const fresh = async () => {
    app = await env.start({ config: { clientAccounts: true, talentIndex } });
    token = await client(app);
  };

  it('combines filters: every skill, country, level, rate overlap, hours and language', async () => {
    await fresh();
    const m = marker();
    const base: TalentSpec = {
      lastName: m,
      skills: ['React', 'TypeScript'],
      countryCode: 'DE',
      level: 'expert',
      minRate: 40,
      maxRate: 60,
      maxHours: 40,
      languages: ['en', 'de'],
    };
    const [all, onlyReact, french, junior, pricey, partTime, english] = await insertTalents(app.db, [
      base,
      { ...base, skills: ['React'] },
      { ...base, countryCode: 'FR' },
      { ...base, level: 'entry' },
      { ...base, minRate: 90, maxRate: 120 },
      { ...base, maxHours: 10 },
      { ...base, languages: ['en'] },
    ]);
    const ids = (xs: ({ slug: string } | undefined)[]) => xs.map((x) => x?.slug).sort();
    const found = async (q: Partial<TalentSearchQuery>) => slugs(await search({ q: m, ...q })).sort();

    expect(await found({})).toEqual(ids([all, onlyReact, french, junior, pricey, partTime, english]));
    expect(await found({ skill: ['react', 'TypeScript'] })).toEqual(ids([all, french, junior, pricey, partTime, english]));
    expect(await found({ country: 'FR' })).toEqual(ids([french]));
    expect(await found({ level: 'entry' })).toEqual(ids([junior]));
    // Overlap: 40-60 overlaps 55-100; 90-120 does not overlap 20-50.
    expect(await found({ rateMin: 100 })).toEqual(ids([pricey]));
    expect(await found({ rateMin: 20, rateMax: 50 })).toEqual(ids([all, onlyReact, french, junior, partTime, english]));
    expect(await found({ hours: 20 })).toEqual(ids([all, onlyReact, french, junior, pricey, english]));
    expect(await found({ language: 'de' })).toEqual(ids([all, onlyReact, french, junior, pricey, partTime]));
    expect(await found({ skill: ['TypeScript'], country: 'DE', level: 'expert', rateMax: 70, hours: 30, language: 'de' })).toEqual(
      ids([all]),
    );
  });

  it('tolerates typos in the text (Reactt, typscript) and finds a bio word', async () => {
    await fresh();
    const m = marker();
    const [react, ts, bio] = await insertTalents(app.db, [
      { lastName: m, skills: ['React'], occupation: 'Frontend Developer' },
      { lastName: m, skills: ['TypeScript'], occupation: 'Backend Developer' },
      { lastName: m, skills: ['Excel'], occupation: 'Analyst', description: 'I automate spreadsheets with Kubernetes jobs.' },
    ]);
    expect(slugs(await search({ q: `Reactt ${m}` }))).toEqual([react?.slug]);
    expect(slugs(await search({ q: `typscript ${m}` }))).toEqual([ts?.slug]);
    expect(slugs(await search({ q: `kubernetes ${m}` }))).toEqual([bio?.slug]);
    // A short word matches only a skill of exactly that name.
    expect(slugs(await search({ q: `${m} go` }))).toEqual([]);
  });

  it('corrects a typo of a word added after the same typo was searched (the kept alternatives are dropped)', async () => {
    await fresh();
    const m = marker();
    const word = marker();
    const typo = `${word}${word.at(-1)}`;
    // Nobody holds either word yet: the instance keeps 'nothing like it' for both typed words.
    expect(slugs(await search({ q: `${typo} ${m}` }))).toEqual([]);
    const [added] = await insertTalents(app.db, [{ lastName: m, skills: ['Excel'], occupation: `${word} Analyst` }]);
    expect(slugs(await search({ q: `${typo} ${m}` }))).toEqual([added?.slug]);
  });

  it('ranks whole-word headline matches first, then typo matches, then bio-only matches', async () => {
    await fresh();
    const m = marker();
    const [bioOnly, skill, typo] = await insertTalents(app.db, [
      { lastName: m, skills: ['Excel'], occupation: 'Analyst', description: 'Learning figma on weekends.' },
      { lastName: m, skills: ['Figma'], occupation: 'Product Designer' },
      { lastName: m, skills: ['Excel'], occupation: 'Figmas Consultant' },
    ]);
    expect(slugs(await search({ q: `figma ${m}` }))).toEqual([skill?.slug, typo?.slug, bioOnly?.slug]);
  });

  it('sorts by rate both ways, ties broken the same way on every page', async () => {
    await fresh();
    const m = marker();
    const made = await insertTalents(
      app.db,
      [30, 80, 55, 30, 120].map((rate) => ({ lastName: m, minRate: rate, maxRate: rate })),
    );
    const rateOf = new Map(made.map((t, i) => [t.slug, [30, 80, 55, 30, 120][i]]));
    const asc = await allPages({ q: m, sort: 'rate_asc' }, 2);
    const desc = await allPages({ q: m, sort: 'rate_desc' }, 2);
    expect(asc.map((s) => rateOf.get(s))).toEqual([30, 30, 55, 80, 120]);
    expect(desc.map((s) => rateOf.get(s))).toEqual([120, 80, 55, 30, 30]);
    expect(new Set(asc).size).toBe(5);
  });

  it('keeps keyset pages stable when profiles are added between pages, in every sort', async () => {
    await fresh();
    // Each engine's run its own languages (the file's database is shared).
    const rounds = talentIndex === 'pool' ? ['ta', 'te', 'kn', 'ml'] : ['gu', 'or', 'sw', 'tl'];
    for (const sort of ['relevance', 'rate_asc', 'rate_desc'] as const) {
      for (const q of sort === 'relevance' ? ['', 'text'] : ['text']) {
        const m = marker();
        // Without text, a language only this round's rows speak keeps them apart.
        const language = rounds.shift() as string;
        const spec = (i: number): TalentSpec => ({
          lastName: m,
          occupation: i % 2 ? 'Data Engineer' : 'Data Scientist',
          minRate: 20 + Math.abs(i) * 5,
          maxRate: 30 + Math.abs(i) * 5,
          languages: ['en', language],
        });
        const original = await insertTalents(
          app.db,
          Array.from({ length: 7 }, (_, i) => spec(i)),
        );
        const query: Partial<TalentSearchQuery> = q ? { q: `data ${m}`, sort } : { language, sort };
        const first = await search({ ...query, limit: 3 });
        expect(first.results).toHaveLength(3);
        const added = await insertTalents(app.db, [spec(-1), spec(3), spec(9)]);
        const seen = [...slugs(first)];
        let cursor = first.nextCursor;
        while (cursor) {
          const page = await search({ ...query, limit: 3, cursor });
          seen.push(...slugs(page));
          cursor = page.nextCursor;
        }
        const label = `${sort} ${q ? 'with' : 'without'} text`;
        expect(new Set(seen).size, label).toBe(seen.length);
        for (const t of original) expect(seen, label).toContain(t.slug);
        for (const s of seen)
          expect(
            [...original, ...added].map((t) => t.slug),
            label,
          ).toContain(s);
      }
    }
  });

  it('never shows unvetted, closed, hidden, deleted or non-freelancer profiles', async () => {
    await fresh();
    const m = marker();
    const [shown, inReview, declined, closed, hidden, deleted, client] = await insertTalents(app.db, [
      { lastName: m },
      { lastName: m, vetting: 'in_review' },
      { lastName: m, vetting: 'declined' },
      { lastName: m, openToWork: false },
      { lastName: m, visibility: 'hidden' },
      { lastName: m },
      { lastName: m },
    ]);
    await app.db.execute(sql`DELETE FROM users WHERE id = ${deleted?.id}`);
    await app.db.execute(sql`UPDATE users SET user_type = 'client', roles = ARRAY['client'] WHERE id = ${client?.id}`);
    await refreshTalentSearch(app.db, [client?.id as string]);
    expect(slugs(await search({ q: m }))).toEqual([shown?.slug]);
    for (const t of [inReview, declined, closed, hidden, deleted, client]) {
      expectFailure(await call(app, getTalentProfile, { params: { slug: t?.slug as string } }, { token }), 404, 'TL_CORE_00404_E', t?.slug);
    }
  });

  it('refuses bad parameters with the contract’s messages', async () => {
    await fresh();
    const bad = async (query: Record<string, unknown>, message: string) => {
      const res = await call(app, searchTalent, { query: query as TalentSearchQuery }, { token });
      expectFailure(res, 400, 'TL_CORE_00400_E', JSON.stringify(query));
      expect((res.body as { responseMessage: string }).responseMessage).toContain(message);
    };
    await bad({ skill: ['React', 'Klingon Poetry'] }, TALENT_SEARCH_MESSAGES.unknownSkill('Klingon Poetry'));
    await bad({ rateMin: 80, rateMax: 20 }, TALENT_SEARCH_MESSAGES.rateInverted);
    await bad({ rateMin: 'cheap' }, TALENT_SEARCH_MESSAGES.rateNotNumber);
    await bad({ q: 'x'.repeat(101) }, TALENT_SEARCH_MESSAGES.queryTooLong);
    await bad({ country: 'XX' }, TALENT_SEARCH_MESSAGES.unknownCountry);
    await bad({ language: 'xx' }, TALENT_SEARCH_MESSAGES.unknownLanguage);
    await bad({ level: 'guru' }, TALENT_SEARCH_MESSAGES.unknownLevel);
    await bad({ hours: 7 }, TALENT_SEARCH_MESSAGES.unknownHours);
    await bad({ skill: Array.from({ length: 11 }, (_, i) => `S${i}`) }, TALENT_SEARCH_MESSAGES.tooManySkills);
    // Control and bidi characters are refused before any statement (NUL has its own app-wide message).
    await bad({ q: 'react\u0007' }, 'Contains characters that are not allowed');
    await bad({ skill: ['Re\u202eact'] }, 'Contains characters that are not allowed');
  });

  it('refuses a tampered cursor, or one from another query or sort', async () => {
    await fresh();
    const m = marker();
    await insertTalents(
      app.db,
      Array.from({ length: 3 }, () => ({ lastName: m, occupation: 'Data Engineer' })),
    );
    const first = await search({ q: m, limit: 1 });
    const cursor = first.nextCursor as string;
    expect(cursor).toBeTruthy();
    expectOk(await call(app, searchTalent, { query: { q: m, limit: 1, cursor, skill: [] } }, { token }));
    const [body, sig] = cursor.split('.') as [string, string];
    const forged = Buffer.from(
      JSON.stringify([...JSON.parse(Buffer.from(body, 'base64url').toString()).slice(0, 2), 0, crypto.randomUUID()]),
    );
    for (const [label, query] of [
      ['changed', { q: m, cursor: `${body.slice(0, -2)}AA.${sig}` }],
      ['forged', { q: m, cursor: `${forged.toString('base64url')}.${sig}` }],
      ['garbage', { q: m, cursor: 'not-a-cursor' }],
      ['other query', { q: `${m} data`, cursor }],
      ['other filter', { q: m, country: 'FR', cursor }],
      ['other sort', { q: m, sort: 'rate_asc', cursor }],
    ] as const) {
      const res = await call(app, searchTalent, { query: query as TalentSearchQuery }, { token });
      expectFailure(res, 400, 'TL_CORE_00400_E', label);
      expect((res.body as { responseMessage: string }).responseMessage).toContain(TALENT_SEARCH_MESSAGES.badCursor);
    }
  });

  it('suggests which filter to loosen when a first page with filters is empty', async () => {
    await fresh();
    const m = marker();
    await insertTalents(app.db, [
      { lastName: m, countryCode: 'DE', level: 'expert' },
      { lastName: m, countryCode: 'DE', level: 'entry' },
      { lastName: m, countryCode: 'FR', level: 'entry' },
    ]);
    const empty = await search({ q: m, country: 'FR', level: 'expert' });
    expect(empty.results).toEqual([]);
    expect(empty.loosen).toEqual(
      expect.arrayContaining([
        { filter: 'country', count: 1 },
        { filter: 'level', count: 1 },
      ]),
    );
    expect(empty.loosen.map((l) => l.count)).toEqual([...empty.loosen.map((l) => l.count)].sort((a, b) => b - a));
    const found = await search({ q: m, country: 'DE' });
    expect(found.loosen).toEqual([]);
  });

  it('answers 403 to freelancers and operators, 401 without a token', async () => {
    await fresh();
    const freelancer = await app.createUser();
    const operator = await app.createUser();
    await app.db.execute(sql`UPDATE users SET roles = array_append(roles, 'operator') WHERE email = ${operator.email}`);
    const operatorToken = (await app.signIn(operator.email)).accessToken;
    for (const t of [freelancer.accessToken, operatorToken]) {
      expectFailure(await call(app, searchTalent, { query: { q: 'react', skill: [] } }, { token: t }), 403, 'TL_CORE_00403_E');
      expectFailure(await call(app, getTalentProfile, { params: { slug: 'someone-abc123' } }, { token: t }), 403, 'TL_CORE_00403_E');
      expectFailure(await call(app, getTalentInsights, {}, { token: t }), 403, 'TL_CORE_00403_E');
    }
    expectFailure(await call(app, searchTalent, { query: { q: 'react', skill: [] } }), 401, 'TL_CORE_00401_E');
  });

  it('answers 401 once the session has ended, whatever else is wrong with the search', async () => {
    // The search checks the session in its own statement (decision 148): an ended session is 401
    // for a good search and before any 400 (bad parameters, an unknown skill, a forged cursor).
    await fresh();
    const account = await app.signUp(uniqueEmail('client'), { userType: 'client', company: 'Acme Labs' });
    const session = await app.verify(account.email);
    const other = await app.signIn(account.email);
    const good = { q: 'react', skill: [] } as unknown as TalentSearchQuery;
    expectOk(await call(app, searchTalent, { query: good }, { token: session.accessToken }));
    expect((await app.get('/api/auth/logout', { cookies: { tl_refresh: session.refreshCookie } })).status).toBe(200);
    const bad = [
      good,
      { q: 'react', skill: [], rateMin: 90, rateMax: 10 },
      { q: 'react', skill: ['Not A Skill Anyone Lists'] },
      { q: 'react', skill: [], cursor: 'forged' },
    ] as unknown as TalentSearchQuery[];
    for (const query of bad) {
      expectFailure(await call(app, searchTalent, { query }, { token: session.accessToken }), 401, 'TL_CORE_00401_E');
    }
    // The same user's other session still searches, and its bad searches are 400.
    expectOk(await call(app, searchTalent, { query: good }, { token: other.accessToken }));
    for (const query of bad.slice(1)) {
      expectFailure(await call(app, searchTalent, { query }, { token: other.accessToken }), 400, 'TL_CORE_00400_E');
    }
  });
});

describe('a freelancer’s profile as a company sees it', () => {
  it('shows a pool profile with its demo flag, public link, the caller’s shortlists, and 404 outside the pool', async () => {
    const app = await env.start({ config: { clientAccounts: true } });
    const me = await clientAccount(app);
    const token = me.token;
    const them = await clientAccount(app);
    const m = marker();
    const [pub, demo, hidden] = await insertTalents(app.db, [
      { lastName: m, visibility: 'public', description: 'Builds things.' },
      { lastName: m, demo: true },
      { lastName: m, visibility: 'hidden' },
    ]);
    const open = (slug: string, t = token) => call(app, getTalentProfile, { params: { slug } }, { token: t });

    const seen = await open(pub?.slug as string);
    expectOk(seen);
    expect(seen.body).toMatchObject({
      demo: false,
      publicUrl: `${app.config.publicUrl}/talent/${pub?.slug}`,
      memberships: [],
      canShortlist: false,
      profile: { slug: pub?.slug, lastName: m, description: 'Builds things.' },
    });
    const shownDemo = await open(demo?.slug as string);
    expectOk(shownDemo);
    expect(shownDemo.body).toMatchObject({ demo: true, publicUrl: null });
    expectFailure(await open(hidden?.slug as string), 404, 'TL_CORE_00404_E');
    expectFailure(await open('no-such-talent-abc123'), 404, 'TL_CORE_00404_E');
    expectFailure(await open('Not A Slug!'), 404, 'TL_CORE_00404_E');

    // The caller's shortlists holding them, never another company's; verified companies may shortlist.
    const companyOf = async (account: { email: string; token: string }) => {
      expectOk(await open(pub?.slug as string, account.token));
      const [row] = rowsOf<{ id: string }>(
        await app.db.execute(sql`SELECT c.id FROM companies c JOIN users u ON u.id = c.owner_user_id WHERE u.email = ${account.email}`),
      );
      return row?.id as string;
    };
    const mine = await companyOf(me);
    const theirs = await companyOf(them);
    const list = async (companyId: string, name: string, stage: string) => {
      const [s] = rowsOf<{ id: string }>(
        await app.db.execute(sql`INSERT INTO shortlists (company_id, name) VALUES (${companyId}, ${name}) RETURNING id`),
      );
      const [c] = rowsOf<{ id: string }>(
        await app.db.execute(
          sql`INSERT INTO shortlist_candidates (shortlist_id, freelancer_id, stage) VALUES (${s?.id}, ${pub?.id}, ${stage}) RETURNING id`,
        ),
      );
      return { shortlistId: s?.id, shortlistName: name, candidateId: c?.id, stage };
    };
    const backend = await list(mine, 'Backend', 'interview');
    const api = await list(mine, 'API team', 'shortlisted');
    await list(theirs, 'Secret role', 'selected');
    await app.db.execute(sql`UPDATE companies SET verification_status = 'verified' WHERE id = ${mine}`);
    const again = await open(pub?.slug as string);
    expectOk(again);
    expect(again.body.memberships).toEqual([api, backend]);
    expect(again.body.canShortlist).toBe(true);
  });

  it('counts one view per company and day', async () => {
    const app = await env.start({ config: { clientAccounts: true, profileViewsFlushMs: 50 } });
    const firstAccount = await clientAccount(app);
    const [first, second] = [firstAccount.token, await client(app)];
    const [t] = await insertTalents(app.db, [{ lastName: marker() }]);
    const views = async () =>
      rowsOf<{ n: number }>(await app.db.execute(sql`SELECT count(*)::int AS n FROM profile_views WHERE freelancer_id = ${t?.id}`))[0]?.n;
    const open = (tok: string) => call(app, getTalentProfile, { params: { slug: t?.slug as string } }, { token: tok });
    // Written in batches off the request (talent-search/views.ts): waited for, never timed.
    const viewsReach = (n: number) => until(async () => (await views()) === n, `${n} views written`);
    expectOk(await open(first));
    expectOk(await open(first));
    await viewsReach(1);
    expectOk(await open(first));
    expectOk(await open(second));
    await viewsReach(2);
    app.clock.advance(24 * 3600_000);
    expectOk(await open((await app.signIn(firstAccount.email)).accessToken));
    await viewsReach(3);
    expect(await views()).toBe(3);
  });

  it('writes no view on the request: views are noted for a batched write, the last batch when the app closes', async () => {
    // No timed write in this test: only the close writes.
    const app = await env.start({ config: { clientAccounts: true, profileViewsFlushMs: 3_600_000 } });
    const tokens = [await client(app), await client(app), await client(app)];
    const [t] = await insertTalents(app.db, [{ lastName: marker() }]);
    const views = async () =>
      rowsOf<{ n: number }>(await app.db.execute(sql`SELECT count(*)::int AS n FROM profile_views WHERE freelancer_id = ${t?.id}`))[0]?.n;
    for (const token of tokens) expectOk(await call(app, getTalentProfile, { params: { slug: t?.slug as string } }, { token }));
    expect(await views()).toBe(0);
    await app.close();
    expect(await views()).toBe(3);
  });
});

describe('home panels and the pool size', () => {
  it('count real talents only: pool size rounded, trends and hiring time without demo rows', async () => {
    const app = await env.start({ config: { clientAccounts: true } });
    const token = await client(app);
    const pool = async () => {
      const res = await call(app, getPoolSize);
      expectOk(res);
      return res.body.vettedCount;
    };
    // Fresh app per read below: the figures are cached for a minute per instance.
    const [{ n: before = 0 } = { n: 0 }] = rowsOf<{ n: number }>(
      await app.db.execute(sql`SELECT count(*)::int AS n FROM talent_search WHERE NOT demo`),
    );
    const needed = Math.max(3, 64 - before);
    const real = await insertTalents(
      app.db,
      Array.from({ length: needed }, (_, i) => ({ lastName: marker(), skills: i < 3 ? ['Rust', 'Elixir'] : ['Elixir'] })),
    );
    await insertTalents(
      app.db,
      Array.from({ length: 40 }, () => ({ lastName: marker(), demo: true, skills: ['COBOL'] })),
    );
    const [{ n: total = 0 } = { n: 0 }] = rowsOf<{ n: number }>(
      await app.db.execute(sql`SELECT count(*)::int AS n FROM talent_search WHERE NOT demo`),
    );
    expect(await pool()).toBe(Math.floor(total / 10) * 10);

    // Hiring time: shortlisted -> selected per candidate; a demo freelancer's hire is not counted.
    const [demoTalent] = await insertTalents(app.db, [{ lastName: marker(), demo: true }]);
    const day = 86_400_000;
    const t0 = Date.now() - 20 * day;
    const hire = async (freelancerId: string, days: number) => {
      const candidate = crypto.randomUUID();
      await app.db.execute(sql`INSERT INTO talent_events (freelancer_id, kind, candidate_id, created_at) VALUES
        (${freelancerId}, 'shortlisted', ${candidate}, ${new Date(t0).toISOString()}),
        (${freelancerId}, 'interview', ${candidate}, ${new Date(t0 + day).toISOString()}),
        (${freelancerId}, 'selected', ${candidate}, ${new Date(t0 + days * day).toISOString()})`);
    };
    await hire(real[0]?.id as string, 4);
    await hire(real[1]?.id as string, 10);
    await hire(real[2]?.id as string, 6);
    await hire(demoTalent?.id as string, 100);

    const fresh = await env.start({ config: { clientAccounts: true } });
    const res = await call(fresh, getTalentInsights, {}, { token });
    expectOk(res);
    const { insights } = res.body;
    expect(insights.hiringTime).toEqual({ medianDays: 6, hires: 3 });
    const elixir = insights.trends.find((t) => t.skill === 'Elixir');
    expect(elixir?.count).toBeGreaterThanOrEqual(needed);
    expect(elixir?.change30d).toBe(elixir?.count);
    expect(insights.trends.find((t) => t.skill === 'COBOL')).toBeUndefined();
    expect(insights.trends.length).toBeLessThanOrEqual(8);
  });
});
