import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refreshTalentSearch, rowsOf } from '../../src/features/talent-search/read-model.ts';
import { useApi } from '../helpers.ts';
import { insertTalents } from './support.ts';

const api = useApi();

async function rowOf(id: string) {
  const res = await api.database.db.execute(sql`SELECT * FROM talent_search WHERE user_id = ${id}`);
  return rowsOf<Record<string, unknown>>(res)[0];
}

describe('talent search read model', () => {
  it('builds a vetted freelancer’s row from the profile tables', async () => {
    const [t] = (await insertTalents(api.database.db, [
      {
        firstName: 'Grace',
        lastName: 'Hopper',
        occupation: 'Compiler Engineer',
        description: 'Wrote the first compiler.',
        skills: ['COBOL', 'Assembly', 'TypeScript', 'React', 'Node.js', 'SQL'],
        languages: ['en', 'de'],
        countryCode: 'US',
        minRate: 80,
        maxRate: 120,
        maxHours: 30,
      },
    ])) as [{ id: string; slug: string }];
    const row = (await rowOf(t.id)) as Record<string, unknown>;
    expect(row).toMatchObject({
      slug: t.slug,
      first_name: 'Grace',
      occupation: 'Compiler Engineer',
      top_skills: ['COBOL', 'Assembly', 'TypeScript', 'React', 'Node.js'],
      country_code: 'US',
      max_hours: 30,
      languages: ['en', 'de'],
      demo: false,
    });
    expect([...(row.skills as string[])].sort()).toEqual(['assembly', 'cobol', 'node.js', 'react', 'sql', 'typescript']);
    // The headline's words (name, occupation, skills) and the document's (with the bio), cut at anything but letters, digits, '#', '+'.
    const headline = ['assembly', 'cobol', 'compiler', 'engineer', 'grace', 'hopper', 'js', 'node', 'react', 'sql', 'typescript'];
    expect([...(row.head_words as string[])].sort()).toEqual(headline);
    expect([...(row.words as string[])].sort()).toEqual([...headline, 'first', 'the', 'wrote'].sort());
    expect(Number(row.min_rate)).toBe(80);
  });

  it('keeps no row for unvetted, closed, hidden or non-freelancer users', async () => {
    const db = api.database.db;
    const ts = (await (insertTalents as (...a: unknown[]) => Promise<unknown>)(db, [
      { vetting: 'in_review' },
      { openToWork: false },
      { visibility: 'hidden' },
      { vetting: 'vetted' },
    ])) as [{ id: string }, { id: string }, { id: string }, { id: string }];
    expect(await rowOf(ts[0].id)).toBeUndefined();
    expect(await rowOf(ts[1].id)).toBeUndefined();
    expect(await rowOf(ts[2].id)).toBeUndefined();
    expect(await rowOf(ts[3].id)).toBeDefined();
    await db.execute(sql`UPDATE users SET user_type = 'client', roles = ARRAY['client'] WHERE id = ${ts[3].id}`);
    await refreshTalentSearch(db, [ts[3].id]);
    expect(await rowOf(ts[3].id)).toBeUndefined();
  });

  it('refreshes a batch of 1000 users in one call', async () => {
    const db = api.database.db;
    const ts = await insertTalents(
      db,
      Array.from({ length: 1000 }, (_, i) => ({ firstName: `Batch${i}` })),
      false,
    );
    await refreshTalentSearch(
      db,
      ts.map((t) => t.id),
    );
    const res = await db.execute(sql`SELECT count(*)::int AS n FROM talent_search WHERE first_name LIKE 'Batch%'`);
    expect(rowsOf<{ n: number }>(res)[0]?.n).toBe(1000);
  });

  it('gives a vetted freelancer without a privacy row a slug', async () => {
    const db = api.database.db;
    const [t] = (await insertTalents(db, [{}], false)) as unknown as [{ id: string }];
    await db.execute(sql`DELETE FROM freelancer_privacy WHERE user_id = ${t.id}`);
    await refreshTalentSearch(db, [t.id]);
    const row = await rowOf(t.id);
    expect(row?.slug).toMatch(/^ada-lovelace-/);
  });
});
