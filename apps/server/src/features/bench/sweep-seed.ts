import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client.ts';

// Submitted weeks past their automatic-approval deadline, in bulk, for the bench's sweep row
// (issue 34, decision 240): for each freelancer given, a hire and an active hourly engagement (USD
// 50.00 an hour, accepted terms) with the company, billing details where they have none, then
// `weeks` submitted weeks spread over those engagements (one week each per Monday back from
// 2026-01-05), five days of 7.5 hours each, due an hour ago. Set-based SQL in batches.

export async function seedDueWeeks(
  db: Db,
  opts: { companyId: string; freelancerIds: readonly string[]; weeks: number; now: Date; batch?: number },
): Promise<void> {
  const batch = opts.batch ?? 2_000;
  const terms = {
    roleTitle: 'Bench engineering',
    scope: 'Seeded weeks for the automatic-approval bench.',
    kind: 'hourly',
    currency: 'USD',
    rateMinor: 5_000,
    weeklyCapHours: 40,
    milestones: [],
    startDate: '2000-01-03',
    noticeDays: 30,
    timeZone: 'UTC',
  };
  const engagementIds: string[] = [];
  await db.transaction(async (tx) => {
    for (const freelancerId of opts.freelancerIds) {
      await tx.execute(sql`
        INSERT INTO freelancer_billing (user_id, legal_name, address_line1, city, postal_code, country)
        VALUES (${freelancerId}::uuid, 'Bench Freelancer', '1 Bench Street', 'Pune', '411001', 'IN')
        ON CONFLICT (user_id) DO NOTHING`);
      const hire = (await tx.execute(sql`
        INSERT INTO hires (candidate_id, company_id, freelancer_id, company_name, role, started_at)
        VALUES (gen_random_uuid(), ${opts.companyId}::uuid, ${freelancerId}::uuid, 'Bench', 'Bench engineering', ${opts.now})
        RETURNING id`)) as unknown as { rows: Array<{ id: string }> };
      const engagement = (await tx.execute(sql`
        INSERT INTO engagements (hire_id, company_id, freelancer_id, status, kind, currency, terms_version, rate_minor,
          weekly_cap_hours, start_date, time_zone, fee_bps, started_at)
        VALUES (${hire.rows[0]?.id}::uuid, ${opts.companyId}::uuid, ${freelancerId}::uuid, 'active', 'hourly', 'USD', 1, 5000,
          40, '2000-01-03', 'UTC', 1500, ${opts.now})
        RETURNING id`)) as unknown as { rows: Array<{ id: string }> };
      const id = engagement.rows[0]?.id as string;
      engagementIds.push(id);
      await tx.execute(sql`
        INSERT INTO engagement_terms (engagement_id, version, status, terms, fee_bps, proposed_at, decided_at)
        VALUES (${id}::uuid, 1, 'accepted', ${JSON.stringify(terms)}::jsonb, 1500, ${opts.now}, ${opts.now})`);
    }
  });
  const ids = sql.join(
    engagementIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const dueAt = new Date(opts.now.getTime() - 3_600_000);
  for (let done = 0; done < opts.weeks; done += batch) {
    const n = Math.min(batch, opts.weeks - done);
    await db.execute(sql`
      WITH e AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM unnest(ARRAY[${ids}]) AS id),
      w AS (SELECT i, (i % ${engagementIds.length}) AS k, (i / ${engagementIds.length}) AS back
            FROM generate_series(${done}::int, ${done + n - 1}::int) AS i)
      INSERT INTO timesheets (engagement_id, week_start, status, version, lines, rate_minor, submitted_at, auto_approve_at, updated_at)
      SELECT e.id, d.monday, 'submitted', 2,
        (SELECT jsonb_agg(jsonb_build_object('day', to_char(d.monday + x, 'YYYY-MM-DD'), 'quarterHours', 30,
           'description', 'Seeded work on the component library')) FROM generate_series(0, 4) AS x),
        5000, ${dueAt}, ${dueAt}, ${dueAt}
      FROM w JOIN e ON e.k = w.k, LATERAL (SELECT (DATE '2026-01-05' - (w.back * 7)::int) AS monday) AS d`);
  }
}
