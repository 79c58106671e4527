import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../infra/db/client.ts';

// Messages in bulk for the bench's conversation row and the messages' plan test (issue 36): one
// conversation of `messages` lines (both sides in turn, a minute apart, the newest `now`), inserted
// by one set-based statement in seq order. With `conversationId` the lines go into that
// conversation; otherwise a conversation of the company and freelancer is made for a made-up
// candidacy (no shortlist: it reads as closed, which a read does not mind). Both sides have read
// all but the last few lines, as in a conversation people use.

export async function seedConversation(
  db: DbOrTx,
  opts: { companyId: string; freelancerId: string; messages: number; now: Date; conversationId?: string },
): Promise<string> {
  const conversationId = opts.conversationId ?? crypto.randomUUID();
  const startedAt = new Date(opts.now.getTime() - opts.messages * 60_000);
  if (!opts.conversationId) {
    await db.execute(sql`
      INSERT INTO conversations (id, candidate_id, company_id, freelancer_id, last_message_at, created_at)
      VALUES (${conversationId}, ${crypto.randomUUID()}, ${opts.companyId}, ${opts.freelancerId}, ${opts.now}, ${startedAt})`);
  }
  await db.execute(sql`
    INSERT INTO messages (conversation_id, side, kind, text, created_at)
    SELECT ${conversationId}::uuid,
      CASE WHEN i % 2 = 0 THEN 'company' ELSE 'freelancer' END,
      'text',
      'Line ' || i || ': ' || repeat('about the design system and the next sprint ', 1 + i % 4),
      ${startedAt}::timestamptz + make_interval(mins => i)
    FROM generate_series(1, ${opts.messages}::int) AS i
    ORDER BY i`);
  await db.execute(sql`
    UPDATE conversations c SET last_message_at = ${opts.now},
      company_read_seq = GREATEST(c.company_read_seq, m.max_seq - 3),
      freelancer_read_seq = GREATEST(c.freelancer_read_seq, m.max_seq - 2)
    FROM (SELECT max(seq) AS max_seq FROM messages WHERE conversation_id = ${conversationId}) m
    WHERE c.id = ${conversationId}`);
  return conversationId;
}
