import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { freelancerCertifications } from '../../src/infra/db/schema.ts';
import { type TestApp, findUser, request } from '../helpers.ts';
import { bearer, education, freelancerWithBasics, work } from '../onboarding/support.ts';
import { item, pdf, putPortfolio } from './portfolio-support.ts';

export const preference = { minHoursPerWeek: 30, maxHoursPerWeek: 48, projectDurationPreference: '6+ months' };

/** A freelancer with every section saved: basics, education, work, preferences, a certification, portfolio, privacy, two sessions. */
export async function fullFreelancer(app: TestApp) {
  const user = await freelancerWithBasics(app);
  const auth = bearer(user.accessToken);
  const id = (await findUser(app.db, user.email))?.id ?? '';
  expect((await app.post('/api/freelancer/education-work', { educationDetails: education, workExperience: work }, auth)).status).toBe(200);
  expect((await app.post('/api/freelancer/work-preference', preference, auth)).status).toBe(200);
  await app.db.insert(freelancerCertifications).values({
    userId: id,
    certificationName: 'AWS Certified Developer',
    issuingOrganization: 'Amazon Web Services',
    dateIssued: '2023-05-01',
    certificationUrl: 'https://example.com/cert',
  });
  const portfolio = await putPortfolio(app, user.accessToken, {
    profileData: { version: 0, portfolioDetails: [item({ fileIndex: 1 })] },
    files: [{ data: pdf(), name: 'case.pdf', type: 'application/pdf' }],
  });
  expect(portfolio.status).toBe(200);
  const privacy = await request(app.baseUrl, 'PUT', '/api/freelancer-settings/privacy', {
    json: { openToWork: false, visibility: 'public' },
    ...auth,
  });
  expect(privacy.status).toBe(200);
  const second = await app.signIn(user.email);
  return { ...user, id, slug: privacy.body.slug as string, second };
}

type Row = { table_name: string; column_name: string; data_type: string };

/**
 * Rows in any table of the schema (except page views, which are not personal) that still hold the
 * user's id or email in any text, uuid, array or JSON column: found from the catalogue, so a
 * table added later is counted too.
 */
export async function rowsLeftFor(app: TestApp, userId: string, email: string): Promise<Record<string, number>> {
  const result = await app.db.execute(
    sql`SELECT table_name, column_name, data_type FROM information_schema.columns
        WHERE table_schema = 'public' AND data_type IN ('uuid', 'text', 'character varying', 'ARRAY', 'json', 'jsonb')
        ORDER BY table_name, column_name`,
  );
  const columns = (result as unknown as { rows: Row[] }).rows;
  const left: Record<string, number> = {};
  for (const c of columns) {
    if (c.table_name === 'page_views' || c.table_name.startsWith('__drizzle')) continue;
    const col = sql.identifier(c.column_name);
    const table = sql.identifier(c.table_name);
    const counted = await app.db.execute(
      sql`SELECT count(*)::int AS n FROM ${table} WHERE strpos(lower(${col}::text), ${userId}) > 0 OR strpos(lower(${col}::text), ${email.toLowerCase()}) > 0`,
    );
    const n = Number((counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    if (n > 0) left[`${c.table_name}.${c.column_name}`] = n;
  }
  return left;
}
