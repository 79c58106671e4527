import { describe, expect, it } from 'vitest';
import { alternativesOf, completionsOf } from './queries.ts';
import { codePointsOf, editDistance, typoBudget, Vocabulary } from './vocabulary.ts';

// Typo tolerance by edits (decision 160): a typed word finds a vocabulary word within one edit when
// the longer of the two has 5+ letters, within two from 9+; an edit is a letter added, dropped or
// changed, or two neighbours swapped. Shorter words keep the trigram rule (similarity >= 0.5, or a
// completion).

const VOCABULARY = ['api', 'java', 'react', 'reactjs', 'firebase', 'developer', 'kubernetes', 'müller', 'zoë', 'angular'];

function vocabulary(words: readonly string[] = VOCABULARY) {
  const v = new Vocabulary();
  for (const w of words) v.add(w);
  return v;
}

/** The intended word, the kind of typo, what is typed, whether the intended word is found. */
const TABLE: [string, string, string, boolean][] = [
  // 3 and 4 letters: the trigram rule as before; an edit is not forgiven within them.
  ['api', 'swap', 'pai', false],
  ['api', 'change', 'apo', false],
  ['api', 'drop', 'ap', false],
  ['java', 'swap', 'jaav', false],
  ['java', 'change', 'jaca', false],
  ['java', 'drop', 'jva', false],
  // ...but a 5-letter typed word forgives an edit towards a 4-letter one.
  ['java', 'add', 'jaava', true],
  // 5 letters: one edit of each kind, not two.
  ['react', 'swap', 'raect', true],
  ['react', 'swap first', 'eract', true],
  ['react', 'drop', 'rect', true],
  ['react', 'drop first', 'eact', true],
  ['react', 'add', 'reacct', true],
  ['react', 'add first', 'breact', true],
  ['react', 'change', 'reoct', true],
  ['react', 'change last', 'reacy', true],
  ['react', 'swap + change', 'raecy', false],
  ['react', 'two drops', 'rct', false],
  // 8 letters: one edit, not two.
  ['firebase', 'swap', 'friebase', true],
  ['firebase', 'drop', 'firbase', true],
  ['firebase', 'add', 'fireebase', true],
  ['firebase', 'change', 'firebaze', true],
  ['firebase', 'two swaps', 'friebsae', false],
  ['firebase', 'two changes', 'fxrebaze', false],
  // 9+ letters: two edits, not three.
  ['developer', 'swap', 'devloeper', true],
  ['developer', 'two swaps', 'edvelopre', true],
  ['developer', 'drop + swap', 'devlopre', true],
  ['developer', 'two changes', 'dovelopar', true],
  ['developer', 'add + drop', 'developre', true],
  ['developer', 'three changes', 'dovelapar', false],
  ['kubernetes', 'two swaps', 'kubrenetse', true],
  ['kubernetes', 'two drops', 'kubrnetes', true],
  ['kubernetes', 'two adds', 'kubbernettes', true],
  ['kubernetes', 'three swaps', 'ukbrenetse', false],
  // Any script: code points, not bytes or locale.
  ['müller', 'swap', 'mülelr', true],
  ['müller', 'change', 'muller', true],
  ['angular', 'change', 'angulär', true],
];

describe('typo tolerance by edits', () => {
  it.each(TABLE)('%s, %s: %s -> %s', (intended, _kind, typed, found) => {
    const alts = alternativesOf(typed, vocabulary());
    expect(alts[0]).toBe(typed);
    expect(alts.includes(intended), alts.join(' ')).toBe(found);
  });

  it('sets the budget by length: none under 5 letters, one from 5, two from 9', () => {
    expect([3, 4, 5, 8, 9, 12].map(typoBudget)).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it('counts a swap of neighbours as one edit, and no letter is edited twice', () => {
    const d = (a: string, b: string, max = 5) => editDistance(codePointsOf(a), codePointsOf(b), max);
    expect(d('react', 'react')).toBe(0);
    expect(d('react', 'raect')).toBe(1);
    expect(d('react', 'rect')).toBe(1);
    expect(d('react', 'reacts')).toBe(1);
    expect(d('react', 'reach')).toBe(1);
    expect(d('kitten', 'sitting')).toBe(3);
    // Optimal string alignment: 'ca' -> 'abc' is three, not the unrestricted distance's two.
    expect(d('ca', 'abc')).toBe(3);
    expect(d('', 'abc')).toBe(3);
    // Past the bound: max + 1.
    expect(d('developer', 'designer', 2)).toBe(3);
    expect(d('a', 'abcdef', 2)).toBe(3);
  });

  it('agrees with the whole table on random words, bounded or not', () => {
    let seed = 7;
    const rand = () => {
      seed = (seed + 0x6d2b79f5) >>> 0;
      let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const word = () => Array.from({ length: Math.floor(rand() * 7) }, () => 'abc'[Math.floor(rand() * 3)]).join('');
    // The textbook optimal string alignment table, in full.
    const full = (a: string, b: string) => {
      const t = Array.from({ length: a.length + 1 }, (_, i) =>
        Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
      );
      for (let i = 1; i <= a.length; i++)
        for (let j = 1; j <= b.length; j++) {
          const row = t[i] as number[];
          const up = t[i - 1] as number[];
          const cost = a[i - 1] === b[j - 1] ? 0 : 1;
          row[j] = Math.min((up[j] as number) + 1, (row[j - 1] as number) + 1, (up[j - 1] as number) + cost);
          if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
            row[j] = Math.min(row[j] as number, ((t[i - 2] as number[])[j - 2] as number) + cost);
        }
      return (t[a.length] as number[])[b.length] as number;
    };
    for (let n = 0; n < 3000; n++) {
      const a = word();
      const b = word();
      const max = Math.floor(rand() * 4);
      expect(editDistance(codePointsOf(a), codePointsOf(b), max), `${a} ${b} ${max}`).toBe(Math.min(full(a, b), max + 1));
    }
  });

  it('finds every vocabulary word within the budget, fewest edits first, and no other', () => {
    const words = ['developer', 'developers', 'develop', 'devloper', 'envelope', 'deve', 'developed', 'dveeloper'];
    const v = vocabulary(words);
    const near = v.near('developer');
    expect(near).toEqual([
      { word: 'developed', edits: 1 },
      { word: 'developers', edits: 1 },
      { word: 'devloper', edits: 1 },
      { word: 'dveeloper', edits: 1 },
      { word: 'develop', edits: 2 },
    ]);
    // A wider reach ('Did you mean'): every word within it, by the whole table.
    const within3 = v.near('developer', 3).map((n) => n.word);
    expect(within3).toContain('envelope');
    expect(within3).not.toContain('deve');
  });

  it('puts the word itself first, then corrections, then the trigram rule; completions score above corrections', () => {
    const v = vocabulary(['react', 'reactjs', 'reach', 'redact']);
    const alts = alternativesOf('react', v);
    expect(alts[0]).toBe('react');
    expect(alts.slice(1, 4).sort()).toEqual(['reach', 'reactjs', 'redact']);
    expect(completionsOf({ word: 'react', alts })).toEqual(['reactjs']);
  });
});
