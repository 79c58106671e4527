import type { TalentFilter } from '@talentloop/contract/api/talent-search';
import type { Db } from '../../infra/db/client.ts';
import { createPool } from './pool-index.ts';
import {
  activeFilters,
  type CardRow,
  countQuery,
  type Filters,
  holdingQuery,
  type Keyset,
  loosenQuery,
  type Order,
  pageQuery,
} from './queries.ts';
import { rowsOf } from './read-model.ts';

// The search engine behind one port (decision 181). The service checks the input, reads the
// caller's session and the change log's last seq in one statement, and asks a TalentIndex; it
// never knows which one answers. Two complete implementations, chosen by TALENT_INDEX:
// - 'pool' (the default): the pool in the instance's memory (pool-index.ts, decision 151), brought
//   up to the seq the search read through the change log. For the embedded database and for a few
//   instances over PostgreSQL: a search is a fraction of a millisecond, each instance holds the pool.
// - 'sql': the same search as statements on talent_search (queries.ts pageQuery and loosenQuery),
//   every one index-backed (search-plans.test.ts). Nothing is held in memory and nothing is loaded
//   at start; each search costs the database a statement or two. For a pool too large for an
//   instance's memory, or many small instances.
// Both give the same rows in the same order with the same relevance, and the same loosen counts
// (test/talent/search.test.ts runs its suite against each; search-index.test.ts compares them on a
// seeded pool). An external engine (Typesense, Meilisearch) would be a third implementation: fed
// by the change log as the pool is (read the changed rows after a seq, upsert or delete them), and
// `search` waiting until the engine has taken in the seq the search read.

export type TalentIndexKind = 'pool' | 'sql';

/** What a search asks of its engine. `seq`: the change log's last seq the search's statement read (every change up to it is seen). */
export type TalentIndex = {
  /** Prepares the engine before the first search asks (the pool loads; the statements need nothing). */
  warm(): Promise<void>;
  /** The first `take` rows of `f` in `mode`'s order after `after`, with their cards and relevance (pageQuery's rows). */
  search(f: Filters, mode: Order['mode'], after: Keyset | null, take: number, seq: number): Promise<CardRow[]>;
  /** How many rows each loosened search finds (loosenQuery's counts, at most LOOSEN_COUNT_MAX each). */
  loosen(f: Filters, seq: number): Promise<[TalentFilter, number][]>;
  /** How many rows match `f`, counted up to `cap`. */
  count(f: Filters, cap: number, seq: number): Promise<number>;
  /** How many rows hold `word` among their words: a word's weight for 'Did you mean'. */
  rowsHolding(word: string, seq: number): Promise<number>;
};

/** The pool in this instance's memory, kept current through the change log. */
export function poolTalentIndex(db: Db): TalentIndex {
  const pool = createPool(db);
  return {
    async warm() {
      await pool.ready();
    },
    async search(f, mode, after, take, seq) {
      const { index } = await pool.atLeast(seq);
      return index.search(f, mode, after, take).map((h, i) => ({ ...h.card, score: h.score, n: i + 1 }));
    },
    async loosen(f, seq) {
      return (await pool.atLeast(seq)).index.loosen(f);
    },
    async count(f, cap, seq) {
      return (await pool.atLeast(seq)).index.count(f, cap);
    },
    async rowsHolding(word, seq) {
      return (await pool.atLeast(seq)).index.rowsHolding(word);
    },
  };
}

/** The same search as statements on talent_search (each one reads the committed rows: always current). */
export function sqlTalentIndex(db: Db): TalentIndex {
  return {
    async warm() {},
    async search(f, mode, after, take) {
      const rows = rowsOf<CardRow>(await db.execute(pageQuery(f, mode, after, take - 1)));
      return rows.map((r) => ({ ...r, score: Number(r.score), n: Number(r.n) }));
    },
    async loosen(f) {
      const filters = activeFilters(f);
      if (filters.length === 0) return [];
      const counts = rowsOf<{ filter: TalentFilter; n: number | string }>(await db.execute(loosenQuery(f, filters)));
      return counts.map((c) => [c.filter, Number(c.n)]);
    },
    async count(f, cap) {
      const [row] = rowsOf<{ n: number | string }>(await db.execute(countQuery(f, cap)));
      return Number(row?.n ?? 0);
    },
    async rowsHolding(word) {
      const [row] = rowsOf<{ n: number | string }>(await db.execute(holdingQuery(word)));
      return Number(row?.n ?? 0);
    },
  };
}

/** The engine TALENT_INDEX names. */
export function createTalentIndex(db: Db, kind: TalentIndexKind): TalentIndex {
  return kind === 'sql' ? sqlTalentIndex(db) : poolTalentIndex(db);
}
