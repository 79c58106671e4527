import { type SQL, sql } from 'drizzle-orm';
import { searchQuery } from '../../src/features/search/queries.ts';
import { describe, expect, test } from 'vitest';
import { expectFailure, useApi } from '../helpers.ts';
import { bearer } from './support.ts';

const env = useApi();

/** True when a word of the name (after a space or punctuation) starts with the text. */
const wordStarts = (name: string, text: string) => ` ${name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ')}`.includes(` ${text}`);

describe('GET /api/search/*', () => {
  test('ignores case, answers at most 20, and a short text matches only where a word starts', async () => {
    const app = await env.start();
    const user = await app.createUser();
    const res = await app.get('/api/search/skill?query=JA', bearer(user.accessToken));
    expect(res.status).toBe(200);
    const names: string[] = res.body.skillName;
    expect(names.length).toBe(20);
    expect(names).toContain('Java');
    expect(names.every((n) => wordStarts(n, 'ja'))).toBe(true);
  });

  test("whole-word prefix matches come first: skill 'Rea' offers React, never 'English to Korean Translation'", async () => {
    const app = await env.start();
    const auth = bearer((await app.createUser()).accessToken);
    const rea: string[] = (await app.get('/api/search/skill?query=Rea', auth)).body.skillName;
    expect(rea[0]).toBe('React');
    expect(rea).toEqual(expect.arrayContaining(['React Native', 'Virtual Reality', 'Real Estate Marketing']));
    expect(rea).not.toContain('English to Korean Translation');
    expect(rea).not.toContain('Proofreading');

    // From 4 characters a text also matches inside words, after every whole-word match.
    const script: string[] = (await app.get('/api/search/skill?query=script', auth)).body.skillName;
    expect(script).toContain('JavaScript');
    const firstInside = script.findIndex((n) => !wordStarts(n, 'script'));
    expect(firstInside).toBeGreaterThan(0);
    expect(script.slice(0, firstInside)).toEqual(expect.arrayContaining(['Shell Scripting', 'Google Apps Script']));
    expect(script.slice(firstInside).every((n) => !wordStarts(n, 'script'))).toBe(true);
  });

  test("then the more common entry: 'Univ' lists well-known universities first, not the shortest name", async () => {
    const app = await env.start();
    const auth = bearer((await app.createUser()).accessToken);
    const univ: string[] = (await app.get('/api/search/university?query=Univ', auth)).body.universityName;
    expect(univ).toHaveLength(20);
    expect(univ[0]).not.toBe('Universidad CES');
    expect(univ).not.toContain('Universidad CES');
    expect(univ).toEqual(expect.arrayContaining(['University of Delhi', 'University of Mumbai', 'Anna University']));
    expect(univ.every((n) => wordStarts(n, 'univ'))).toBe(true);

    // Popularity beats length: JavaScript is used more than Java; among equals the shorter wins.
    const ja: string[] = (await app.get('/api/search/skill?query=ja', auth)).body.skillName;
    expect(ja.slice(0, 2)).toEqual(['JavaScript', 'Java']);
    const occupations: string[] = (await app.get('/api/search/occupation?query=developer', auth)).body.occupationName;
    expect(occupations[0]).toBe('Web Developer');
  });

  test('each list answers under its own field, from its minimum length', async () => {
    const app = await env.start();
    const auth = bearer((await app.createUser()).accessToken);
    expect((await app.get('/api/search/skill?query=r', auth)).body.skillName.length).toBeGreaterThan(0);
    expect((await app.get('/api/search/occupation?query=de', auth)).body.occupationName).toEqual([]);
    expect((await app.get('/api/search/occupation?query=des', auth)).body.occupationName).toContain('Graphic Designer');
    expect((await app.get('/api/search/university?query=bombay', auth)).body.universityName).toContain(
      'Indian Institute of Technology, Bombay',
    );
    expect((await app.get('/api/search/designation?query=software eng', auth)).body.jobTitle).toContain('Software Engineer');
    expect((await app.get('/api/search/company?query=infos', auth)).body.companyName).toContain('Infosys');
    expect((await app.get('/api/search/company?query=%25%25%25', auth)).body.companyName).toEqual([]);
  });

  test('needs a signed-in user', async () => {
    const app = await env.start();
    expectFailure(await app.get('/api/search/skill?query=ja'), 401, 'TL_CORE_00401_E');
  });

  test("is served by the trigram index, not a scan, by the planner's own choice", async () => {
    const app = await env.start();
    const planOf = async (query: SQL) =>
      ((await app.db.execute(sql`EXPLAIN ${query}`)) as unknown as { rows: Array<Record<string, string>> }).rows
        .map((r) => Object.values(r).join(' '))
        .join('\n');
    expect(await planOf(sql`SELECT name FROM ref_universities WHERE lower(name) LIKE '%bombay%'`)).toContain(
      'ref_universities_name_trgm_idx',
    );
    // The ranked statement the endpoint runs, for a whole-word text and for a text inside words.
    for (const text of ['bombay', 'ombay'])
      expect(await planOf(searchQuery('university', text) as SQL)).toContain('ref_universities_name_trgm_idx');
  });
});
