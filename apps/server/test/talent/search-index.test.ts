import { TalentSearchQuery, type TalentSort } from '@talentloop/contract/api/talent-search';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPool, TRIM_EVERY_MS } from '../../src/features/talent-search/pool-index.ts';
import {
  type CardRow,
  filtersOf,
  type Keyset,
  keysetOf,
  LOOSEN_COUNT_MAX,
  loosenQuery,
  activeFilters,
  normaliseText,
  orderOf,
  pageQuery,
  readTerms,
} from '../../src/features/talent-search/queries.ts';
import { refreshTalentSearch, rowsOf } from '../../src/features/talent-search/read-model.ts';
import { poolTalentIndex, sqlTalentIndex } from '../../src/features/talent-search/talent-index.ts';
import { useApi } from '../helpers.ts';
import { insertTalents, type TalentSpec } from './support.ts';

// The in-memory pool (decision "Talent search in memory") answers every search exactly as the
// statement form of the same search (queries.ts pageQuery and loosenQuery): the same rows in the
// same order with the same relevance, page after page through the keyset, and the same loosen
// counts; and it follows every change to the read model, on any instance.

const env = useApi();

/** A seeded generator (the same pool and searches every run). */
function generator(seed: number) {
  let a = seed;
  const rand = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const some = <T>(xs: readonly T[], n: number): T[] => [...new Set(Array.from({ length: n }, () => pick(xs)))];
  return { rand, pick, some };
}

const SKILLS = ['React', 'React Native', 'TypeScript', 'Go', 'C#', 'C++', 'Python', 'Django', 'Figma', 'SQL', 'Rust', 'Vue'];
const OCCUPATIONS = ['Frontend Developer', 'Backend Developer', 'Data Engineer', 'Product Designer', 'Mobile Developer', null];
const BIO_WORDS = ['react', 'reactive', 'design', 'designer', 'python', 'scaling', 'payments', 'fintech', 'mobile', 'developer'];
const COUNTRIES = ['DE', 'IN', 'US', 'BR', null];
const LEVELS = ['entry', 'intermediate', 'senior', 'expert', null] as const;
const LANGUAGES = ['en', 'de', 'hi', 'pt'];
const RATES = [10, 25, 25, 40, 55.5, 80];
const HOURS = [10, 20, 40, null];
const TEXTS = ['react', 'reactt', 'reac', 'developer', 'desgner', 'python django', 'go', 'c#', 'data engineer', 'fintech react', 'zzzz'];

describe('talent search in memory', () => {
  const g = generator(20_261_126);
  // Few distinct vetting times, so that the newest-first order breaks many ties by id.
  const times = Array.from({ length: 40 }, (_, i) => new Date(Date.UTC(2026, 10, 1, 9, 0, i, i % 3 === 0 ? 0 : 123)));

  beforeAll(async () => {
    const specs: TalentSpec[] = Array.from({ length: 600 }, () => {
      const minRate = g.pick(RATES);
      return {
        occupation: g.pick(OCCUPATIONS),
        description: g.some(BIO_WORDS, 4).join(' '),
        skills: g.some(SKILLS, 1 + Math.floor(g.rand() * 4)),
        languages: g.some(LANGUAGES, 1 + Math.floor(g.rand() * 2)),
        countryCode: g.pick(COUNTRIES),
        level: g.pick(LEVELS),
        minRate,
        maxRate: minRate + g.pick([0, 15, 40]),
        maxHours: g.pick(HOURS),
        vettedAt: g.pick(times),
      };
    });
    await insertTalents(env.database.db, specs);
  });

  /** A search as the route builds it: terms from the vocabulary, filters, the order. */
  async function searchOf(input: Record<string, unknown>) {
    const params = TalentSearchQuery.parse(input);
    const skills = params.skill.map((s) => s.toLowerCase());
    const f = filtersOf(params, skills, await readTerms(env.database.db, normaliseText(params.q)));
    return { f, mode: orderOf(params.sort, f), limit: params.limit };
  }

  function randomInput(): Record<string, unknown> {
    const input: Record<string, unknown> = { sort: g.pick<TalentSort>(['relevance', 'relevance', 'rate_asc', 'rate_desc']), limit: 7 };
    if (g.rand() < 0.8) input.q = g.pick(TEXTS);
    const filters = g.some(['skill', 'country', 'level', 'rate', 'hours', 'language'], Math.floor(g.rand() * 3));
    for (const filter of filters) {
      if (filter === 'skill') input.skill = g.some(SKILLS, 1 + Math.floor(g.rand() * 2));
      if (filter === 'country') input.country = g.pick(COUNTRIES.filter(Boolean));
      if (filter === 'level') input.level = g.pick(LEVELS.filter(Boolean));
      if (filter === 'rate') {
        input.rateMin = g.pick([1, 20, 30]);
        input.rateMax = g.pick([30, 60, 100]);
      }
      if (filter === 'hours') input.hours = g.pick([10, 20, 30]);
      if (filter === 'language') input.language = g.pick(LANGUAGES);
    }
    return input;
  }

  it('finds the same rows in the same order as the statement, page after page, for 120 varied searches, scoring either way', async () => {
    const db = env.database.db;
    // Scoring by binary search in the word lists, and by bit sets of them (pointsOf picks per search).
    const probing = (await createPool(db, Date.now, { probeCost: 0 }).ready()).index;
    const { index } = await createPool(db, Date.now, { probeCost: Number.POSITIVE_INFINITY }).ready();
    const pooled = poolTalentIndex(db);
    const statements = sqlTalentIndex(db);
    let compared = 0;
    for (let i = 0; i < 120; i++) {
      const input = randomInput();
      const { f, mode, limit } = await searchOf(input);
      let after: Keyset | null = null;
      for (let page = 0; page < 4; page++) {
        const expected = rowsOf<CardRow>(await db.execute(pageQuery(f, mode, after, limit)));
        const got = index.search(f, mode, after, limit + 1);
        expect(
          got.map((h) => `${h.userId} ${h.score}`),
          JSON.stringify({ input, page }),
        ).toEqual(expected.map((r) => `${r.user_id} ${mode === 'score' ? Number(r.score) : 0}`));
        expect(probing.search(f, mode, after, limit + 1), JSON.stringify({ input, page })).toEqual(got);
        compared += got.length;
        if (expected.length <= limit) break;
        after = keysetOf(expected[limit - 1] as CardRow, mode);
      }
      if (after === null) {
        const counts = rowsOf<{ filter: string; n: number }>(await db.execute(loosenQuery(f, activeFilters(f))));
        expect(index.loosen(f), JSON.stringify(input)).toEqual(counts.map((c) => [c.filter, Number(c.n)]));
      }
      // The two engines behind the port (talent-index.ts): the same first page, card for card, the
      // same loosen counts, counts and word weights.
      const [fromPool, fromSql] = await Promise.all(
        [pooled, statements].map(async (e) => [
          await e.search(f, mode, null, limit + 1, 0),
          await e.loosen(f, 0),
          await e.count(f, 7, 0),
          await e.rowsHolding(f.text?.terms[0]?.word ?? 'react', 0),
        ]),
      );
      expect(fromPool, JSON.stringify(input)).toEqual(fromSql);
    }
    // The searches found rows, not only empty pages.
    expect(compared).toBeGreaterThan(1000);
    expect(LOOSEN_COUNT_MAX).toBeGreaterThan(0);
  });

  it('follows changes made on another instance: added, changed and removed rows, and a trimmed log', async () => {
    const db = env.database.db;
    const mine = createPool(db);
    const other = createPool(db);
    const seqOf = async () =>
      Number(rowsOf<{ seq: string }>(await db.execute(sql`SELECT coalesce(max(seq), 0)::text AS seq FROM talent_search_changes`))[0]?.seq);
    const { f, mode } = await searchOf({ q: 'quokkafinder' });
    const before = await mine.ready();
    await other.ready();
    expect(before.index.search(f, mode, null, 10)).toEqual([]);

    // A refresh that changes no row of the pool (a profile outside it) logs nothing and takes no
    // turn (writers wait only for writers of the pool); one that changes a row takes it.
    const outside = await insertTalents(db, [{ description: 'quokkafinder', vetting: 'in_review' }]);
    const logged = await seqOf();
    const turns = async (tx: Pick<typeof db, 'execute'>) =>
      Number(
        rowsOf<{ n: string }>(
          await tx.execute(sql`SELECT count(*)::text AS n FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()`),
        )[0]?.n,
      );
    await db.transaction(async (tx) => {
      await refreshTalentSearch(tx, [outside[0]?.id as string]);
      expect(await turns(tx)).toBe(0);
      const anyone = rowsOf<{ user_id: string }>(await tx.execute(sql`SELECT user_id FROM talent_search LIMIT 1`))[0]?.user_id as string;
      await refreshTalentSearch(tx, [anyone]);
      expect(await turns(tx)).toBe(1);
    });
    expect(await seqOf()).toBe(logged + 2);

    // Another instance's write: a new profile with the word.
    const [talent] = await insertTalents(db, [{ description: 'quokkafinder', minRate: 30, maxRate: 30 }]);
    const id = talent?.id as string;
    let seq = await seqOf();
    let now = await mine.atLeast(seq);
    expect(now.index.search(f, mode, null, 10).map((h) => h.userId)).toEqual([id]);

    // Changed: the word leaves the profile.
    await db.execute(sql`UPDATE freelancer_profiles SET description = 'a different bio' WHERE user_id = ${id}`);
    await refreshTalentSearch(db, [id]);
    seq = await seqOf();
    now = await mine.atLeast(seq);
    expect(now.index.search(f, mode, null, 10)).toEqual([]);

    // Back, then removed (closed to work): the row leaves talent_search.
    await db.execute(sql`UPDATE freelancer_profiles SET description = 'quokkafinder again' WHERE user_id = ${id}`);
    await refreshTalentSearch(db, [id]);
    now = await mine.atLeast(await seqOf());
    expect(now.index.search(f, mode, null, 10).map((h) => h.userId)).toEqual([id]);
    await db.execute(sql`UPDATE freelancer_profiles SET open_to_work = false WHERE user_id = ${id}`);
    await refreshTalentSearch(db, [id]);
    now = await mine.atLeast(await seqOf());
    expect(now.index.search(f, mode, null, 10)).toEqual([]);

    // The other instance was behind all along; the log it needed is trimmed: it reads the pool again.
    await db.execute(sql`UPDATE freelancer_profiles SET open_to_work = true WHERE user_id = ${id}`);
    await refreshTalentSearch(db, [id]);
    seq = await seqOf();
    await db.execute(sql`DELETE FROM talent_search_changes WHERE seq < ${seq}`);
    const caughtUp = await other.atLeast(seq);
    expect(caughtUp.seq).toBe(seq);
    expect(caughtUp.index.search(f, mode, null, 10).map((h) => h.userId)).toEqual([id]);
  });

  it('serves a search the seq it read when a trim falls due between its two tries (decision 180)', async () => {
    const db = env.database.db;
    const seqOf = async () =>
      Number(rowsOf<{ seq: string }>(await db.execute(sql`SELECT coalesce(max(seq), 0)::text AS seq FROM talent_search_changes`))[0]?.seq);
    // The pool's statements, the first catch-up held after it has read the log until released.
    const dialect = new PgDialect();
    let held: { reached: () => void; release: Promise<void> } | null = null;
    let release!: () => void;
    const reached = new Promise<void>((r) => {
      held = { reached: r, release: new Promise<void>((go) => (release = go)) };
    });
    const gated = new Proxy(db, {
      get(target, key, receiver) {
        if (key !== 'execute') return Reflect.get(target, key, receiver);
        return async (query: SQL) => {
          const result = await target.execute(query);
          const text = dialect.sqlToQuery(query).sql;
          if (held && text.includes('json_agg(DISTINCT user_id)')) {
            const h: { reached: () => void; release: Promise<void> } = held;
            held = null;
            h.reached();
            await h.release;
          }
          return result;
        };
      },
    });
    let clock = 1_000_000;
    const pool = createPool(gated, () => clock);
    const { f, mode } = await searchOf({ q: 'wombatseeker' });
    await pool.ready();

    // A first search reads seq s1 and starts a catch-up, which reads the log and is held.
    const [first] = await insertTalents(db, [{ description: 'wombatseeker' }]);
    const s1 = await seqOf();
    const a = pool.atLeast(s1);
    await reached;
    // A second search reads s2 (a later change) and joins that catch-up: its first try.
    const [second] = await insertTalents(db, [{ description: 'wombatseeker' }]);
    const s2 = await seqOf();
    expect(s2).toBeGreaterThan(s1);
    const b = pool.atLeast(s2);
    // A trim falls due; the catch-up ends: the first search, done, starts the trim, and the
    // second search's second try must be a catch-up of its own, not that trim.
    clock += TRIM_EVERY_MS;
    release();
    const [atA, atB] = await Promise.all([a, b]);
    expect(atA.seq).toBeGreaterThanOrEqual(s1);
    expect(atB.seq).toBeGreaterThanOrEqual(s2);
    expect(
      atB.index
        .search(f, mode, null, 10)
        .map((h) => h.userId)
        .sort(),
    ).toEqual([first?.id, second?.id].sort());
  });

  it('keeps answering alike after most rows are replaced (dead slots compacted)', async () => {
    const db = env.database.db;
    const pool = createPool(db);
    const { index } = await pool.ready();
    const ids = rowsOf<{ user_id: string }>(await db.execute(sql`SELECT user_id FROM talent_search`)).map((r) => r.user_id);
    // Every row rewritten twice: more than a quarter of the slots die, so the index compacts.
    await refreshTalentSearch(db, ids);
    await refreshTalentSearch(db, ids);
    const seq = Number(rowsOf<{ seq: string }>(await db.execute(sql`SELECT max(seq)::text AS seq FROM talent_search_changes`))[0]?.seq);
    const now = await pool.atLeast(seq);
    expect(now.index).toBe(index);
    expect(index.size).toBe(ids.length);
    for (const input of [
      { q: 'react', limit: 20 },
      { q: 'developer', sort: 'rate_desc', country: 'DE' },
      { skill: ['Python'], hours: 20 },
      { q: 'developer', language: 'de', level: 'expert' },
      { language: 'hi', sort: 'rate_asc' },
    ]) {
      const { f, mode, limit } = await searchOf(input);
      const expected = rowsOf<CardRow>(await db.execute(pageQuery(f, mode, null, limit)));
      expect(index.search(f, mode, null, limit + 1).map((h) => h.userId)).toEqual(expected.map((r) => r.user_id));
    }
  });
});
