import { TalentSearchQuery } from '@talentloop/contract/api/talent-search';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  countQuery,
  filtersOf,
  holdingQuery,
  normaliseText,
  orderOf,
  pageQuery,
  readTerms,
  servedQuery,
} from '../../src/features/talent-search/queries.ts';
import { rowsOf } from '../../src/features/talent-search/read-model.ts';
import { useApi } from '../helpers.ts';

// The search statements use their indexes (issue 20: no sequential scan over the profiles): the
// planner's real choice on a few thousand rows spread like a pool's (ANALYZEd), for text plus two
// filters in every sort.

const env = useApi();
const ROWS = 20000;

async function plan(statement: ReturnType<typeof sql>): Promise<string> {
  const rows = rowsOf<Record<string, string>>(await env.database.db.execute(sql`EXPLAIN ${statement}`));
  return rows.map((r) => Object.values(r)[0]).join('\n');
}

describe('talent search plans', () => {
  beforeAll(async () => {
    const db = env.database.db;
    // Users, then their search rows, made in two statements (the read model's shape, not its refresh).
    await db.execute(sql`
      INSERT INTO users (id, email, first_name, last_name, user_type)
      SELECT gen_random_uuid(), 'plan-' || n || '@talent.test', 'Name' || n, 'Plan', 'freelancer' FROM generate_series(1, ${ROWS}) n`);
    await db.execute(sql`
      WITH base AS (
        SELECT u.id, row_number() OVER (ORDER BY u.id) AS n FROM users u WHERE u.email LIKE 'plan-%'
      ), shaped AS (
        SELECT id, n,
          ARRAY['skill' || (n % 97), 'skill' || (n % 89), CASE WHEN n % 20 = 0 THEN 'react' ELSE 'vue' END] AS sk,
          ('{DE,FR,IN,US,BR,NG,PL,ES,IT,NL,KE,EG,MX,AR,RO,UA,CA,GB,PK,PH}'::text[])[1 + n % 20] AS country,
          ARRAY[current_date - (n % 900)::int, CASE WHEN n % 3 = 0 THEN current_date + 30 END, NULL]::date[] AS level
        FROM base
      )
      INSERT INTO talent_search (user_id, slug, first_name, last_name, occupation, words, head_words, skills, top_skills,
        country_code, level_days, min_rate, max_rate, max_hours, languages, vetted_at)
      SELECT id, 'plan-' || n, 'Name' || n, 'Plan', 'Developer',
        ARRAY['name' || n, 'plan', 'developer', 'bio', 'word' || (n % 500)] || sk, ARRAY['name' || n, 'plan', 'developer'] || sk,
        sk, sk, country, level, 10 + n % 90, 20 + n % 90, 10 + 10 * (n % 4), ARRAY['en', CASE WHEN n % 7 = 0 THEN 'de' ELSE 'fr' END],
        now() - (n || ' minutes')::interval
      FROM shaped`);
    await db.execute(sql`INSERT INTO talent_search_words SELECT DISTINCT w FROM talent_search, unnest(words) w ON CONFLICT DO NOTHING`);
    await db.execute(sql`ANALYZE talent_search`);
    await db.execute(sql`ANALYZE talent_search_words`);
  });

  const searches: Record<string, unknown>[] = [
    { q: 'reactt', country: 'DE', level: 'intermediate' },
    { q: 'react', country: 'FR', rateMin: 20, rateMax: 40, sort: 'rate_asc' },
    { q: 'react', country: 'IN', language: 'de', sort: 'rate_desc' },
    { q: 'react', skill: ['skill3'], hours: 30 },
  ];
  for (const input of searches) {
    it(`uses indexes, never a sequential scan, for ${JSON.stringify(input)}`, async () => {
      const db = env.database.db;
      const params = TalentSearchQuery.parse(input);
      const terms = await readTerms(db, normaliseText(params.q));
      expect(terms[0]?.alts).toContain('react');
      const f = filtersOf(params, params.skill, terms);
      const text = await plan(pageQuery(f, orderOf(params.sort, f), null, params.limit));
      expect(text).not.toMatch(/Seq Scan on (talent_search|freelancer_profiles)/);
      expect(text).toMatch(/Index/);
      // The statement engine's counts (TALENT_INDEX=sql): a search's count and a word's weight. (Its
      // loosen counts stop at LOOSEN_COUNT_MAX rows: the planner may walk the table until then.)
      for (const other of [countQuery(f, 1), holdingQuery('react')]) {
        const p = await plan(other);
        expect(p).not.toMatch(/Seq Scan on talent_search/);
        expect(p).toMatch(/Index|Bitmap/);
      }
    });
  }

  it('serves a search from the pool with index reads only: the session by key, the change log by its newest seq', async () => {
    const db = env.database.db;
    await db.execute(sql`INSERT INTO talent_search_changes (user_id) SELECT user_id FROM talent_search`);
    await db.execute(sql`ANALYZE talent_search_changes`);
    const text = await plan(servedQuery({ sessionId: crypto.randomUUID(), userId: crypto.randomUUID() }));
    expect(text).not.toMatch(/Seq Scan/);
    expect(text).toMatch(/Index Only Scan Backward using talent_search_changes_pkey/);
    expect(text).toMatch(/Index Scan using sessions_pkey/);
    // A pool catching up reads the changes after its seq by the same key.
    const since = await plan(sql`SELECT DISTINCT user_id FROM talent_search_changes WHERE seq > ${ROWS}`);
    expect(since).not.toMatch(/Seq Scan/);
  });
});
