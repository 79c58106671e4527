import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client.ts';

// Journal entries in bulk for the bench's balance row and the ledger's plan test (issue 34): each
// entry an hourly week's posting (receivable, payable, fee: three lines summing to zero), inserted by
// set-based SQL in batches, each batch one transaction (the deferred balance check runs at its
// commit, as for any entry).

export async function seedJournal(
  db: Db,
  opts: { companyId: string; freelancerId: string; entries: number; batch?: number },
): Promise<void> {
  const batch = opts.batch ?? 2_000;
  const engagementId = crypto.randomUUID();
  for (let done = 0; done < opts.entries; done += batch) {
    const n = Math.min(batch, opts.entries - done);
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        CREATE TEMP TABLE IF NOT EXISTS bench_seed_entries (id uuid, gross bigint) ON COMMIT DROP`);
      await tx.execute(sql`
        INSERT INTO bench_seed_entries (id, gross)
        SELECT gen_random_uuid(), 10000 + (i * 37) % 90000 FROM generate_series(1, ${n}::int) AS i`);
      await tx.execute(sql`
        INSERT INTO journal_entries (id, kind, memo, engagement_id)
        SELECT id, 'invoice_work', 'seeded', ${engagementId}::uuid FROM bench_seed_entries`);
      await tx.execute(sql`
        INSERT INTO journal_lines (entry_id, account, currency, amount_minor, company_id, freelancer_id, engagement_id)
        SELECT id, l.account, 'INR', l.amount, ${opts.companyId}::uuid, ${opts.freelancerId}::uuid, ${engagementId}::uuid
        FROM bench_seed_entries,
        LATERAL (VALUES
          ('company_receivable', gross),
          ('freelancer_earned_held', -(gross - (gross * 15 + 50) / 100)),
          ('platform_fee_revenue', -((gross * 15 + 50) / 100))
        ) AS l(account, amount)`);
    });
  }
}
