import { type TalentSearchQuery, searchTalent } from '@talentloop/contract/api/talent-search';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/features/talent-search/read-model.ts';
import { type TestApp, call, expectOk, uniqueEmail, useApi } from '../helpers.ts';
import { insertTalents } from './support.ts';

// Typo tolerance through HTTP (issue 32, decision 160): typos generated from the pool's own skill
// words, one of each kind (two neighbours swapped, a letter dropped, added or changed), find the
// profile holding the skill; exact and prefix matches rank before corrected typos; a text that
// finds nobody is answered with 'Did you mean' texts that each find someone.

const env = useApi();

let app: TestApp;
let token: string;

async function search(query: Partial<TalentSearchQuery>) {
  const res = await call(app, searchTalent, { query: query as TalentSearchQuery }, { token });
  expectOk(res);
  return res.body;
}

/** A seeded generator: the same typos every run. */
function generator(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KINDS = ['swap', 'drop', 'add', 'change'] as const;
type Kind = (typeof KINDS)[number];
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** One typo of `kind` in `word` (never the word itself), at a random place. */
function typoOf(word: string, kind: Kind, rand: () => number): string {
  const chars = Array.from(word);
  const at = (n: number) => Math.floor(rand() * n);
  const letter = () => LETTERS[at(LETTERS.length)] as string;
  for (;;) {
    const out = [...chars];
    if (kind === 'swap') {
      const i = at(chars.length - 1);
      [out[i], out[i + 1]] = [out[i + 1] as string, out[i] as string];
    } else if (kind === 'drop') out.splice(at(chars.length), 1);
    else if (kind === 'add') out.splice(at(chars.length + 1), 0, letter());
    else out[at(chars.length)] = letter();
    const typo = out.join('');
    if (typo !== word) return typo;
  }
}

/** The words of a skill's name as search cuts them. */
const wordsOf = (name: string) =>
  name
    .toLowerCase()
    .split(/[^\p{L}\p{N}#+]+/u)
    .filter(Boolean);

describe('talent search forgives typos', () => {
  // An app per test (useApi closes it when the test ends).
  beforeEach(async () => {
    app = await env.start({ config: { clientAccounts: true } });
    const account = await app.signUp(uniqueEmail('client'), { userType: 'client', company: 'Acme Labs' });
    token = (await app.verify(account.email)).accessToken;
  });

  it('finds a skill from one typo of each kind in its words of 5+ letters at least 95% of the time', async () => {
    // The pool: 40 freelancers holding 80 reference skills spread over the list, two each.
    const all = rowsOf<{ name: string }>(await env.database.db.execute(sql`SELECT name FROM ref_skills ORDER BY name`)).map((r) => r.name);
    const step = Math.max(1, Math.floor(all.length / 80));
    const skills = all.filter((_, i) => i % step === 0).slice(0, 80);
    await insertTalents(
      env.database.db,
      Array.from({ length: skills.length / 2 }, (_, i) => ({ skills: [skills[2 * i] as string, skills[2 * i + 1] as string] })),
    );
    const words = [...new Set(skills.flatMap(wordsOf))].filter((w) => Array.from(w).length >= 5);
    expect(words.length).toBeGreaterThan(40);

    const rand = generator(32);
    const tally = new Map<Kind, { tried: number; found: number; missed: string[] }>(
      KINDS.map((k) => [k, { tried: 0, found: 0, missed: [] }]),
    );
    for (const word of words)
      for (const kind of KINDS)
        for (let n = 0; n < 2; n++) {
          const typo = typoOf(word, kind, rand);
          const body = await search({ q: typo, limit: 50 });
          const found = body.results.some((card) => card.topSkills.some((s) => wordsOf(s).includes(word)));
          const t = tally.get(kind) as { tried: number; found: number; missed: string[] };
          t.tried++;
          if (found) t.found++;
          else t.missed.push(`${typo} (${word})`);
        }
    const tried = [...tally.values()].reduce((n, t) => n + t.tried, 0);
    const found = [...tally.values()].reduce((n, t) => n + t.found, 0);
    const report = [...tally].map(([k, t]) => `${k}: ${t.found}/${t.tried} missed ${t.missed.join(', ')}`).join('\n');
    expect(found / tried, report).toBeGreaterThanOrEqual(0.95);
    for (const [, t] of tally) expect(t.found / t.tried, report).toBeGreaterThanOrEqual(0.9);
  });

  it('ranks the word as typed, then its completions, then corrected typos', async () => {
    const [typo, exact, completion] = await insertTalents(env.database.db, [
      { lastName: 'Qorvath', occupation: 'Swiftly Consultant', skills: ['Excel'] },
      { lastName: 'Qorvath', occupation: 'Swifty Consultant', skills: ['Excel'] },
      { lastName: 'Qorvath', occupation: 'Swiftyui Consultant', skills: ['Excel'] },
    ]);
    const body = await search({ q: 'swifty qorvath' });
    expect(body.results.map((r) => r.slug)).toEqual([exact?.slug, completion?.slug, typo?.slug]);
    expect(body.didYouMean).toEqual([]);
  });
});

// 'Did you mean' asks the search's engine for its counts: the same answers from the pool and the statements.
describe.each(['pool', 'sql'] as const)('talent search suggests the closest words (%s index)', (talentIndex) => {
  it('answers a text that finds nobody with the closest words, each finding someone', async () => {
    app = await env.start({ config: { clientAccounts: true, talentIndex } });
    const account = await app.signUp(uniqueEmail('client'), { userType: 'client', company: 'Acme Labs' });
    token = (await app.verify(account.email)).accessToken;
    const rows = await insertTalents(env.database.db, [
      { lastName: 'Brannigan', occupation: 'Surveyor', skills: ['Excel'], countryCode: 'DE' },
      { lastName: 'Brannigan', occupation: 'Surveyor', skills: ['Excel'], countryCode: 'DE' },
      { lastName: 'Brannigon', occupation: 'Cartographer', skills: ['Excel'], countryCode: 'FR' },
    ]);
    // Two edits in an 8-letter word: beyond what search forgives, within what it suggests.
    const missed = await search({ q: 'suvreyro' });
    expect(missed.results).toEqual([]);
    expect(missed.didYouMean).toEqual(['surveyor']);
    expect((await search({ q: 'surveyor' })).results).toHaveLength(2);

    // Both words mistyped (three edits in a 10-letter word): the one text replacing both.
    const both = await search({ q: 'brnanigxnn suvreyro' });
    expect(both.results).toEqual([]);
    expect(both.didYouMean).toEqual(['brannigan surveyor']);
    expect((await search({ q: 'brannigan surveyor' })).results).toHaveLength(2);

    // A suggestion must find someone with the filters in use: nobody in FR is a surveyor.
    const filtered = await search({ q: 'suvreyro', country: 'FR' });
    expect(filtered.results).toEqual([]);
    expect(filtered.didYouMean).toEqual([]);

    // Nothing near: no suggestion; someone found: no suggestion.
    expect((await search({ q: 'zzqqxxw' })).didYouMean).toEqual([]);
    expect((await search({ q: 'cartographer' })).didYouMean).toEqual([]);
    // The other engine's run finds the same rows, not these as well.
    await env.database.db.execute(sql`DELETE FROM users WHERE id = ANY(${`{${rows.map((r) => r.id).join(',')}}`}::uuid[])`);
    expect((await search({ q: 'surveyor' })).results).toEqual([]);
  });
});
