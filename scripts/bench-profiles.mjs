// The benches' public talent pages (issue 37): the slugs of the public demo profiles the bench seeded
// (`npm run seed:demo`, rows marked users.demo) in its own database. Demo profiles are kept out of
// the sitemap (they are made-up people), so the benches read their slugs from the database, with the
// server stopped (the embedded database has one owner): PGlite's data directory, or PostgreSQL.
import path from 'node:path';
import pg from 'pg';

const QUERY = `SELECT p.slug FROM freelancer_privacy p JOIN users u ON u.id = p.user_id
  JOIN freelancer_profiles f ON f.user_id = p.user_id
  WHERE p.visibility = 'public' AND u.demo AND u.suspended_at IS NULL ORDER BY p.slug`;

/** `env`: the database's environment as the server gets it (DATABASE_URL, or DATA_DIR for PGlite). */
export async function publicDemoSlugs(env) {
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      return (await client.query(QUERY)).rows.map((r) => r.slug);
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create(path.join(env.DATA_DIR, 'pglite'), { extensions: { pg_trgm } });
  try {
    return (await db.query(QUERY)).rows.map((r) => r.slug);
  } finally {
    await db.close();
  }
}
