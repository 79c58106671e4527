import type { DbOrTx } from '../../infra/db/client.ts';
import { profileChanged } from '../../infra/profile-events.ts';
import { recordEvent, transition } from './queries.ts';

// Vetting transitions (issue 20). Every transition is ONE conditional write
// (UPDATE freelancer_profiles ... WHERE user_id = $1 AND vetting_status = <the state decided on>
// RETURNING) plus a talent_events row, in the caller's transaction, then the talent search refresh:
// of two operators deciding at once exactly one write matches, the other finds no row (409).
// Apart from service.ts so the profile's write path can call submitForReview without the routes.

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
