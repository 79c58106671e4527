import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  FUZZY_MIN_LENGTH,
  WORD_ALTERNATIVES_MAX,
  WORD_SIMILARITY_MIN,
  createTermCache,
  readTerms,
  termsQuery,
} from '../../src/features/talent-search/queries.ts';
import { rowsOf } from '../../src/features/talent-search/read-model.ts';
import { Vocabulary, similarity } from '../../src/features/talent-search/vocabulary.ts';
import { useApi } from '../helpers.ts';
import { insertTalents } from './support.ts';

// The vocabulary kept in memory (decision "Talent search speed") finds a typed word's alternatives
// exactly as the statement over talent_search_words does, with pg_trgm's similarity.

const env = useApi();

const VOCABULARY = [
  'react',
  'reactjs',
  'reactive',
  'redux',
  'typescript',
  'javascript',
  'java',
  'developer',
  'development',
  'developers',
  'devops',
  'designer',
  'design',
  'c#',
  'c++',
  'go',
  'golang',
  'node',
  'nodejs',
  'python',
  'pytorch',
  'salesforce',
  'commerce',
  'cloud',
  'müller',
  'josé',
  'zoë',
  'figma',
  'figmas',
  'kubernetes',
  'analyst',
  'analytics',
  'analysis',
  'translation',
  'translator',
  'english',
  'arabic',
  'accounts',
  'receivable',
  'x',
  'ab',
  'abc',
  'abcd',
  'web3',
  '3d',
];
const TYPED = [
  'reactt',
  'react',
  'typscript',
  'devloper',
  'develop',
  'dev',
  'desiner',
  'c#',
  'c++',
  'go',
  'golan',
  'nod',
  'pyton',
  'salesfocre',
  'comemrce',
  'colud',
  'muller',
  'jose',
  'zoe',
  'figma',
  'kubernetse',
  'analst',
  'transation',
  'egnlish',
  'arbic',
  'accuonts',
  'receivbale',
  'abc',
  'web',
  '3d',
  'zzzz',
  'java',
];

describe('the kept vocabulary', () => {
  it('computes pg_trgm similarity', async () => {
    const db = env.database.db;
    for (const a of TYPED)
      for (const b of VOCABULARY) {
        const [row] = rowsOf<{ s: number }>(await db.execute(sql`SELECT similarity(${a}, ${b}) AS s`));
        expect(similarity(a, b), `${a} ~ ${b}`).toBeCloseTo(Number(row?.s), 5);
      }
  });

  it('gives every typed word the alternatives the vocabulary statement gives', async () => {
    const db = env.database.db;
    await db.execute(
      sql`INSERT INTO talent_search_words SELECT unnest(${`{${VOCABULARY.map((w) => `"${w}"`).join(',')}}`}::text[]) ON CONFLICT DO NOTHING`,
    );
    const words = rowsOf<{ word: string }>(await db.execute(sql`SELECT word FROM talent_search_words`)).map((r) => r.word);
    const vocabulary = new Vocabulary();
    for (const w of words) vocabulary.add(w);
    const fromDb = new Map(rowsOf<{ word: string; alts: string[] }>(await db.execute(termsQuery(TYPED))).map((r) => [r.word, r.alts]));
    for (const w of TYPED) {
      const expected = [w, ...(fromDb.get(w) ?? []).filter((a) => a !== w)].slice(0, WORD_ALTERNATIVES_MAX);
      const mine = w.length >= FUZZY_MIN_LENGTH ? [w, ...vocabulary.alike(w, WORD_SIMILARITY_MIN, WORD_ALTERNATIVES_MAX - 1)] : [w];
      expect(mine, w).toEqual(expected);
    }
    expect((await readTerms(db, 'reactt devloper', createTermCache())).map((t) => t.alts[1])).toEqual(['react', 'developer']);
  });

  it('takes in at once the words this instance adds', async () => {
    const db = env.database.db;
    const cache = createTermCache();
    const [before] = await readTerms(db, 'zqvocabularyx', cache);
    expect(before?.alts).toEqual(['zqvocabularyx']);
    await insertTalents(db, [{ lastName: 'Zqvocabulary', skills: ['Excel'] }]);
    const [after] = await readTerms(db, 'zqvocabularyx', cache);
    expect(after?.alts).toContain('zqvocabulary');
  });
});
