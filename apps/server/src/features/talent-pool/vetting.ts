import type { VettingStatus } from '@talentloop/contract/api/talent-pool';
import { type SQL, and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../infra/db/client.ts';
import { freelancerProfiles, talentEvents } from '../../infra/db/schema.ts';
import { profileChanged } from '../../infra/profile-events.ts';

// Vetting transitions (issue 20). Every transition is ONE conditional write
// (UPDATE freelancer_profiles ... WHERE user_id = $1 AND vetting_status = <the state decided on>
// RETURNING) plus a talent_events row, in the caller's transaction, then the talent search refresh:
// of two operators deciding at once exactly one write matches, the other finds no row (409).
// Apart from service.ts so the profile's write path can call submitForReview without the routes.

/** One conditional transition; the row or null when the profile was not in `from` (or `extra` failed). */
export async function transition(tx: DbOrTx, userId: string, from: VettingStatus, to: VettingStatus, now: Date, extra?: SQL) {
  const [row] = await tx
    .update(freelancerProfiles)
    .set({ vettingStatus: to, vettingStatusAt: now })
    .where(and(eq(freelancerProfiles.userId, userId), eq(freelancerProfiles.vettingStatus, from), extra))
    .returning({ userId: freelancerProfiles.userId });
  return row ?? null;
}

export async function recordEvent(
  tx: DbOrTx,
  e: { freelancerId: string; kind: string; actorId: string | null; reason?: string | null; now: Date },
): Promise<void> {
  await tx
    .insert(talentEvents)
    .values({ freelancerId: e.freelancerId, kind: e.kind, actorId: e.actorId, reason: e.reason ?? null, createdAt: e.now });
}

/**
 * Finishing onboarding: not_submitted -> in_review with a 'submitted' event, inside the caller's
 * transaction (the one that completes the wizard). A later save of Work Preferences finds the
 * profile past not_submitted and changes nothing.
 */
export async function submitForReview(tx: DbOrTx, userId: string, now: Date): Promise<void> {
  if (!(await transition(tx, userId, 'not_submitted', 'in_review', now))) return;
  await recordEvent(tx, { freelancerId: userId, kind: 'submitted', actorId: userId, now });
  await profileChanged(tx, [userId]);
}
