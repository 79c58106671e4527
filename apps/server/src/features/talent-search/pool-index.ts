import type { TalentFilter } from '@talentloop/contract/api/talent-search';
import { LEVELS } from '@talentloop/contract/rules/level';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client.ts';
import { rowsOf } from '../../infra/db/rows.ts';
import {
  activeFilters,
  type CardRow,
  completionsOf,
  type Filters,
  type Term,
  type Keyset,
  LEVEL_DAY_COLUMNS,
  LOG_SEQ,
  LOOSEN_COUNT_MAX,
  type Order,
  withoutFilter,
} from './queries.ts';

// The talent pool held in the instance's memory (decision 151): posting lists of the read model's
// words, head words, skills and languages, bit sets per country and language, each row's
// sort and filter values in typed arrays and its card as JSON, so that a search's matching,
// scoring and ordering run here, in a fraction of a millisecond at 100,000 profiles. It answers
// exactly as the statement form of the same search (queries.ts pageQuery and loosenQuery, the
// reference test/talent/search-index.test.ts compares it with). A search's one statement checks
// the caller's session and reads the change log's last seq, and names nothing of the pool (every
// relation a statement names is sized again when it is planned).
//
// Kept current by the read model's change log: triggers on talent_search append the user id of
// every row written or removed to talent_search_changes, its writers taking turns until they
// commit, so the log's order is the order its rows become visible. An index behind the seq a
// search read takes in the changed rows before it searches (talent-index.ts). So a search never misses
// a change committed before it, on any instance.

/** Rows read per statement when the index is loaded or changed rows are read. */
const LOAD_BATCH = 5000;
/** The change log keeps an hour of changes; an index behind by more loads the pool again. */
const LOG_KEEP = '1 hour';
/** How often an instance trims the change log. */
export const TRIM_EVERY_MS = 10 * 60_000;

type PoolRow = {
  user_id: string;
  words: string;
  head_words: string;
  skills: string[];
  languages: string;
  country_code: string | null;
  level_intermediate: string | null;
  level_senior: string | null;
  level_expert: string | null;
  min_rate: number;
  max_rate: number;
  max_hours: number | null;
  vetted_key: string;
  slug: string;
  first_name: string;
  last_name: string;
  photo_url: string | null;
  occupation: string | null;
  min_rate_text: string;
  max_rate_text: string;
  top_skills: string[];
  demo: boolean;
};

/** The columns the index keeps, read as one JSON text per batch (words space-separated: a word never holds a space). */
const POOL_COLUMNS = sql`user_id, array_to_string(words, ' ') AS words, array_to_string(head_words, ' ') AS head_words,
  skills, array_to_string(languages, ' ') AS languages, country_code, ${LEVEL_DAY_COLUMNS},
  min_rate::float8 AS min_rate, max_rate::float8 AS max_rate, max_hours,
  to_char(vetted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS vetted_key,
  slug, first_name, last_name, photo_url, occupation, min_rate::text AS min_rate_text, max_rate::text AS max_rate_text,
  top_skills, demo`;

/** A 'YYYY-MM-DD' day as a number of days since 1970 (null: never, Infinity). */
function dayNumber(day: string | null): number {
  return day === null ? Number.POSITIVE_INFINITY : Date.parse(`${day}T00:00:00Z`) / 86_400_000;
}

/** A vetted_key ('2026-11-26T10:00:00.123456Z', as the cursor holds it) in microseconds since 1970. */
export function microsOf(key: string): number {
  return Date.parse(`${key.slice(0, 23)}Z`) * 1000 + Number(key.slice(23, 26));
}

/** A row's card as the search shows it, with its sort keys' text forms (queries.ts CardRow without its place). */
export type PoolCard = Omit<CardRow, 'score' | 'n'>;

/** One match: the row's card and its relevance (0 outside the relevance order). */
export type Hit = { userId: string; score: number; card: PoolCard };

const split = (text: string): string[] => (text === '' ? [] : text.split(' '));

/** A growable list of slots (4 bytes each). */
class SlotList {
  data = new Int32Array(4);
  length = 0;
  push(slot: number) {
    if (this.length === this.data.length) {
      const more = new Int32Array(this.data.length * 2);
      more.set(this.data);
      this.data = more;
    }
    this.data[this.length++] = slot;
  }
}

/** Slot lists per key; a slot is appended when its row is added, so every list is ascending. */
class Postings {
  readonly lists = new Map<string, SlotList>();
  add(key: string, slot: number) {
    let list = this.lists.get(key);
    if (!list) {
      list = new SlotList();
      this.lists.set(key, list);
    }
    list.push(slot);
  }
  get(key: string): SlotList | undefined {
    return this.lists.get(key);
  }
  /** Drops the dead slots and renumbers the living ones (`moved[old]`, -1 for dead). */
  compact(moved: Int32Array) {
    for (const [key, list] of this.lists) {
      let n = 0;
      const { data } = list;
      for (let i = 0; i < list.length; i++) {
        const to = moved[data[i] as number] as number;
        if (to >= 0) data[n++] = to;
      }
      if (n === 0) this.lists.delete(key);
      else list.length = n;
    }
  }
}

/** A bit per slot. */
type Bits = Uint32Array;

/** The facet of the living slots. */
const LIVING = 'alive';

/** Sets the bits of every slot in `lists`. */
function setAll(bits: Bits, lists: readonly (SlotList | undefined)[]): Bits {
  for (const list of lists) {
    if (!list) continue;
    const { data, length } = list;
    for (let i = 0; i < length; i++) {
      const s = data[i] as number;
      bits[s >>> 5] = (bits[s >>> 5] as number) | (1 << (s & 31));
    }
  }
  return bits;
}

const has = (bits: Bits, s: number) => ((bits[s >>> 5] as number) & (1 << (s & 31))) !== 0;

/** Whether an (ascending) slot list holds `s`: a binary search. */
function holds(list: SlotList | undefined, s: number): boolean {
  if (!list) return false;
  const { data } = list;
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = data[mid] as number;
    if (v === s) return true;
    if (v < s) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

function and(a: Bits, b: Bits): Bits {
  for (let i = 0; i < a.length; i++) a[i] = (a[i] as number) & (b[i] as number);
  return a;
}

/**
 * Bit sets reused from one search to the next (a search runs start to end without yielding): a
 * search takes what it needs, cleared, and gives them all back when it ends.
 */
class Scratch {
  private readonly free: Bits[] = [];
  private readonly used: Bits[] = [];
  private words = 0;
  /** A cleared bit set for `size` slots. */
  take(size: number): Bits {
    const words = (size + 31) >>> 5;
    if (words !== this.words) {
      this.free.length = 0;
      this.words = words;
    }
    const bits = this.free.pop() ?? new Uint32Array(words);
    bits.fill(0);
    this.used.push(bits);
    return bits;
  }
  release() {
    for (const b of this.used) if (b.length === this.words) this.free.push(b);
    this.used.length = 0;
  }
}

/** The pool's rows in memory (see the file's head). Slots of removed rows are dead until compacted. */
export class PoolIndex {
  private ids: string[] = [];
  private alive = new Uint8Array(0);
  private vetted = new Float64Array(0);
  private minRate = new Float64Array(0);
  private maxRate = new Float64Array(0);
  /** NaN: no weekly hours given (no 'hours' filter matches it). */
  private maxHours = new Float64Array(0);
  /** Country as a code of `codes` (0: none), compared as numbers. */
  private country = new Uint16Array(0);
  /**
   * The days (UTC day numbers) the row's level reaches Intermediate, Senior and Expert (Infinity:
   * never): the level on the search's day is read per match (decision 163), as levelOn reads it.
   */
  private levelFrom = [new Float64Array(0), new Float64Array(0), new Float64Array(0)];
  private readonly codes = new Map<string, number>();
  /**
   * Bit sets kept per country ('c' and its code) and language ('g' and
   * its code), and of the living slots (LIVING), sized to the capacity: a filter on them is one
   * AND of words, not a test per match. A dead slot may keep its bits: every search ANDs LIVING.
   */
  private facets = new Map<string, Bits>();
  /** The slots a search matched (a buffer reused by every search). */
  private matched = new Int32Array(0);
  /** Each slot's card, as JSON (a string is a fraction of an object's memory; a page parses its own). */
  private cards: string[] = [];
  private readonly scratch = new Scratch();
  /**
   * What a binary search costs against one list entry read for a bit set (pointsOf's choice):
   * about log2 of a list of 100,000. Tests pass 0 (always search) and Infinity (always bit sets).
   */
  private readonly probeCost: number;

  constructor({ probeCost = 16 }: { probeCost?: number } = {}) {
    this.probeCost = probeCost;
  }
  private readonly slotOf = new Map<string, number>();
  private words = new Postings();
  private head = new Postings();
  private skills = new Postings();
  private languages = new Postings();
  private dead = 0;

  get size(): number {
    return this.slotOf.size;
  }

  /** The code of a country (0 for none; unknown values get the next code). */
  private codeOf(value: string | null): number {
    if (value === null) return 0;
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.codes.size + 1;
      this.codes.set(value, code);
    }
    return code;
  }

  private grow(need: number) {
    if (need <= this.alive.length) return;
    const cap = Math.max(1024, need, this.alive.length * 2);
    const more = <T extends Float64Array | Uint8Array | Uint16Array>(a: T, make: (n: number) => T): T => {
      const b = make(cap);
      b.set(a);
      return b;
    };
    this.alive = more(this.alive, (n) => new Uint8Array(n));
    this.vetted = more(this.vetted, (n) => new Float64Array(n));
    this.minRate = more(this.minRate, (n) => new Float64Array(n));
    this.maxRate = more(this.maxRate, (n) => new Float64Array(n));
    this.maxHours = more(this.maxHours, (n) => new Float64Array(n));
    this.country = more(this.country, (n) => new Uint16Array(n));
    this.levelFrom = this.levelFrom.map((a) => more(a, (n) => new Float64Array(n)));
    this.matched = new Int32Array(cap);
    const words = (cap + 31) >>> 5;
    for (const [key, bits] of this.facets) {
      const more = new Uint32Array(words);
      more.set(bits);
      this.facets.set(key, more);
    }
  }

  /** The kept bit set of a facet, made empty when first asked for. */
  private facet(key: string): Bits {
    let bits = this.facets.get(key);
    if (!bits) {
      bits = new Uint32Array((this.alive.length + 31) >>> 5);
      this.facets.set(key, bits);
    }
    return bits;
  }

  /** Sets a living slot's facet bits. */
  private mark(slot: number, languages: readonly string[]) {
    const set = (bits: Bits) => {
      bits[slot >>> 5] = (bits[slot >>> 5] as number) | (1 << (slot & 31));
    };
    set(this.facet(LIVING));
    set(this.facet(`c${this.country[slot]}`));
    for (const l of languages) set(this.facet(`g${l}`));
  }

  /** Adds or replaces a user's row (a replaced row's slot dies; the row gets a new one at the end). */
  put(row: PoolRow) {
    this.remove(row.user_id);
    const slot = this.ids.length;
    this.grow(slot + 1);
    this.ids.push(row.user_id);
    this.alive[slot] = 1;
    this.vetted[slot] = microsOf(row.vetted_key);
    this.minRate[slot] = Number(row.min_rate);
    this.maxRate[slot] = Number(row.max_rate);
    this.maxHours[slot] = row.max_hours === null ? Number.NaN : Number(row.max_hours);
    this.country[slot] = this.codeOf(row.country_code);
    const days = [row.level_intermediate, row.level_senior, row.level_expert];
    for (let i = 0; i < 3; i++) (this.levelFrom[i] as Float64Array)[slot] = dayNumber(days[i] ?? null);
    this.cards.push(
      JSON.stringify({
        user_id: row.user_id,
        slug: row.slug,
        first_name: row.first_name,
        last_name: row.last_name,
        photo_url: row.photo_url,
        occupation: row.occupation,
        min_rate_text: row.min_rate_text,
        max_rate_text: row.max_rate_text,
        level_intermediate: row.level_intermediate,
        level_senior: row.level_senior,
        level_expert: row.level_expert,
        top_skills: row.top_skills,
        country_code: row.country_code,
        demo: row.demo,
        vetted_key: row.vetted_key,
      } satisfies PoolCard),
    );
    this.slotOf.set(row.user_id, slot);
    for (const w of split(row.words)) this.words.add(w, slot);
    for (const w of split(row.head_words)) this.head.add(w, slot);
    for (const s of row.skills) this.skills.add(s, slot);
    const languages = split(row.languages);
    for (const l of languages) this.languages.add(l, slot);
    this.mark(slot, languages);
  }

  remove(userId: string) {
    const slot = this.slotOf.get(userId);
    if (slot === undefined) return;
    this.slotOf.delete(userId);
    this.alive[slot] = 0;
    const living = this.facet(LIVING);
    living[slot >>> 5] = (living[slot >>> 5] as number) & ~(1 << (slot & 31));
    this.dead++;
    if (this.dead > 1000 && this.dead > this.ids.length / 4) this.compact();
  }

  /** Renumbers the living slots from 0 and drops the dead from every list. */
  private compact() {
    const n = this.ids.length;
    const moved = new Int32Array(n).fill(-1);
    let to = 0;
    for (let s = 0; s < n; s++) {
      if (!this.alive[s]) continue;
      moved[s] = to;
      this.ids[to] = this.ids[s] as string;
      this.vetted[to] = this.vetted[s] as number;
      this.minRate[to] = this.minRate[s] as number;
      this.maxRate[to] = this.maxRate[s] as number;
      this.maxHours[to] = this.maxHours[s] as number;
      this.country[to] = this.country[s] as number;
      for (const a of this.levelFrom) a[to] = a[s] as number;
      this.cards[to] = this.cards[s] as string;
      this.alive[to] = 1;
      this.slotOf.set(this.ids[to] as string, to);
      to++;
    }
    this.ids.length = to;
    this.cards.length = to;
    this.alive.fill(0, to);
    for (const p of [this.words, this.head, this.skills, this.languages]) p.compact(moved);
    // The facets again, from the renumbered slots and language lists.
    for (const bits of this.facets.values()) bits.fill(0);
    for (let s = 0; s < to; s++) this.mark(s, []);
    for (const [code, list] of this.languages.lists) setAll(this.facet(`g${code}`), [list]);
    this.dead = 0;
  }

  /**
   * The slots matching the filters' list conditions (every text term as one of its alternatives,
   * every skill, the language), or null when there are none (every slot is a candidate); an
   * empty set as soon as one condition matches nothing.
   */
  private candidates(f: Filters): Bits | null {
    const n = this.ids.length;
    let bits: Bits | null = null;
    const narrow = (lists: (SlotList | undefined)[]) => {
      const b = setAll(this.scratch.take(n), lists);
      bits = bits ? and(bits, b) : b;
    };
    if (f.text) for (const t of f.text.terms) narrow(t.alts.map((a) => this.words.get(a)));
    for (const s of f.skills) narrow([this.skills.get(s)]);
    return bits;
  }

  /**
   * Puts the living slots that match all of `f` (whereOf's conditions), `cap` at most, in
   * `matched` (in slot order) and says how many.
   */
  private collect(f: Filters, cap: number): number {
    const n = this.ids.length;
    let bits = this.candidates(f);
    // The facets asked for, then the living slots: ANDed word by word (a value no row has matches none).
    const narrow = (key: string) => {
      const facet = this.facets.get(key);
      if (!facet) return false;
      if (bits) and(bits, facet);
      else {
        bits = this.scratch.take(n);
        bits.set(facet.subarray(0, bits.length));
      }
      return true;
    };
    const code = (value: string) => this.codes.get(value) ?? -1;
    if (f.language !== undefined && !narrow(`g${f.language}`)) return 0;
    if (f.country !== undefined && !narrow(`c${code(f.country)}`)) return 0;
    if (!narrow(LIVING)) return 0;
    const b = bits as Bits | null;
    if (!b) return 0;
    const { minRate, maxRate, maxHours, matched } = this;
    // A rate or hours filter not asked for compares with a bound every row passes.
    const rateMax = f.rateMax ?? Number.POSITIVE_INFINITY;
    const rateMin = f.rateMin ?? Number.NEGATIVE_INFINITY;
    const byHours = f.hours !== undefined;
    const hours = f.hours ?? 0;
    // The level on the search's day: its day reached (from), the next one's not (until).
    const byLevel = f.level !== undefined;
    const rank = f.level ? LEVELS.indexOf(f.level.key) : 0;
    const today = f.level ? dayNumber(f.level.today) : 0;
    const from = rank > 0 ? (this.levelFrom[rank - 1] as Float64Array) : null;
    const until = rank < 3 ? (this.levelFrom[rank] as Float64Array) : null;
    const onLevel = (s: number) => (!from || (from[s] as number) <= today) && (!until || (until[s] as number) > today);
    let m = 0;
    for (let w = 0; w < b.length; w++) {
      let word = b[w] as number;
      while (word !== 0) {
        const low = word & -word;
        const s = (w << 5) + 31 - Math.clz32(low);
        word ^= low;
        if (
          (minRate[s] as number) <= rateMax &&
          (maxRate[s] as number) >= rateMin &&
          (!byHours || (maxHours[s] as number) >= hours) &&
          (!byLevel || onLevel(s))
        ) {
          matched[m++] = s;
          if (m >= cap) return m;
        }
      }
    }
    return m;
  }

  /** How many rows (living or not yet compacted away) hold `word`: a word's weight, not a count of matches. */
  rowsHolding(word: string): number {
    return this.words.get(word)?.length ?? 0;
  }

  /** How many rows match `f`, counted up to `cap`. */
  count(f: Filters, cap: number): number {
    try {
      return this.collect(f, cap);
    } finally {
      this.scratch.release();
    }
  }

  /**
   * A typed word's points for a matched slot (scoreOf): 4 when the headline holds the word, 3 when
   * it holds a completion of it, 2 when it holds another alternative, 1 when only the bio holds
   * the word. For many matches, bit sets of the word's lists (one pass over each list); for few, a
   * binary search in each list per match.
   */
  private pointsOf(term: Term, matches: number): (slot: number) => number {
    const head = this.head.get(term.word);
    const body = this.words.get(term.word);
    const completions = new Set(completionsOf(term));
    const listsOf = (words: string[]) => words.map((a) => this.head.get(a)).filter((l): l is SlotList => l !== undefined);
    const completed = listsOf([...completions]);
    const alts = listsOf(term.alts.filter((a) => a !== term.word && !completions.has(a)));
    let listed = (head?.length ?? 0) + (body?.length ?? 0);
    for (const l of completed) listed += l.length;
    for (const l of alts) listed += l.length;
    if (matches * (2 + completed.length + alts.length) * this.probeCost < listed) {
      return (s) =>
        holds(head, s) ? 4 : completed.some((l) => holds(l, s)) ? 3 : alts.some((l) => holds(l, s)) ? 2 : holds(body, s) ? 1 : 0;
    }
    const n = this.ids.length;
    const inHead = setAll(this.scratch.take(n), [head]);
    const inCompletion = setAll(this.scratch.take(n), completed);
    const inAlt = setAll(this.scratch.take(n), alts);
    const inBody = setAll(this.scratch.take(n), [body]);
    return (s) => (has(inHead, s) ? 4 : has(inCompletion, s) ? 3 : has(inAlt, s) ? 2 : has(inBody, s) ? 1 : 0);
  }

  /**
   * The first `take` matches of `f` in `mode`'s order after `after` (pageQuery's rows): relevance
   * (scoreOf's points per typed word) then user id; newest vetted; lowest or highest rate.
   */
  search(f: Filters, mode: Order['mode'], after: Keyset | null, take: number): Hit[] {
    try {
      return this.find(f, mode, after, take);
    } finally {
      this.scratch.release();
    }
  }

  private find(f: Filters, mode: Order['mode'], after: Keyset | null, take: number): Hit[] {
    const { ids, vetted, minRate, maxRate } = this;
    const idAscending = mode === 'score' || mode === 'rate_asc';
    /** < 0: (ka, ia) comes before (kb, ib): the higher key first, then the id in the order's direction. */
    const cmp = (ka: number, ia: string, kb: number, ib: string) => {
      if (ka !== kb) return ka > kb ? -1 : 1;
      if (ia === ib) return 0;
      return ia < ib === idAscending ? -1 : 1;
    };
    let seekKey: number | null = null;
    let seekId = '';
    if (after) {
      seekId = after.id;
      seekKey =
        after.kind === 'score'
          ? after.score
          : after.kind === 'at'
            ? microsOf(after.at)
            : mode === 'rate_asc'
              ? -Number(after.rate)
              : Number(after.rate);
    }
    const top: { key: number; id: string; slot: number }[] = [];
    const m = this.collect(f, Number.POSITIVE_INFINITY);
    const { matched } = this;
    const points = mode === 'score' && f.text ? f.text.terms.map((t) => this.pointsOf(t, m)) : [];
    const terms = points.length;
    for (let i = 0; i < m; i++) {
      const s = matched[i] as number;
      // The sort key, higher first: the relevance (scoreOf's points per typed word: the word in
      // the headline 4, an alternative there 2, the word in the bio 1), the vetting time, the rate.
      let key: number;
      if (mode === 'score') {
        key = 0;
        for (let t = 0; t < terms; t++) key += (points[t] as (slot: number) => number)(s);
      } else if (mode === 'vetted') key = vetted[s] as number;
      else if (mode === 'rate_asc') key = -(minRate[s] as number);
      else key = maxRate[s] as number;
      if (top.length === take) {
        const last = top[take - 1] as { key: number; id: string };
        if (key < last.key) continue;
        if (key === last.key && cmp(key, ids[s] as string, last.key, last.id) >= 0) continue;
      }
      const id = ids[s] as string;
      if (seekKey !== null && cmp(key, id, seekKey, seekId) <= 0) continue;
      if (top.length === take) top.pop();
      let j = top.length;
      while (j > 0 && cmp(key, id, (top[j - 1] as { key: number }).key, (top[j - 1] as { id: string }).id) < 0) j--;
      top.splice(j, 0, { key, id, slot: s });
    }
    return top.map((t) => ({
      userId: t.id,
      score: mode === 'score' ? t.key : 0,
      card: JSON.parse(this.cards[t.slot] as string) as PoolCard,
    }));
  }

  /** How many rows each loosened search finds (loosenQuery's counts), for an empty first page. */
  loosen(f: Filters): [TalentFilter, number][] {
    return activeFilters(f).map((filter) => [filter, this.count(withoutFilter(f, filter), LOOSEN_COUNT_MAX)]);
  }
}

/** The pool's rows matching `where`, in user id order, `LOAD_BATCH` at most (one JSON text: the fastest to pass and read). */
async function rowsWhere(db: Db, where: SQL): Promise<PoolRow[]> {
  const [row] = rowsOf<{ rows: string | null }>(
    await db.execute(sql`SELECT json_agg(t)::text AS rows FROM (
      SELECT ${POOL_COLUMNS} FROM talent_search WHERE ${where} ORDER BY user_id LIMIT ${LOAD_BATCH}) t`),
  );
  return JSON.parse(row?.rows ?? '[]') as PoolRow[];
}

/** Reads the rows of `userIds` (all of them: null) and puts them in `index`; ids without a row are removed. */
async function readRows(db: Db, index: PoolIndex, userIds: string[] | null) {
  if (userIds === null) {
    let after: string | null = null;
    for (;;) {
      const rows = await rowsWhere(db, after === null ? sql`true` : sql`user_id > ${after}::uuid`);
      for (const r of rows) index.put(r);
      if (rows.length < LOAD_BATCH) return;
      after = (rows.at(-1) as PoolRow).user_id;
    }
  }
  for (let i = 0; i < userIds.length; i += LOAD_BATCH) {
    const batch = userIds.slice(i, i + LOAD_BATCH);
    const rows = await rowsWhere(db, sql`user_id = ANY(${`{${batch.join(',')}}`}::uuid[])`);
    const found = new Set<string>();
    for (const r of rows) {
      index.put(r);
      found.add(r.user_id);
    }
    for (const id of batch) if (!found.has(id)) index.remove(id);
  }
}

/**
 * The instance's pool index and where it stands in the change log: `ready()` loads it on first
 * use, `atLeast(seq)` brings it up to a seq a statement read. One load or catch-up at a time,
 * every caller waiting for the same one; a trim of the log at most every TRIM_EVERY_MS.
 */
export function createPool(db: Db, now: () => number = Date.now, options: { probeCost?: number } = {}) {
  let index: PoolIndex | null = null;
  let seq = 0;
  let running: Promise<void> | null = null;
  let trimmedAt = 0;

  const load = async () => {
    const [head] = rowsOf<{ seq: string }>(await db.execute(sql`SELECT ${LOG_SEQ} AS seq`));
    const fresh = new PoolIndex(options);
    await readRows(db, fresh, null);
    index = fresh;
    seq = Number(head?.seq ?? 0);
    trimmedAt = now();
  };

  const catchUp = async () => {
    if (!index) return load();
    const [row] = rowsOf<{ seq: string; first: string | null; ids: string | null }>(
      await db.execute(sql`SELECT ${LOG_SEQ} AS seq, (SELECT min(seq)::text FROM talent_search_changes) AS first,
        (SELECT json_agg(DISTINCT user_id)::text FROM talent_search_changes WHERE seq > ${seq}) AS ids`),
    );
    const last = Number(row?.seq ?? 0);
    // The log was trimmed past this index's place (or emptied): the changes between are lost, read it all again.
    if (row?.first === null || row?.first === undefined || Number(row.first) > seq + 1) {
      if (last !== seq) return load();
      return;
    }
    await readRows(db, index, JSON.parse(row.ids ?? '[]') as string[]);
    seq = last;
  };

  const trim = async () => {
    trimmedAt = now();
    // The newest change stays: the log's last seq must never go back.
    await db.execute(sql`DELETE FROM talent_search_changes
      WHERE at < now() - ${LOG_KEEP}::interval AND seq < (SELECT max(seq) FROM talent_search_changes)`);
  };

  /** Joins the load or catch-up under way, or starts `step`: only they move the index (never a trim). */
  const run = (step: () => Promise<void>) => {
    running ??= step().finally(() => {
      running = null;
    });
    return running;
  };
  // A trim runs on its own: a search joining one instead of a catch-up would be served behind the
  // seq it read (decision 180). A catch-up running alongside reads the log in one statement, so it
  // sees it trimmed or not, never half; a place trimmed away loads the pool again.
  let trimming: Promise<void> | null = null;

  return {
    /** The index, loaded on first use. */
    async ready(): Promise<{ index: PoolIndex; seq: number }> {
      while (!index || running) await run(index ? async () => {} : load);
      return { index, seq };
    },
    /** The index brought up to at least `target` (a seq a statement read). */
    async atLeast(target: number): Promise<{ index: PoolIndex; seq: number }> {
      // Twice at most: the first may join a catch-up that read the log before `target` was read;
      // the second starts after this search's statement, so it reads the log at `target` or later.
      for (let i = 0; i < 2 && (!index || seq < target); i++) await run(catchUp);
      if (!index) return this.ready();
      // The trim's turn is taken only when one is due (not a promise on every search).
      if (!trimming && now() - trimmedAt >= TRIM_EVERY_MS) {
        trimming = trim()
          .catch(() => {})
          .finally(() => {
            trimming = null;
          });
      }
      return { index, seq };
    },
  };
}

export type Pool = ReturnType<typeof createPool>;
