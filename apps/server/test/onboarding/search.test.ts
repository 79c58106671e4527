import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { expectFailure, useApi } from '../helpers.ts';
import { bearer } from './support.ts';

const env = useApi();

describe('GET /api/search/*', () => {
  test('puts names starting with the text first, ignores case and answers at most 20', async () => {
    const app = await env.start();
    const user = await app.createUser();
    const res = await app.get('/api/search/skill?query=JA', bearer(user.accessToken));
    expect(res.status).toBe(200);
    const names: string[] = res.body.skillName;
    expect(names.length).toBe(20);
    expect(names).toContain('Java');
    expect(names.every((n) => n.toLowerCase().startsWith('ja'))).toBe(true);

    const substring = (await app.get('/api/search/skill?query=script', bearer(user.accessToken))).body.skillName as string[];
    const firstContains = substring.findIndex((n) => !n.toLowerCase().startsWith('script'));
    expect(substring.slice(firstContains).every((n) => !n.toLowerCase().startsWith('script'))).toBe(true);
    expect(substring).toContain('JavaScript');
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
    const plan = (await app.db.execute(sql`EXPLAIN SELECT name FROM ref_universities WHERE lower(name) LIKE '%bombay%'`)) as unknown as {
      rows: Array<Record<string, string>>;
    };
    const text = plan.rows.map((r) => Object.values(r).join(' ')).join('\n');
    expect(text).toContain('ref_universities_name_trgm_idx');
  });
});
