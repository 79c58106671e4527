import { TALENT_DID_YOU_MEAN_MAX } from '@talentloop/contract/api/talent-search';
import { FUZZY_MIN_LENGTH, type Filters, type Term } from './queries.ts';
import { typoBudget, type Vocabulary } from './vocabulary.ts';

// 'Did you mean' (decision 160): when a search's text finds nobody (whatever the filters), the text again with one word
// (or every word that has one) replaced by the closest words the pool's profiles hold, one edit
// further than the typo rule reaches. Each text offered finds someone with the same filters, so
// following it never shows an empty page; closest first, then the word more profiles hold.

/** How many of a typed word's closest words are tried. */
const TRIED_PER_WORD = 3;

/** How many edits away a suggestion may be: one more than the word's typo budget. */
export const suggestionReach = (length: number) => typoBudget(length) + 1;

type Option = { word: string; edits: number; rows: number };

/** What the suggestions are checked against: the search's engine (talent-index.ts) as of the search's seq. */
export type SuggestionCounts = {
  count(f: Filters, cap: number): Promise<number>;
  rowsHolding(word: string): Promise<number>;
};

/** The 'Did you mean' texts of a search that found nobody (none without text). */
export async function didYouMean(f: Filters, vocabulary: Vocabulary, index: SuggestionCounts): Promise<string[]> {
  const terms = f.text?.terms ?? [];
  if (terms.length === 0) return [];
  // The text finds someone without the filters: the filters are what to change (the loosen suggestions).
  if ((await index.count({ text: f.text, skills: [] }, 1)) > 0) return [];
  // The closest words of each typed word that a living profile may hold, not among what it already stood for.
  const options: Option[][] = [];
  for (const term of terms) {
    const length = Array.from(term.word).length;
    if (length < FUZZY_MIN_LENGTH) {
      options.push([]);
      continue;
    }
    const near = vocabulary.near(term.word, suggestionReach(length)).filter((n) => !term.alts.includes(n.word));
    const weighed: Option[] = [];
    for (const n of near) weighed.push({ word: n.word, edits: n.edits, rows: await index.rowsHolding(n.word) });
    options.push(
      weighed
        .filter((o) => o.rows > 0)
        .sort((a, b) => a.edits - b.edits || b.rows - a.rows || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0))
        .slice(0, TRIED_PER_WORD),
    );
  }
  const tried: { words: string[]; edits: number; rows: number }[] = [];
  terms.forEach((_, i) => {
    for (const o of options[i] ?? []) {
      tried.push({ words: terms.map((t, j) => (j === i ? o.word : t.word)), edits: o.edits, rows: o.rows });
    }
  });
  // Every word that has a closest word replaced by it (two typos in two words).
  const best = options.map((o) => o[0]);
  if (best.filter(Boolean).length > 1) {
    tried.push({
      words: terms.map((t, i) => best[i]?.word ?? t.word),
      edits: best.reduce((n, o) => n + (o?.edits ?? 0), 0),
      rows: Math.min(...best.filter((o): o is Option => o !== undefined).map((o) => o.rows)),
    });
  }
  tried.sort((a, b) => a.edits - b.edits || b.rows - a.rows);
  const out: string[] = [];
  for (const t of tried) {
    if (out.length >= TALENT_DID_YOU_MEAN_MAX) break;
    const text = t.words.join(' ');
    if (out.includes(text)) continue;
    // Each replaced word as typed exactly: the search it leads to stands for more, so finds at least these.
    const exact: Term[] = t.words.map((w, i) => (w === terms[i]?.word ? (terms[i] as Term) : { word: w, alts: [w] }));
    if ((await index.count({ ...f, text: { text, terms: exact } }, 1)) > 0) out.push(text);
  }
  return out;
}
