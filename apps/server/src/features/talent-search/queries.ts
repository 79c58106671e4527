import {
  TALENT_LOOSEN_COUNT_MAX,
  type TalentCard,
  type TalentFilter,
  type TalentSearchParams,
  type TalentSort,
} from '@talentloop/contract/api/talent-search';
import { type LevelKey, levelOn } from '@talentloop/contract/rules/level';
import { type SQL, sql } from 'drizzle-orm';
import { liveSession } from '../../http/guards.ts';
import type { Db } from '../../infra/db/client.ts';
import { WORD_SPLIT, rowsOf, vocabularyAddedSince, vocabularyVersion } from './read-model.ts';
import { Vocabulary } from './vocabulary.ts';

// The talent search over the read model (talent_search, decision "Talent search"): the typed words
// and their alternatives, the filters, the three orders and their keyset conditions. A search is
// answered by the engine TALENT_INDEX names (talent-index.ts, decision 181): the instance's
// in-memory pool (pool-index.ts, decision 151) or these statements. pageQuery, loosenQuery,
// countQuery and holdingQuery are the statement engine, and the definition the pool is tested
// against (test/talent/search-index.test.ts); index-backed (search-plans.test.ts).

/** A word shorter than this many characters is matched only as typed ('go', 'c#', 'r'): too short to correct. */
export const FUZZY_MIN_LENGTH = 3;
/** More words than this are ignored (a pasted paragraph is not a search). */
export const TEXT_WORDS_MAX = 8;
/** A typed word stands for at most this many words of the vocabulary (itself first, then the most alike). */
export const WORD_ALTERNATIVES_MAX = 20;
/** How alike (pg_trgm similarity) a vocabulary word must be to stand for a typed one: 'reactt' is 0.63 like 'react'. */
export const WORD_SIMILARITY_MIN = 0.5;
/** Loosen counts stop here (the contract's cap: each count reads at most this many rows). */
export const LOOSEN_COUNT_MAX = TALENT_LOOSEN_COUNT_MAX;

/** One typed word and the vocabulary words it stands for (the word itself, typo corrections, completions). */
export type Term = { word: string; alts: string[] };
/** The search text as matched: every term must be found (one of its alts) in the row's words. */
export type TextQuery = { text: string; terms: Term[] };

/** The search text lower-cased, spaces collapsed; empty: no text. */
export function normaliseText(q: string): string {
  return q.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** The statement that cuts the text into words as the read model cuts documents (WORD_SPLIT). */
export function wordsQuery(text: string): SQL {
  return sql`SELECT w AS word FROM unnest(regexp_split_to_array(${text}, ${WORD_SPLIT})) WITH ORDINALITY AS t(w, n)
    WHERE w <> '' GROUP BY w ORDER BY min(n) LIMIT ${TEXT_WORDS_MAX}`;
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Each word's alternatives in the vocabulary: the word itself, words at least WORD_SIMILARITY_MIN
 * alike and words it begins (search as you type), most alike first; a word shorter than
 * FUZZY_MIN_LENGTH only stands for itself. The words are constants of the statement, so the
 * planner serves each from the trigram GIN index and the primary key.
 */
export function termsQuery(words: readonly string[]): SQL {
  const one = (w: string) => {
    const fuzzy =
      w.length >= FUZZY_MIN_LENGTH
        ? sql` OR (word % ${w} AND similarity(word, ${w}) >= ${WORD_SIMILARITY_MIN}) OR word LIKE ${`${likeEscape(w)}%`}`
        : sql``;
    return sql`(SELECT ${w}::text AS word, ARRAY(SELECT word FROM talent_search_words WHERE word = ${w}${fuzzy}
      ORDER BY word = ${w} DESC, similarity(word, ${w}) DESC, word LIMIT ${WORD_ALTERNATIVES_MAX}) AS alts)`;
  };
  return sql.join(words.map(one), sql` UNION ALL `);
}

/** How long an instance keeps a typed word's alternatives (and how long a word another instance adds can go uncorrected). */
export const TERMS_CACHE_MS = 60_000;
/** At most this many typed words (and texts) are kept per instance, the least recently used dropped first. */
export const TERMS_CACHE_MAX = 10_000;

/** A text of only these characters is cut into words here, exactly as the database would cut it (see splitAscii). */
const ASCII_TEXT = /^[\x20-\x7e]*$/;

/**
 * The words of an ASCII text, as WORD_SPLIT cuts it in the database: for ASCII every locale agrees
 * that [:alnum:] is a-z and 0-9 (the text is lower case), so no round trip is needed. Other texts
 * are cut by the database (its locale decides what a letter is), and the answer is kept.
 */
export function splitAscii(text: string): string[] | null {
  if (!ASCII_TEXT.test(text)) return null;
  const words: string[] = [];
  for (const w of text.split(/[^a-z0-9#+]+/)) if (w !== '' && !words.includes(w) && words.length < TEXT_WORDS_MAX) words.push(w);
  return words;
}

/** A bounded map whose entries expire (insertion order is recency: a hit moves its entry last). */
class Expiring<V> {
  private readonly entries = new Map<string, { value: V; at: number }>();
  private readonly ttl: number;
  private readonly max: number;
  constructor(ttl: number, max: number) {
    this.ttl = ttl;
    this.max = max;
  }
  get(key: string, now: number): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    this.entries.delete(key);
    if (now - e.at >= this.ttl || now < e.at) return undefined;
    this.entries.set(key, e);
    return e.value;
  }
  set(key: string, value: V, now: number) {
    this.entries.delete(key);
    this.entries.set(key, { value, at: now });
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
  }
  clear() {
    this.entries.clear();
  }
}

/**
 * An instance's cache of the text's words and of the vocabulary (decision "Talent search speed").
 * The vocabulary only grows and a word is always its own alternative, so a kept vocabulary can
 * only lack a word added since: this instance's own additions are taken in at once
 * (vocabularyAddedSince), another instance's are seen when the vocabulary is read again, at most
 * TERMS_CACHE_MS later. A typed word of letters a-z, digits, '#' and '+' is looked up in the kept
 * vocabulary (no statement); another one (non-ASCII: the database's locale decides what a letter
 * is) by termsQuery, its answer kept for TERMS_CACHE_MS.
 */
export type TermCache = {
  words: Expiring<string[]>;
  alts: Expiring<string[]>;
  version: number;
  now: () => number;
  vocabulary: { words: Vocabulary; at: number; version: number } | null;
  loading: Promise<Vocabulary> | null;
};

export function createTermCache(now: () => number = Date.now): TermCache {
  return {
    words: new Expiring(Number.POSITIVE_INFINITY, TERMS_CACHE_MAX),
    alts: new Expiring(TERMS_CACHE_MS, TERMS_CACHE_MAX),
    version: vocabularyVersion(),
    now,
    vocabulary: null,
    loading: null,
  };
}

/** A typed word looked up in the kept vocabulary (its trigrams are the same in every locale). */
const PLAIN_WORD = /^[a-z0-9#+]+$/;

/** The kept vocabulary, read again when older than TERMS_CACHE_MS, with this instance's additions taken in. */
export async function vocabularyOf(db: Db, cache: TermCache): Promise<Vocabulary> {
  const now = cache.now();
  const kept = cache.vocabulary;
  if (kept && now - kept.at < TERMS_CACHE_MS && now >= kept.at) {
    const added = vocabularyAddedSince(kept.version);
    if (added) {
      for (const w of added) kept.words.add(w);
      kept.version += added.length;
      return kept.words;
    }
  }
  cache.loading ??= (async () => {
    try {
      const version = vocabularyVersion();
      const words = new Vocabulary();
      for (const r of rowsOf<{ word: string }>(await db.execute(sql`SELECT word FROM talent_search_words`))) words.add(r.word);
      // Words this instance added while the statement ran.
      for (const w of vocabularyAddedSince(version) ?? []) words.add(w);
      cache.vocabulary = { words, at: now, version: vocabularyVersion() };
      return words;
    } finally {
      cache.loading = null;
    }
  })();
  return cache.loading;
}

/** The typed words of `text` and their alternatives: usually no statement (see TermCache). */
export async function readTerms(db: Db, text: string, cache: TermCache = createTermCache()): Promise<Term[]> {
  if (!text) return [];
  const now = cache.now();
  if (cache.version !== vocabularyVersion()) {
    cache.alts.clear();
    cache.version = vocabularyVersion();
  }
  // Cutting a text is a pure function of the text (and the database's locale): kept without expiry.
  let words = splitAscii(text) ?? cache.words.get(text, now);
  if (!words) {
    words = rowsOf<{ word: string }>(await db.execute(wordsQuery(text))).map((r) => r.word);
    cache.words.set(text, words, now);
  }
  if (words.length === 0) return [];
  const known = new Map<string, string[]>();
  const vocabulary = await vocabularyOf(db, cache);
  for (const w of words) if (PLAIN_WORD.test(w)) known.set(w, trigramAlternatives(w, vocabulary));
  for (const w of words) {
    if (known.has(w)) continue;
    const alts = cache.alts.get(w, now);
    if (alts) known.set(w, alts);
  }
  const missing = words.filter((w) => !known.has(w));
  if (missing.length > 0) {
    const version = vocabularyVersion();
    const found = new Map(rowsOf<Term>(await db.execute(termsQuery(missing))).map((r) => [r.word, r.alts ?? []]));
    for (const word of missing) {
      // The word itself always stands for itself (a row may hold it before the vocabulary is read again).
      const alts = [word, ...(found.get(word) ?? []).filter((a) => a !== word)].slice(0, WORD_ALTERNATIVES_MAX);
      known.set(word, alts);
      // Not kept when this instance added words meanwhile: they may be among the alternatives.
      if (version === vocabularyVersion()) cache.alts.set(word, alts, now);
    }
  }
  // The words within the typo budget's edits (decision 160), of any script: after the word itself,
  // before the trigram rule's alternatives and completions.
  return words.map((word) => ({ word, alts: withEdits(word, known.get(word) ?? [word], vocabulary) }));
}

/**
 * A typed word's alternatives by termsQuery's rule, from the kept vocabulary: the word itself first
 * (a row may hold it before the vocabulary is read again), then words at least WORD_SIMILARITY_MIN
 * alike and completions, most alike first; a word shorter than FUZZY_MIN_LENGTH stands for itself.
 */
export function trigramAlternatives(word: string, vocabulary: Vocabulary): string[] {
  return word.length >= FUZZY_MIN_LENGTH ? [word, ...vocabulary.alike(word, WORD_SIMILARITY_MIN, WORD_ALTERNATIVES_MAX - 1)] : [word];
}

/** Every alternative of a typed word of a-z, 0-9, '#' and '+' (readTerms' rule, from the kept vocabulary alone). */
export function alternativesOf(word: string, vocabulary: Vocabulary): string[] {
  return withEdits(word, trigramAlternatives(word, vocabulary), vocabulary);
}

/** A typed word's alternatives with the vocabulary words within its edit budget put after the word itself. */
export function withEdits(word: string, alts: readonly string[], vocabulary: Vocabulary): string[] {
  const near = vocabulary.near(word);
  if (near.length === 0) return [...alts];
  const out = [word];
  for (const w of [...near.map((n) => n.word), ...alts]) if (!out.includes(w)) out.push(w);
  return out.slice(0, WORD_ALTERNATIVES_MAX);
}

/** The normalised filters of a search (skills lower-cased and checked against the list by the caller). */
export type Filters = {
  text: TextQuery | null;
  skills: string[];
  country?: string;
  /** The level companies see on `today` ('YYYY-MM-DD', the server's UTC date; decision 163). */
  level?: { key: LevelKey; today: string };
  rateMin?: number;
  rateMax?: number;
  hours?: number;
  language?: string;
};

/** `today`: the day the level filter means (the server's UTC date). */
export function filtersOf(
  p: TalentSearchParams,
  skills: string[],
  terms: Term[],
  today: string = new Date().toISOString().slice(0, 10),
): Filters {
  return {
    text: terms.length > 0 ? { text: normaliseText(p.q), terms } : null,
    skills,
    country: p.country,
    level: p.level ? { key: p.level, today } : undefined,
    rateMin: p.rateMin,
    rateMax: p.rateMax,
    hours: p.hours,
    language: p.language,
  };
}

/** Which of the contract's filters are in use (the loosen candidates). */
export function activeFilters(f: Filters): TalentFilter[] {
  const out: TalentFilter[] = [];
  if (f.text) out.push('q');
  if (f.skills.length > 0) out.push('skill');
  if (f.country) out.push('country');
  if (f.level) out.push('level');
  if (f.rateMin !== undefined || f.rateMax !== undefined) out.push('rate');
  if (f.hours !== undefined) out.push('hours');
  if (f.language) out.push('language');
  return out;
}

export function withoutFilter(f: Filters, filter: TalentFilter): Filters {
  switch (filter) {
    case 'q':
      return { ...f, text: null };
    case 'skill':
      return { ...f, skills: [] };
    case 'rate':
      return { ...f, rateMin: undefined, rateMax: undefined };
    default:
      return { ...f, [filter]: undefined };
  }
}

const textArray = (values: readonly string[]) =>
  sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[]`;

/** The WHERE conditions of the filters and the text (every one index-backed). */
export function whereOf(f: Filters): SQL {
  const parts: SQL[] = [];
  // Every typed word is found as one of its alternatives ('reactt' as 'react'): GIN on words.
  // A word without alternatives matches nothing.
  if (f.text) for (const t of f.text.terms) parts.push(t.alts.length > 0 ? sql`words && ${textArray(t.alts)}` : sql`false`);
  if (f.skills.length > 0) parts.push(sql`skills @> ${textArray(f.skills)}`);
  if (f.country) parts.push(sql`country_code = ${f.country}`);
  if (f.level) parts.push(levelWhere(f.level.key, f.level.today));
  // The freelancer's range overlaps the one asked for.
  if (f.rateMax !== undefined) parts.push(sql`min_rate <= ${f.rateMax}`);
  if (f.rateMin !== undefined) parts.push(sql`max_rate >= ${f.rateMin}`);
  if (f.hours !== undefined) parts.push(sql`max_hours >= ${f.hours}`);
  if (f.language) parts.push(sql`languages @> ${textArray([f.language])}`);
  return parts.length > 0 ? sql.join(parts, sql` AND `) : sql`true`;
}

/** The alternatives of a term that begin with the typed word (search as you type), the word itself left out. */
export function completionsOf(term: Term): string[] {
  return term.alts.filter((a) => a !== term.word && a.startsWith(term.word));
}

/**
 * The rows whose level on `today` is `key` (rules/level.ts levelOn over the kept level_days, every
 * row vetted): the level's day reached, the next level's not. A row without days is Entry.
 */
export function levelWhere(key: LevelKey, today: string): SQL {
  const reached = (i: number) => sql`level_days[${sql.raw(String(i))}] <= ${today}::date`;
  const notYet = (i: number) => sql`(level_days[${sql.raw(String(i))}] IS NULL OR level_days[${sql.raw(String(i))}] > ${today}::date)`;
  switch (key) {
    case 'entry':
      return notYet(1);
    case 'intermediate':
      return sql`(${reached(1)} AND ${notYet(2)})`;
    case 'senior':
      return sql`(${reached(2)} AND ${notYet(3)})`;
    case 'expert':
      return reached(3);
  }
}

/**
 * Relevance, a small integer so that it is exact in a cursor and the same on every page (it
 * depends on the row and the text only, never on other rows): per typed word, 4 when the headline
 * (name, occupation, skills) holds it as typed, 3 when it holds a completion of it (decision 160:
 * exact and prefix matches rank before corrected typos), 2 when it holds another alternative (a
 * corrected typo), 1 when only the bio holds it as typed, 0 for an alternative in the bio. Ties:
 * by user id (arbitrary, stable).
 */
export function scoreOf(t: TextQuery): SQL {
  const parts = t.terms.map((term) => {
    const completions = completionsOf(term);
    const completed = completions.length > 0 ? sql`WHEN head_words && ${textArray(completions)} THEN 3 ` : sql``;
    return sql`CASE WHEN head_words @> ${textArray([term.word])} THEN 4 ${completed}WHEN head_words && ${textArray(term.alts)} THEN 2
      WHEN words @> ${textArray([term.word])} THEN 1 ELSE 0 END`;
  });
  return sql`(${sql.join(parts, sql` + `)})`;
}

/** Where a page ends: the last row's sort key. */
export type Keyset =
  | { kind: 'score'; score: number; id: string }
  | { kind: 'at'; at: string; id: string }
  | { kind: 'rate'; rate: string; id: string };

export type Order = { mode: 'score' | 'vetted' | 'rate_asc' | 'rate_desc' };

/** The order a search runs in: relevance with text ranks by score, without text newest vetted first. */
export function orderOf(sort: TalentSort, f: Filters): Order['mode'] {
  if (sort === 'rate_asc') return 'rate_asc';
  if (sort === 'rate_desc') return 'rate_desc';
  return f.text ? 'score' : 'vetted';
}

/** The level's days as text columns (null where never reached or not kept), as CardRow holds them. */
export const LEVEL_DAY_COLUMNS = sql`level_days[1]::text AS level_intermediate, level_days[2]::text AS level_senior,
  level_days[3]::text AS level_expert`;

// The card's columns, read along with the sort key of every matching row (plain columns: a row
// is read once, and the top-N sort keeps only limit + 1 of them); their text forms are computed
// after the LIMIT, for the rows shown alone.
const CARD_COLUMNS = sql`user_id, slug, first_name, last_name, photo_url, occupation, min_rate, max_rate, level_days, top_skills,
  country_code, demo, vetted_at`;
const CARD_TEXT = sql`user_id, slug, first_name, last_name, photo_url, occupation, min_rate::text AS min_rate_text,
  max_rate::text AS max_rate_text, ${LEVEL_DAY_COLUMNS}, top_skills, country_code, demo,
  to_char(vetted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS vetted_key, score`;

/**
 * The page's rows with their cards: `keys` picks the limit + 1 rows in order (with the card's
 * plain columns); their text forms are computed for those rows alone. One scan of talent_search,
 * no second read by primary key: the planner sizes and plans the table (and its indexes) once.
 */
function withCards(keys: SQL, order: SQL): SQL {
  return sql`SELECT ${CARD_TEXT}, row_number() OVER (ORDER BY ${order}) AS n FROM (${keys}) k ORDER BY ${order}`;
}

/** One page of a search: limit + 1 rows (the extra one says whether another page follows); the pool's reference. */
export function pageQuery(f: Filters, mode: Order['mode'], after: Keyset | null, limit: number): SQL {
  const where = whereOf(f);
  if (mode === 'score') {
    const text = f.text as TextQuery;
    const score = scoreOf(text);
    const seek =
      after?.kind === 'score' ? sql`WHERE (score < ${after.score} OR (score = ${after.score} AND user_id > ${after.id}::uuid))` : sql``;
    // The score is computed once per matching row in the inner select, then compared and sorted.
    return withCards(
      sql`SELECT * FROM (SELECT ${CARD_COLUMNS}, ${score} AS score FROM talent_search WHERE ${where}) m
        ${seek} ORDER BY score DESC, user_id LIMIT ${limit + 1}`,
      sql`score DESC, user_id`,
    );
  }
  if (mode === 'vetted') {
    const seek = after?.kind === 'at' ? sql`AND (vetted_at, user_id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``;
    return withCards(
      sql`SELECT ${CARD_COLUMNS}, 0 AS score FROM talent_search WHERE ${where} ${seek}
        ORDER BY vetted_at DESC, user_id DESC LIMIT ${limit + 1}`,
      sql`vetted_at DESC, user_id DESC`,
    );
  }
  // With text, the text's index narrows the rows far better than walking the rate index in order
  // and filtering (the planner, misjudging how the words and filters correlate, took seconds that
  // way at 100k rows): `+ 0` keeps the rate index out of the ordering, so the matches are sorted.
  const unordered = f.text ? sql` + 0` : sql``;
  if (mode === 'rate_asc') {
    const seek = after?.kind === 'rate' ? sql`AND (min_rate, user_id) > (${after.rate}::numeric, ${after.id}::uuid)` : sql``;
    return withCards(
      sql`SELECT ${CARD_COLUMNS}, 0 AS score FROM talent_search WHERE ${where} ${seek}
        ORDER BY min_rate${unordered}, user_id LIMIT ${limit + 1}`,
      sql`min_rate, user_id`,
    );
  }
  const seek = after?.kind === 'rate' ? sql`AND (max_rate, user_id) < (${after.rate}::numeric, ${after.id}::uuid)` : sql``;
  return withCards(
    sql`SELECT ${CARD_COLUMNS}, 0 AS score FROM talent_search WHERE ${where} ${seek}
      ORDER BY max_rate${unordered} DESC, user_id DESC LIMIT ${limit + 1}`,
    sql`max_rate DESC, user_id DESC`,
  );
}

/** The change log's last seq (0 when empty), as a statement's column (pool-index.ts). */
export const LOG_SEQ = sql`(SELECT coalesce(max(seq), 0)::text FROM talent_search_changes)`;

/**
 * What a search found in the instance's pool, served (decision 151): one
 * statement saying whether the caller's session is live (liveSession's conditions) and the change
 * log's last seq (the pool is current when it has taken that in).
 */
export function servedQuery(session: SearchSession): SQL {
  return sql`SELECT EXISTS (SELECT 1 FROM sessions WHERE ${liveSession(session)}) AS live, ${LOG_SEQ} AS seq`;
}

export type CardRow = {
  user_id: string;
  slug: string;
  first_name: string;
  last_name: string;
  photo_url: string | null;
  occupation: string | null;
  min_rate_text: string | null;
  max_rate_text: string | null;
  level_intermediate: string | null;
  level_senior: string | null;
  level_expert: string | null;
  top_skills: string[];
  country_code: string | null;
  demo: boolean;
  vetted_key: string;
  score: number;
  /** The row's place on the page (1 first). */
  n: number;
};

export type Page = { cards: TalentCard[]; next: Keyset | null };

export function keysetOf(row: CardRow, mode: Order['mode']): Keyset {
  switch (mode) {
    case 'score':
      return { kind: 'score', score: Number(row.score), id: row.user_id };
    case 'vetted':
      return { kind: 'at', at: row.vetted_key, id: row.user_id };
    case 'rate_asc':
      return { kind: 'rate', rate: String(row.min_rate_text), id: row.user_id };
    case 'rate_desc':
      return { kind: 'rate', rate: String(row.max_rate_text), id: row.user_id };
  }
}

const num = (v: string | null) => (v === null ? null : Number(v));

/** A row's level on `today` (every row of the pool is vetted). */
export function cardLevel(row: Pick<CardRow, 'level_intermediate' | 'level_senior' | 'level_expert'>, today: string): LevelKey {
  return levelOn({ intermediate: row.level_intermediate, senior: row.level_senior, expert: row.level_expert }, true, today);
}

/** The cards of a page's rows (limit + 1 of them) and the keyset after the last one shown; levels as on `today`. */
export function pageOf(rows: CardRow[], mode: Order['mode'], limit: number, today: string = new Date().toISOString().slice(0, 10)): Page {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    cards: shown.map((r) => ({
      slug: r.slug,
      firstName: r.first_name,
      lastName: r.last_name,
      photoUrl: r.photo_url,
      occupation: r.occupation,
      minHourlyRate: num(r.min_rate_text),
      maxHourlyRate: num(r.max_rate_text),
      level: cardLevel(r, today),
      topSkills: r.top_skills,
      countryCode: r.country_code,
      openToWork: true,
      demo: r.demo,
    })),
    next: rows.length > limit && last ? keysetOf(last, mode) : null,
  };
}

/** The session a search is made in (an access token's claims): the statement checks it is still live. */
export type SearchSession = { sessionId: string; userId: string };

/** How many rows match each loosened search (at most LOOSEN_COUNT_MAX each); the pool's reference. */
export function loosenQuery(f: Filters, filters: readonly TalentFilter[]): SQL {
  const parts = filters.map(
    (filter) =>
      sql`SELECT ${filter}::text AS filter, (SELECT count(*)::int FROM (SELECT 1 FROM talent_search WHERE ${whereOf(withoutFilter(f, filter))} LIMIT ${LOOSEN_COUNT_MAX}) x) AS n`,
  );
  return sql.join(parts, sql` UNION ALL `);
}

/** How many rows match `f`, counted up to `cap` (the statement engine's count, talent-index.ts). */
export function countQuery(f: Filters, cap: number): SQL {
  const limit = Number.isFinite(cap) ? sql` LIMIT ${cap}` : sql``;
  return sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM talent_search WHERE ${whereOf(f)}${limit}) x`;
}

/** How many rows hold `word` among their words (a word's weight for 'Did you mean'): GIN on words. */
export function holdingQuery(word: string): SQL {
  return sql`SELECT count(*)::int AS n FROM talent_search WHERE words @> ${textArray([word])}`;
}

/** The loosen suggestions that find someone, most helpful first (equal counts keep the filters' order). */
export function loosenOf(filters: readonly TalentFilter[], counts: readonly [TalentFilter, number | string][]) {
  return counts
    .filter(([, n]) => Number(n) > 0)
    .map(([filter, n]) => ({ filter, count: Number(n) }))
    .sort((a, b) => b.count - a.count || filters.indexOf(a.filter) - filters.indexOf(b.filter));
}

/** What the company's profile read needs besides the profile (profileLookupQuery). */
export type ProfileLookup = {
  user_id: string;
  demo: boolean;
  visibility: string;
  company_id: string | null;
  verification_status: string | null;
  memberships: { shortlist_id: string; shortlist_name: string; candidate_id: string; stage: string }[] | null;
};

/**
 * The freelancer of the pool behind `slug`, the caller's company and its lists holding them, in
 * one statement on unique indexes (freelancer_privacy_slug_key, talent_search's key,
 * companies_owner_user_id_key, shortlist_candidates_freelancer_idx): no row when not in the pool.
 */
export function profileLookupQuery(slug: string, callerId: string): SQL {
  return sql`
    SELECT ts.user_id, ts.demo, p.visibility, co.id AS company_id, co.verification_status,
      (SELECT json_agg(json_build_object('shortlist_id', s.id, 'shortlist_name', s.name, 'candidate_id', c.id, 'stage', c.stage)
                       ORDER BY lower(s.name), s.id)
       FROM shortlist_candidates c JOIN shortlists s ON s.id = c.shortlist_id
       WHERE c.freelancer_id = ts.user_id AND s.company_id = co.id) AS memberships
    FROM freelancer_privacy p
    JOIN talent_search ts ON ts.user_id = p.user_id
    LEFT JOIN companies co ON co.owner_user_id = ${callerId}
    WHERE p.slug = ${slug}`;
}

// ---- the service's other statements (service.ts) ----

/** The reference skills' names as listed. */
export async function readReferenceSkillNames(db: Db): Promise<string[]> {
  return rowsOf<{ name: string }>(await db.execute(sql`SELECT name FROM ref_skills`)).map((r) => r.name);
}

/** How many real (not demo) talents the pool holds. */
export async function countRealPool(db: Db): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM talent_search WHERE NOT demo`));
  return Number(row?.n ?? 0);
}

/** servedQuery's one row: whether the session is live and the change log's last seq. */
export async function readServed(db: Db, session: SearchSession): Promise<{ live: boolean; seq: string } | undefined> {
  const [row] = rowsOf<{ live: boolean; seq: string }>(await db.execute(servedQuery(session)));
  return row;
}

/** profileLookupQuery's one row, or undefined when the slug is not in the pool. */
export async function lookupProfile(db: Db, slug: string, callerId: string): Promise<ProfileLookup | undefined> {
  const [found] = rowsOf<ProfileLookup>(await db.execute(profileLookupQuery(slug, callerId)));
  return found;
}

/** Top Performance: per occupation, its real talents by how many real companies' lists hold them. */
export async function readShortlistedByOccupation(db: Db) {
  return rowsOf<{
    category: string;
    slug: string;
    first_name: string;
    last_name: string;
    photo_url: string | null;
    held: number;
  }>(
    await db.execute(sql`
      SELECT ts.occupation AS category, ts.slug, ts.first_name, ts.last_name, ts.photo_url, count(DISTINCT s.company_id)::int AS held
      FROM shortlist_candidates c
      JOIN shortlists s ON s.id = c.shortlist_id
      JOIN companies co ON co.id = s.company_id
      JOIN users owner ON owner.id = co.owner_user_id AND NOT owner.demo
      JOIN talent_search ts ON ts.user_id = c.freelancer_id AND NOT ts.demo
      WHERE ts.occupation IS NOT NULL
      GROUP BY ts.occupation, ts.user_id, ts.slug, ts.first_name, ts.last_name, ts.photo_url
      ORDER BY held DESC, ts.slug`),
  );
}

/** How many real talents each of these occupations holds. */
export async function countByOccupation(db: Db, names: readonly string[]) {
  return rowsOf<{ occupation: string; n: number }>(
    await db.execute(sql`
      SELECT occupation, count(*)::int AS n FROM talent_search
      WHERE NOT demo AND occupation IN (${sql.join(
        names.map((n) => sql`${n}`),
        sql`, `,
      )}) GROUP BY occupation`),
  );
}

/** Hiring Time: per candidate, its first 'shortlisted' to its first 'selected' after it (median days, how many). */
export async function readHiringTime(db: Db) {
  const [hiring] = rowsOf<{ median: number | string | null; hires: number }>(
    await db.execute(sql`
      WITH pairs AS (
        SELECT sh.candidate_id, extract(epoch FROM (min(se.created_at) - min(sh.created_at))) / 86400 AS days
        FROM talent_events sh
        JOIN talent_events se ON se.candidate_id = sh.candidate_id AND se.kind = 'selected' AND se.created_at >= sh.created_at
        JOIN users u ON u.id = sh.freelancer_id AND NOT u.demo
        WHERE sh.kind = 'shortlisted' AND sh.candidate_id IS NOT NULL
        GROUP BY sh.candidate_id
      )
      SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY days) AS median, count(*)::int AS hires FROM pairs`),
  );
  return hiring;
}

/** Technology and Trends: the most listed skills of the real pool, and how many of those profiles were vetted since `since`. */
export async function readTrendSkills(db: Db, since: string, limit: number) {
  return rowsOf<{ skill: string; n: number; recent: number }>(
    await db.execute(sql`
      SELECT skill, count(*)::int AS n, count(*) FILTER (WHERE vetted_at >= ${since}::timestamptz)::int AS recent
      FROM talent_search, unnest(skills) AS skill
      WHERE NOT demo
      GROUP BY skill ORDER BY n DESC, skill LIMIT ${limit}`),
  );
}
