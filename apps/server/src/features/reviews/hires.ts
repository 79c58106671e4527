import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../infra/db/client.ts';
import { hires } from '../../infra/db/schema.ts';

// Hires follow the shortlist (issue 22), written by the shortlist move's own transaction:
// - moving a candidate to Selected makes its hire (the company's name and the role, i.e. the list's
//   name, as they are now); one per candidate (unique candidate_id), so selecting again is a no-op;
// - moving a candidate out of Selected removes its hire while it is unfinished (nothing happened
//   yet that a review could be about); a finished hire stays, with its review: the work was done.
// Removing a candidate or deleting its list leaves the hire as it is (it outlives the list).

export type HireMove = {
  candidateId: string;
  companyId: string;
  companyName: string;
  role: string;
  freelancerId: string;
  from: string;
  to: string;
};

export async function syncHire(tx: Tx, m: HireMove, now: Date): Promise<void> {
  if (m.from === m.to) return;
  if (m.to === 'selected') {
    await tx
      .insert(hires)
      .values({
        candidateId: m.candidateId,
        companyId: m.companyId,
        freelancerId: m.freelancerId,
        companyName: m.companyName,
        role: m.role,
        startedAt: now,
      })
      .onConflictDoNothing({ target: hires.candidateId });
  } else if (m.from === 'selected') {
    // A hire either side already reviewed stays too (issue 32: the freelancer reviews without a finish).
    await tx.delete(hires).where(
      and(
        eq(hires.candidateId, m.candidateId),
        isNull(hires.finishedAt),
        // Qualified by hand: drizzle leaves a one-table statement's columns unqualified.
        sql`not exists (select 1 from "reviews" "r" where "r"."hire_id" = "hires"."id")`,
        // A hire with an engagement (issue 34: offered, declined, active or ended) stays: its terms are history.
        sql`not exists (select 1 from "engagements" "e" where "e"."hire_id" = "hires"."id")`,
      ),
    );
  }
}
