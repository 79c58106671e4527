import type { SystemEvent } from '@talentloop/contract/api/messages';
import type { DbOrTx } from '../../infra/db/client.ts';
import { conversationIdOfCandidate, conversationIdOfPair, insertEvent, insertMessage, lockEvents } from './queries.ts';

// System lines (issue 36): interviews, the candidate's outcome and the engagement's events appear in
// the conversation as dated lines (the web words them from `systemEvent`). The feature that made
// the event calls this inside its own transaction; nothing happens when no conversation was opened.
// Streams learn of the line within a second (hub.ts polls the newest event id).

export async function addSystemLine(
  tx: DbOrTx,
  where: { candidateId?: string | null; companyId: string; freelancerId: string },
  event: SystemEvent,
  now: Date,
): Promise<void> {
  const conversationId =
    (where.candidateId ? await conversationIdOfCandidate(tx, where.candidateId) : null) ??
    (await conversationIdOfPair(tx, where.companyId, where.freelancerId));
  if (!conversationId) return;
  await lockEvents(tx);
  const row = await insertMessage(tx, { conversationId, side: null, kind: 'system', systemEvent: event, text: '', createdAt: now });
  await insertEvent(tx, { conversationId, kind: 'message', messageId: row.id, now });
}
