// The talent search's vocabulary (talent_search_words) held in the instance's memory, with a
// trigram index, so that a typed word's alternatives (decision "Talent search": the word itself,
// words at least WORD_SIMILARITY_MIN alike, words it begins) are found without a statement
// (decision "Talent search speed"). The similarity is pg_trgm's, computed the same way: each run
// of letters and digits is padded with two spaces before and one after, cut into trigrams, and
// similarity = shared distinct trigrams / all distinct trigrams of both words.

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

export class Vocabulary {
  private readonly words: string[] = [];
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
    this.sorted = null;
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
