// The talent search's vocabulary (talent_search_words) held in the instance's memory, with a
// trigram index, so that a typed word's alternatives (decision "Talent search": the word itself,
// words at least WORD_SIMILARITY_MIN alike, words it begins) are found without a statement
// (decision "Talent search speed"). The similarity is pg_trgm's, computed the same way: each run
// of letters and digits is padded with two spaces before and one after, cut into trigrams, and
// similarity = shared distinct trigrams / all distinct trigrams of both words.
//
// Typo tolerance by edits (decision 160): a vocabulary word within TYPO_EDITS of a typed word
// stands for it too, the budget set by the longer of the two words (5+ letters: one edit, 9+: two),
// an edit being a letter added, dropped or changed, or two neighbours swapped (the optimal string
// alignment distance, 'Damerau'). Words are compared by code points, so no locale decides it and
// the same rule serves every word, ASCII or not.

/** A letter or a digit: where pg_trgm cuts a word into the runs it pads ('c++' is the run 'c'). */
const ALNUM = /[\p{L}\p{N}]/u;

/** The distinct trigrams of a (lower-case) word, as pg_trgm's generate_trgm makes them. */
export function trigramsOf(word: string): Set<string> {
  const out = new Set<string>();
  let run: string[] = [];
  const flush = () => {
    if (run.length === 0) return;
    const padded = [' ', ' ', ...run, ' '];
    for (let i = 0; i + 3 <= padded.length; i++) out.add(`${padded[i]}${padded[i + 1]}${padded[i + 2]}`);
    run = [];
  };
  for (const ch of word) {
    if (ALNUM.test(ch)) run.push(ch);
    else flush();
  }
  flush();
  return out;
}

/** pg_trgm's similarity(a, b). */
export function similarity(a: string, b: string): number {
  const ta = trigramsOf(a);
  const tb = trigramsOf(b);
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  const union = ta.size + tb.size - shared;
  return union <= 0 ? 0 : shared / union;
}

/** A word of this many letters or more forgives one edit (decision 160). */
export const TYPO_ONE_MIN_LENGTH = 5;
/** A word of this many letters or more forgives two edits. */
export const TYPO_TWO_MIN_LENGTH = 9;

/** How many edits a word of `length` letters forgives (0, 1 or 2). */
export function typoBudget(length: number): number {
  return length >= TYPO_TWO_MIN_LENGTH ? 2 : length >= TYPO_ONE_MIN_LENGTH ? 1 : 0;
}

/** A word's code points (a letter outside the BMP is one, as in the database's length()). */
export const codePointsOf = (word: string): number[] => Array.from(word, (ch) => ch.codePointAt(0) as number);

/** The three rows editDistance works in, reused from one call to the next (grown when a word is longer). */
let rows: [Int32Array, Int32Array, Int32Array] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * The edit distance between `a` and `b` (letters added, dropped or changed, and neighbours swapped,
 * each one edit; no letter edited twice: the optimal string alignment distance), or `max + 1` when
 * it is more than `max`. Three rows of the usual table, given up once a row's least value passes `max`.
 */
export function editDistance(a: readonly number[], b: readonly number[], max: number): number {
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > max) return max + 1;
  if (n === 0 || m === 0) return Math.min(Math.max(n, m), max + 1);
  if (rows[0].length <= m) rows = [new Int32Array(2 * m + 2), new Int32Array(2 * m + 2), new Int32Array(2 * m + 2)];
  let [before, prev, row] = rows;
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    row[0] = i;
    let least = i;
    const ai = a[i - 1] as number;
    for (let j = 1; j <= m; j++) {
      const bj = b[j - 1] as number;
      const cost = ai === bj ? 0 : 1;
      let d = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && ai === b[j - 2] && a[i - 2] === bj && ai !== bj) d = Math.min(d, (before[j - 2] as number) + 1);
      row[j] = d;
      if (d < least) least = d;
    }
    if (least > max) return max + 1;
    const spare = before;
    before = prev;
    prev = row;
    row = spare;
  }
  return Math.min(prev[m] as number, max + 1);
}

/**
 * The letters a word holds, as bits (a code point's bit is its value mod 32: a-z each have their
 * own). One edit adds at most one letter and removes at most one, so two words `k` edits apart
 * differ in at most 2k bits: a cheap test before the distance is computed.
 */
function lettersOf(points: readonly number[]): number {
  let bits = 0;
  for (const p of points) bits |= 1 << (p & 31);
  return bits;
}

function bitCount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** How many typed words' near() answers a vocabulary keeps. */
const NEAR_KEPT_MAX = 10_000;

/** A vocabulary word within some edits of a typed one, and how many. */
export type Near = { word: string; edits: number };

export class Vocabulary {
  private readonly words: string[] = [];
  /** Per length in code points: the indexes of the words of that length (for the edit lookups). */
  private readonly byLength = new Map<number, number[]>();
  private readonly points: number[][] = [];
  private readonly letters: number[] = [];
  /** near()'s answers, until a word is added (at most NEAR_KEPT_MAX, then all dropped). */
  private readonly nearKept = new Map<string, Near[]>();
  private readonly known = new Set<string>();
  /** Trigram -> indexes (into words) of the words holding it. */
  private readonly postings = new Map<string, number[]>();
  private readonly sizes: number[] = [];
  private sorted: string[] | null = null;

  get size(): number {
    return this.words.length;
  }

  has(word: string): boolean {
    return this.known.has(word);
  }

  add(word: string): void {
    if (this.known.has(word)) return;
    const index = this.words.length;
    this.words.push(word);
    this.known.add(word);
    const grams = trigramsOf(word);
    this.sizes.push(grams.size);
    for (const g of grams) {
      const list = this.postings.get(g);
      if (list) list.push(index);
      else this.postings.set(g, [index]);
    }
    const points = codePointsOf(word);
    this.points.push(points);
    this.letters.push(lettersOf(points));
    const same = this.byLength.get(points.length);
    if (same) same.push(index);
    else this.byLength.set(points.length, [index]);
    this.sorted = null;
    this.nearKept.clear();
  }

  /**
   * The vocabulary words (not the word itself) within `budget(longer length)` edits of `word`, or
   * within `max` edits when given (the 'Did you mean' lookup), fewest edits first, then in code
   * point order. Only words of a near length are compared, each first by the letters it holds.
   */
  near(word: string, max?: number): Near[] {
    const key = `${max ?? ''}:${word}`;
    const kept = this.nearKept.get(key);
    if (kept) return kept;
    const found = this.findNear(word, max);
    if (this.nearKept.size >= NEAR_KEPT_MAX) this.nearKept.clear();
    this.nearKept.set(key, found);
    return found;
  }

  private findNear(word: string, max?: number): Near[] {
    const points = codePointsOf(word);
    const length = points.length;
    const letters = lettersOf(points);
    const reach = max ?? 2;
    const out: Near[] = [];
    for (let l = Math.max(1, length - reach); l <= length + reach; l++) {
      const k = max ?? typoBudget(Math.max(length, l));
      if (k === 0 || Math.abs(l - length) > k) continue;
      for (const i of this.byLength.get(l) ?? []) {
        if (bitCount(letters ^ (this.letters[i] as number)) > 2 * k) continue;
        const edits = editDistance(points, this.points[i] as number[], k);
        if (edits > k || edits === 0) continue;
        out.push({ word: this.words[i] as string, edits });
      }
    }
    return out.sort((a, b) => a.edits - b.edits || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
  }

  /** The words that begin with `prefix` (LIKE 'prefix%'), in code point order. */
  private withPrefix(prefix: string): string[] {
    this.sorted ??= [...this.words].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const sorted = this.sorted;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((sorted[mid] as string) < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < sorted.length && (sorted[i] as string).startsWith(prefix); i++) out.push(sorted[i] as string);
    return out;
  }

  /**
   * The vocabulary words a typed word stands for, as the statement termsQuery finds them: words at
   * least `min` alike or beginning with the word, most alike first, then in code point order (the
   * word itself is not among them).
   */
  alike(word: string, min: number, max: number): string[] {
    const grams = trigramsOf(word);
    const shared = new Map<number, number>();
    for (const g of grams) for (const i of this.postings.get(g) ?? []) shared.set(i, (shared.get(i) ?? 0) + 1);
    const score = (i: number) => {
      const n = shared.get(i) ?? 0;
      const union = grams.size + (this.sizes[i] ?? 0) - n;
      return union <= 0 ? 0 : n / union;
    };
    const found = new Map<string, number>();
    for (const [i] of shared) {
      const s = score(i);
      if (s >= min) found.set(this.words[i] as string, s);
    }
    for (const w of this.withPrefix(word)) if (!found.has(w)) found.set(w, similarity(w, word));
    found.delete(word);
    return [...found]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .slice(0, max)
      .map(([w]) => w);
  }
}
