import type { MessageSide } from '@talentloop/contract/api/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../infra/db/client.ts';
import { rowsOf } from '../../infra/db/rows.ts';
import { conversations, messageEvents, messageReports, messages } from '../../infra/db/schema.ts';

// The SQL of messages (issue 36). Every read of a conversation names the caller: the freelancer of
// the conversation, or the owner of its company; anyone else's conversation is simply not found.

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

/** Writers of message events take this lock (per transaction) first: event ids then commit in order. */
const EVENT_LOCK = 36_036;

/** What a conversation view needs, read in one statement. */
export type ConversationState = {
  id: string;
  candidate_id: string;
  company_id: string;
  freelancer_id: string;
  side: MessageSide;
  company_name: string;
  owner_user_id: string;
  first_name: string;
  last_name: string;
  occupation: string | null;
  slug: string | null;
  stage: string | null;
  reason: string | null;
  role: string | null;
  live_engagement: boolean | null;
  engaged: boolean | null;
  last_ended_at: string | Date | null;
  unread: number | string;
  last_text: string | null;
  last_kind: string | null;
  last_side: string | null;
  last_at: string | Date | null;
  last_removed: boolean | null;
  seen_up_to: string | null;
  created_at: string | Date;
  last_message_at: string | Date;
};

/**
 * The conversations of `userId` (as the freelancer or as the company's owner), newest activity first;
 * one when `conversationId` is given. The unread count and 'Seen' bound `seq` by the read mark, so
 * they read only the index range past (or before) it, not the whole conversation.
 */
export async function readConversationStates(
  db: DbOrTx,
  userId: string,
  filter: { conversationId?: string; candidateId?: string } = {},
): Promise<ConversationState[]> {
  return rowsOf<ConversationState>(await db.execute(conversationStatesStatement(userId, filter)));
}

/** readConversationStates' statement (the plan test EXPLAINs it). */
export function conversationStatesStatement(userId: string, filter: { conversationId?: string; candidateId?: string } = {}) {
  const where = filter.conversationId
    ? sql`AND c.id = ${filter.conversationId}`
    : filter.candidateId
      ? sql`AND c.candidate_id = ${filter.candidateId}`
      : sql``;
  return sql`
    SELECT c.id, c.candidate_id, c.company_id, c.freelancer_id, c.created_at, c.last_message_at,
      CASE WHEN co.owner_user_id = ${userId} THEN 'company' ELSE 'freelancer' END AS side,
      co.name AS company_name, co.owner_user_id, u.first_name, u.last_name, fp.occupation, pv.slug,
      sc.stage, sc.reason, sl.name AS role,
      eng.live_engagement, eng.engaged, eng.last_ended_at,
      (SELECT count(*) FROM messages m
        WHERE m.conversation_id = c.id AND m.deleted_at IS NULL AND m.hidden_at IS NULL
          AND m.seq > CASE WHEN co.owner_user_id = ${userId} THEN c.company_read_seq ELSE c.freelancer_read_seq END
          AND m.side = CASE WHEN co.owner_user_id = ${userId} THEN 'freelancer' ELSE 'company' END) AS unread,
      lm.text AS last_text, lm.kind AS last_kind, lm.side AS last_side, lm.created_at AS last_at, lm.removed AS last_removed,
      (SELECT m.id FROM messages m
        WHERE m.conversation_id = c.id
          AND m.seq <= CASE WHEN co.owner_user_id = ${userId} THEN c.freelancer_read_seq ELSE c.company_read_seq END
          AND m.side = CASE WHEN co.owner_user_id = ${userId} THEN 'company' ELSE 'freelancer' END
        ORDER BY m.seq DESC LIMIT 1) AS seen_up_to
    FROM conversations c
    JOIN companies co ON co.id = c.company_id
    JOIN users u ON u.id = c.freelancer_id
    LEFT JOIN freelancer_profiles fp ON fp.user_id = c.freelancer_id
    LEFT JOIN freelancer_privacy pv ON pv.user_id = c.freelancer_id
    LEFT JOIN shortlist_candidates sc ON sc.id = c.candidate_id
    LEFT JOIN shortlists sl ON sl.id = sc.shortlist_id
    LEFT JOIN LATERAL (
      SELECT bool_or(e.status IN ('offered', 'active')) AS live_engagement,
             bool_or(e.status IN ('active', 'ended')) AS engaged,
             max(e.ended_at) AS last_ended_at
      FROM engagements e JOIN hires h ON h.id = e.hire_id WHERE h.candidate_id = c.candidate_id
    ) eng ON true
    LEFT JOIN LATERAL (
      SELECT m.text, m.kind, m.side, m.created_at, (m.deleted_at IS NOT NULL OR m.hidden_at IS NOT NULL) AS removed
      FROM messages m WHERE m.conversation_id = c.id ORDER BY m.seq DESC LIMIT 1
    ) lm ON true
    WHERE (c.freelancer_id = ${userId} OR co.owner_user_id = ${userId}) ${where}
    ORDER BY c.last_message_at DESC, c.id
    LIMIT 500`;
}

/** The company a user owns, with its verification. */
export async function companyOfOwner(db: DbOrTx, userId: string): Promise<{ id: string; name: string; verified: boolean } | null> {
  const rows = rowsOf<{ id: string; name: string; verified: boolean }>(
    await db.execute(
      sql`SELECT id, name, verification_status = 'verified' AS verified FROM companies WHERE owner_user_id = ${userId} LIMIT 1`,
    ),
  );
  return rows[0] ?? null;
}

/** One of the company's shortlist candidates (on any of its lists), or null. */
export async function companyCandidate(
  db: DbOrTx,
  companyId: string,
  candidateId: string,
): Promise<{ id: string; freelancerId: string; stage: string } | null> {
  const rows = rowsOf<{ id: string; freelancer_id: string; stage: string }>(
    await db.execute(sql`
      SELECT sc.id, sc.freelancer_id, sc.stage FROM shortlist_candidates sc JOIN shortlists sl ON sl.id = sc.shortlist_id
      JOIN users u ON u.id = sc.freelancer_id
      WHERE sc.id = ${candidateId} AND sl.company_id = ${companyId} AND u.suspended_at IS NULL`),
  );
  const row = rows[0];
  return row ? { id: row.id, freelancerId: row.freelancer_id, stage: row.stage } : null;
}

export async function findConversationOfCandidate(db: DbOrTx, candidateId: string): Promise<ConversationRow | null> {
  const [row] = await db.select().from(conversations).where(eq(conversations.candidateId, candidateId));
  return row ?? null;
}

/** The conversation, if `userId` is one of its sides, with that side; locks it when `lock`. */
export async function conversationOf(
  db: DbOrTx,
  userId: string,
  conversationId: string,
  lock = false,
): Promise<(ConversationRow & { side: MessageSide }) | null> {
  const rows = rowsOf<{ id: string; side: MessageSide }>(
    await db.execute(sql`
      SELECT c.id, CASE WHEN co.owner_user_id = ${userId} THEN 'company' ELSE 'freelancer' END AS side
      FROM conversations c JOIN companies co ON co.id = c.company_id
      WHERE c.id = ${conversationId} AND (c.freelancer_id = ${userId} OR co.owner_user_id = ${userId})
      ${lock ? sql`FOR UPDATE OF c` : sql``}`),
  );
  const found = rows[0];
  if (!found) return null;
  const [row] = await db.select().from(conversations).where(eq(conversations.id, found.id));
  return row ? { ...row, side: found.side } : null;
}

/** Inserts the conversation unless the candidate has one; null when it already existed. */
export async function insertConversation(
  tx: DbOrTx,
  values: { candidateId: string; companyId: string; freelancerId: string; now: Date },
): Promise<ConversationRow | null> {
  const [row] = await tx
    .insert(conversations)
    .values({
      candidateId: values.candidateId,
      companyId: values.companyId,
      freelancerId: values.freelancerId,
      lastMessageAt: values.now,
      createdAt: values.now,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** Takes the events' lock for this transaction: call before inserting messages or events. */
export async function lockEvents(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${EVENT_LOCK})`);
}

export async function insertMessage(tx: DbOrTx, values: typeof messages.$inferInsert): Promise<MessageRow> {
  const [row] = await tx.insert(messages).values(values).returning();
  if (!row) throw new Error('message not inserted');
  await tx.update(conversations).set({ lastMessageAt: values.createdAt }).where(eq(conversations.id, values.conversationId));
  return row;
}

export async function insertEvent(
  tx: DbOrTx,
  values: {
    conversationId: string;
    kind: 'message' | 'message_changed' | 'read' | 'conversation';
    messageId?: string | null;
    side?: MessageSide | null;
    now: Date;
  },
): Promise<number> {
  const [row] = await tx
    .insert(messageEvents)
    .values({
      conversationId: values.conversationId,
      kind: values.kind,
      messageId: values.messageId ?? null,
      side: values.side ?? null,
      createdAt: values.now,
    })
    .returning({ id: messageEvents.id });
  return row?.id ?? 0;
}

/** Tells every instance (PostgreSQL: delivered at commit; PGlite: a no-op, the hub is in process). */
export async function notifyEvent(tx: DbOrTx, channel: string, payload: string): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${channel}, ${payload})`);
}

export async function findMessage(db: DbOrTx, conversationId: string, messageId: string, lock = false): Promise<MessageRow | null> {
  const rows = lock
    ? await db
        .select()
        .from(messages)
        .where(and(eq(messages.conversationId, conversationId), eq(messages.id, messageId)))
        .for('update')
    : await db
        .select()
        .from(messages)
        .where(and(eq(messages.conversationId, conversationId), eq(messages.id, messageId)));
  return rows[0] ?? null;
}

export async function updateMessage(tx: DbOrTx, id: string, set: Partial<typeof messages.$inferInsert>): Promise<MessageRow | null> {
  const [row] = await tx.update(messages).set(set).where(eq(messages.id, id)).returning();
  return row ?? null;
}

export type MessageWithMeta = MessageRow & { fileMime: string | null; fileSize: number | null; reportedSides: string[] };

const MESSAGE_COLUMNS = sql`m.id, m.seq, m.conversation_id, m.side, m.author_id, m.kind, m.text, m.file_id, m.system_event,
  m.contact_details, m.created_at, m.edited_at, m.deleted_at, m.hidden_at, f.mime AS file_mime, f.size AS file_size,
  COALESCE((SELECT array_agg(r.side) FROM message_reports r WHERE r.message_id = m.id), '{}') AS reported_sides`;

type RawMessage = {
  id: string;
  seq: string | number;
  conversation_id: string;
  side: string | null;
  author_id: string | null;
  kind: string;
  text: string;
  file_id: string | null;
  system_event: string | null;
  contact_details: boolean;
  created_at: string | Date;
  edited_at: string | Date | null;
  deleted_at: string | Date | null;
  hidden_at: string | Date | null;
  file_mime: string | null;
  file_size: number | null;
  reported_sides: string[] | string;
};

const date = (v: string | Date | null): Date | null => (v === null ? null : v instanceof Date ? v : new Date(v));

function fromRaw(r: RawMessage): MessageWithMeta {
  const sides = Array.isArray(r.reported_sides) ? r.reported_sides : r.reported_sides.replace(/[{}]/g, '').split(',').filter(Boolean);
  return {
    id: r.id,
    seq: Number(r.seq),
    conversationId: r.conversation_id,
    side: r.side,
    authorId: r.author_id,
    kind: r.kind,
    text: r.text,
    fileId: r.file_id,
    systemEvent: r.system_event,
    contactDetails: r.contact_details,
    createdAt: date(r.created_at) as Date,
    editedAt: date(r.edited_at),
    deletedAt: date(r.deleted_at),
    hiddenAt: date(r.hidden_at),
    fileMime: r.file_mime,
    fileSize: r.file_size === null ? null : Number(r.file_size),
    reportedSides: sides,
  };
}

/** A page of a conversation's messages, newest first (`beforeSeq`: older than it), at most `limit`. */
export async function readMessagePage(
  db: DbOrTx,
  conversationId: string,
  beforeSeq: number | null,
  limit: number,
): Promise<MessageWithMeta[]> {
  return rowsOf<RawMessage>(await db.execute(messagePageStatement(conversationId, beforeSeq, limit))).map(fromRaw);
}

/**
 * One page of a conversation, newest first: a keyset page on (conversation_id, seq), read backward
 * through messages_conversation_seq_key, so its cost does not grow with the conversation (the plan
 * test holds it).
 */
export function messagePageStatement(conversationId: string, beforeSeq: number | null, limit: number) {
  const before = beforeSeq === null ? sql`` : sql`AND m.seq < ${beforeSeq}`;
  return sql`
    SELECT ${MESSAGE_COLUMNS} FROM messages m LEFT JOIN files f ON f.id = m.file_id
    WHERE m.conversation_id = ${conversationId} ${before}
    ORDER BY m.seq DESC LIMIT ${limit}`;
}

export async function readMessagesByIds(db: DbOrTx, ids: readonly string[]): Promise<MessageWithMeta[]> {
  if (ids.length === 0) return [];
  const result = await db.execute(sql`
    SELECT ${MESSAGE_COLUMNS} FROM messages m LEFT JOIN files f ON f.id = m.file_id
    WHERE m.id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  return rowsOf<RawMessage>(result).map(fromRaw);
}

/** The conversation's messages around its reported ones (an operator's view), oldest first. */
export async function readWholeConversation(db: DbOrTx, conversationId: string, limit: number): Promise<MessageWithMeta[]> {
  const result = await db.execute(sql`
    SELECT ${MESSAGE_COLUMNS} FROM messages m LEFT JOIN files f ON f.id = m.file_id
    WHERE m.conversation_id = ${conversationId} ORDER BY m.seq DESC LIMIT ${limit}`);
  return rowsOf<RawMessage>(result).map(fromRaw).reverse();
}

/** Moves a side's read mark forward (never back) and ends its quiet period; true when it moved. */
export async function markRead(tx: DbOrTx, conversationId: string, side: MessageSide, seq: number): Promise<boolean> {
  const result =
    side === 'company'
      ? await tx.execute(
          sql`UPDATE conversations SET company_read_seq = ${seq}, company_mailed_at = NULL WHERE id = ${conversationId} AND company_read_seq < ${seq} RETURNING id`,
        )
      : await tx.execute(
          sql`UPDATE conversations SET freelancer_read_seq = ${seq}, freelancer_mailed_at = NULL WHERE id = ${conversationId} AND freelancer_read_seq < ${seq} RETURNING id`,
        );
  return rowsOf(result).length > 0;
}

/** The newest message of the conversation (for reads: its seq). */
export async function newestSeq(db: DbOrTx, conversationId: string): Promise<number> {
  const rows = rowsOf<{ seq: string | null }>(
    await db.execute(sql`SELECT max(seq) AS seq FROM messages WHERE conversation_id = ${conversationId}`),
  );
  return Number(rows[0]?.seq ?? 0);
}

/** Unread messages of the user, per conversation (only those with any). */
export async function unreadCounts(db: DbOrTx, userId: string): Promise<{ id: string; unread: number }[]> {
  const result = await db.execute(sql`
    SELECT c.id, count(m.id) AS unread
    FROM conversations c JOIN companies co ON co.id = c.company_id
    JOIN messages m ON m.conversation_id = c.id AND m.side IS NOT NULL AND m.deleted_at IS NULL AND m.hidden_at IS NULL
      AND CASE WHEN co.owner_user_id = ${userId}
        THEN m.side = 'freelancer' AND m.seq > c.company_read_seq
        ELSE m.side = 'company' AND m.seq > c.freelancer_read_seq END
    WHERE (c.freelancer_id = ${userId} OR co.owner_user_id = ${userId})
    GROUP BY c.id`);
  return rowsOf<{ id: string; unread: string | number }>(result).map((r) => ({ id: r.id, unread: Number(r.unread) }));
}

export type StreamEventRow = { id: number; kind: string; conversationId: string; messageId: string | null; side: string | null };

/** The user's events after `after`, oldest first, at most `limit`. */
export async function eventsAfter(db: DbOrTx, userId: string, after: number, limit: number): Promise<StreamEventRow[]> {
  const result = await db.execute(sql`
    SELECT e.id, e.kind, e.conversation_id, e.message_id, e.side
    FROM message_events e JOIN conversations c ON c.id = e.conversation_id JOIN companies co ON co.id = c.company_id
    WHERE e.id > ${after} AND (c.freelancer_id = ${userId} OR co.owner_user_id = ${userId})
    ORDER BY e.id LIMIT ${limit}`);
  return rowsOf<{ id: string | number; kind: string; conversation_id: string; message_id: string | null; side: string | null }>(result).map(
    (r) => ({ id: Number(r.id), kind: r.kind, conversationId: r.conversation_id, messageId: r.message_id, side: r.side }),
  );
}

/** A stream's read: whether its session is still live, and if so its account's events after `after` with their messages. */
export type StreamBatch = { live: boolean; events: Array<StreamEventRow & { message: MessageWithMeta | null }> };

/**
 * A stream's read in one statement (decision 261): the session check (live, not revoked, its user
 * not suspended), then, only when it holds, the account's events after `after` in id order, each
 * with its message as it is now (new and changed messages). One round trip per wake instead of three.
 */
export async function readStreamBatch(db: DbOrTx, sessionId: string, userId: string, after: number, limit: number): Promise<StreamBatch> {
  const result = await db.execute(sql`
    SELECT l.live, ev.event_id, ev.event_kind, ev.event_conversation_id, ev.event_message_id, ev.event_side, msg.*
    FROM (SELECT EXISTS (
      SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = ${sessionId} AND s.user_id = ${userId} AND s.revoked_at IS NULL AND u.suspended_at IS NULL) AS live) l
    LEFT JOIN LATERAL (
      SELECT e.id AS event_id, e.kind AS event_kind, e.conversation_id AS event_conversation_id,
        e.message_id AS event_message_id, e.side AS event_side
      FROM message_events e JOIN conversations c ON c.id = e.conversation_id JOIN companies co ON co.id = c.company_id
      WHERE l.live AND e.id > ${after} AND (c.freelancer_id = ${userId} OR co.owner_user_id = ${userId})
      ORDER BY e.id LIMIT ${limit}
    ) ev ON true
    LEFT JOIN LATERAL (
      SELECT ${MESSAGE_COLUMNS} FROM messages m LEFT JOIN files f ON f.id = m.file_id
      WHERE m.id = ev.event_message_id AND ev.event_kind IN ('message', 'message_changed')
    ) msg ON true
    ORDER BY ev.event_id`);
  type Raw = RawMessage & {
    live: boolean;
    event_id: string | number | null;
    event_kind: string;
    event_conversation_id: string;
    event_message_id: string | null;
    event_side: string | null;
  };
  const rows = rowsOf<Raw>(result);
  const live = rows[0]?.live === true;
  return {
    live,
    events: rows
      .filter((r) => r.event_id !== null)
      .map((r) => ({
        id: Number(r.event_id),
        kind: r.event_kind,
        conversationId: r.event_conversation_id,
        messageId: r.event_message_id,
        side: r.event_side,
        message: r.id ? fromRaw(r) : null,
      })),
  };
}

export async function lastEventId(db: DbOrTx): Promise<number> {
  const rows = rowsOf<{ id: string | null }>(await db.execute(sql`SELECT max(id) AS id FROM message_events`));
  return Number(rows[0]?.id ?? 0);
}

/** The user ids of a conversation's two sides (the freelancer, the company's owner). */
export async function participantsOf(db: DbOrTx, conversationId: string): Promise<string[]> {
  const rows = rowsOf<{ freelancer_id: string; owner_user_id: string }>(
    await db.execute(
      sql`SELECT c.freelancer_id, co.owner_user_id FROM conversations c JOIN companies co ON co.id = c.company_id WHERE c.id = ${conversationId}`,
    ),
  );
  const row = rows[0];
  return row ? [row.freelancer_id, row.owner_user_id] : [];
}

/** Of these sessions, the ones still live with their user not suspended (the streams' periodic check, one query). */
export async function liveSessions(db: DbOrTx, sessionIds: readonly string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      SELECT s.id FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id IN (${sql.join(
        sessionIds.map((id) => sql`${id}`),
        sql`, `,
      )}) AND s.revoked_at IS NULL AND u.suspended_at IS NULL`),
  );
  return new Set(rows.map((r) => r.id));
}

export async function isSuspended(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = rowsOf(await db.execute(sql`SELECT 1 FROM users WHERE id = ${userId} AND suspended_at IS NOT NULL`));
  return rows.length > 0;
}

export async function insertReport(
  tx: DbOrTx,
  values: { messageId: string; conversationId: string; side: MessageSide; reporterId: string; reason: string; now: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(messageReports)
    .values({
      messageId: values.messageId,
      conversationId: values.conversationId,
      side: values.side,
      reporterId: values.reporterId,
      reason: values.reason,
      createdAt: values.now,
    })
    .onConflictDoNothing()
    .returning({ id: messageReports.id });
  return rows.length > 0;
}

export type ReportRow = {
  message_id: string;
  conversation_id: string;
  company_name: string;
  first_name: string;
  last_name: string;
  side: MessageSide;
  text: string;
  hidden: boolean;
  reports: { side: MessageSide; reason: string; at: string }[] | string;
  first_reported_at: string | Date;
};

export async function readReports(db: DbOrTx): Promise<ReportRow[]> {
  const result = await db.execute(sql`
    SELECT m.id AS message_id, m.conversation_id, co.name AS company_name, u.first_name, u.last_name, m.side, m.text,
      m.hidden_at IS NOT NULL AS hidden,
      json_agg(json_build_object('side', r.side, 'reason', r.reason, 'at', r.created_at) ORDER BY r.created_at) AS reports,
      min(r.created_at) AS first_reported_at
    FROM message_reports r JOIN messages m ON m.id = r.message_id JOIN conversations c ON c.id = m.conversation_id
    JOIN companies co ON co.id = c.company_id JOIN users u ON u.id = c.freelancer_id
    GROUP BY m.id, co.name, u.first_name, u.last_name
    ORDER BY (m.hidden_at IS NOT NULL), min(r.created_at)
    LIMIT 500`);
  return rowsOf<ReportRow>(result);
}

/** A reported conversation's parties, or null when it has no report. */
export async function reportedConversation(
  db: DbOrTx,
  conversationId: string,
): Promise<{ companyName: string; freelancerName: string } | null> {
  const rows = rowsOf<{ company_name: string; first_name: string; last_name: string }>(
    await db.execute(sql`
      SELECT co.name AS company_name, u.first_name, u.last_name FROM conversations c
      JOIN companies co ON co.id = c.company_id JOIN users u ON u.id = c.freelancer_id
      WHERE c.id = ${conversationId} AND EXISTS (SELECT 1 FROM message_reports r WHERE r.conversation_id = c.id)`),
  );
  const row = rows[0];
  return row ? { companyName: row.company_name, freelancerName: `${row.first_name} ${row.last_name}`.trim() } : null;
}

export async function contactDetailCounts(db: DbOrTx, now: Date): Promise<{ last7: number; last30: number; total: number }> {
  const d7 = new Date(now.getTime() - 7 * 86_400_000);
  const d30 = new Date(now.getTime() - 30 * 86_400_000);
  const rows = rowsOf<{ last7: string; last30: string; total: string }>(
    await db.execute(sql`
      SELECT count(*) FILTER (WHERE created_at >= ${d7.toISOString()}) AS last7,
             count(*) FILTER (WHERE created_at >= ${d30.toISOString()}) AS last30, count(*) AS total
      FROM messages WHERE contact_details`),
  );
  return { last7: Number(rows[0]?.last7 ?? 0), last30: Number(rows[0]?.last30 ?? 0), total: Number(rows[0]?.total ?? 0) };
}

// ---- missed-message mail ----

export type MissedCandidate = {
  conversation_id: string;
  side: MessageSide;
  oldest_unread_at: string | Date;
  mailed_at: string | Date | null;
  newest_text: string;
  newest_kind: string;
  sender_id: string | null;
};

/**
 * Sides with unread messages (from the other side, not deleted or hidden) older than `cutoff` and
 * not mailed since they last read: the quiet-period rule (rules in the service) decides on these.
 */
export async function missedCandidates(db: DbOrTx, cutoff: Date, limit: number): Promise<MissedCandidate[]> {
  const result = await db.execute(sql`
    SELECT x.* FROM (
      SELECT c.id AS conversation_id, s.side, c.company_mailed_at, c.freelancer_mailed_at,
        CASE WHEN s.side = 'company' THEN c.company_mailed_at ELSE c.freelancer_mailed_at END AS mailed_at,
        (SELECT min(m.created_at) FROM messages m WHERE m.conversation_id = c.id AND m.side IS NOT NULL AND m.side <> s.side
           AND m.deleted_at IS NULL AND m.hidden_at IS NULL
           AND m.seq > CASE WHEN s.side = 'company' THEN c.company_read_seq ELSE c.freelancer_read_seq END) AS oldest_unread_at,
        nm.text AS newest_text, nm.kind AS newest_kind, nm.author_id AS sender_id
      FROM conversations c
      CROSS JOIN (VALUES ('company'), ('freelancer')) AS s(side)
      LEFT JOIN LATERAL (
        SELECT m.text, m.kind, m.author_id FROM messages m WHERE m.conversation_id = c.id AND m.side IS NOT NULL AND m.side <> s.side
          AND m.deleted_at IS NULL AND m.hidden_at IS NULL ORDER BY m.seq DESC LIMIT 1
      ) nm ON true
      WHERE c.last_message_at >= ${cutoff.toISOString()}::timestamptz - interval '30 days'
    ) x
    WHERE x.oldest_unread_at IS NOT NULL AND x.oldest_unread_at <= ${cutoff.toISOString()} AND x.mailed_at IS NULL
    LIMIT ${limit}`);
  return rowsOf<MissedCandidate>(result);
}

/** Claims the side's quiet period (one mail until it reads); false when another instance did. */
export async function claimMissedMail(tx: DbOrTx, conversationId: string, side: MessageSide, now: Date): Promise<boolean> {
  const result =
    side === 'company'
      ? await tx.execute(
          sql`UPDATE conversations SET company_mailed_at = ${now.toISOString()} WHERE id = ${conversationId} AND company_mailed_at IS NULL RETURNING id`,
        )
      : await tx.execute(
          sql`UPDATE conversations SET freelancer_mailed_at = ${now.toISOString()} WHERE id = ${conversationId} AND freelancer_mailed_at IS NULL RETURNING id`,
        );
  return rowsOf(result).length > 0;
}

/** Whom to mail on a side: the company's owner or the freelancer, with their choices and standing. */
export async function recipientOf(
  db: DbOrTx,
  conversationId: string,
  side: MessageSide,
): Promise<{
  email: string;
  firstName: string;
  verified: boolean;
  demo: boolean;
  suspended: boolean;
  prefs: Record<string, boolean> | null;
  counterpart: string;
} | null> {
  const rows = rowsOf<{
    email: string;
    first_name: string;
    verified: boolean;
    demo: boolean;
    suspended: boolean;
    prefs: Record<string, boolean> | null;
    counterpart: string;
  }>(
    await db.execute(
      side === 'company'
        ? sql`SELECT u.email, u.first_name, u.email_verified_at IS NOT NULL AS verified, u.demo, u.suspended_at IS NOT NULL AS suspended,
              cs.mail_preferences AS prefs, trim(f.first_name || ' ' || f.last_name) AS counterpart
            FROM conversations c JOIN companies co ON co.id = c.company_id JOIN users u ON u.id = co.owner_user_id
            JOIN users f ON f.id = c.freelancer_id LEFT JOIN company_settings cs ON cs.company_id = co.id WHERE c.id = ${conversationId}`
        : sql`SELECT u.email, u.first_name, u.email_verified_at IS NOT NULL AS verified, u.demo, u.suspended_at IS NOT NULL AS suspended,
              fs.mail_preferences AS prefs, co.name AS counterpart
            FROM conversations c JOIN companies co ON co.id = c.company_id JOIN users u ON u.id = c.freelancer_id
            LEFT JOIN freelancer_settings fs ON fs.user_id = u.id WHERE c.id = ${conversationId}`,
    ),
  );
  const r = rows[0];
  return r
    ? {
        email: r.email,
        firstName: r.first_name,
        verified: r.verified,
        demo: r.demo,
        suspended: r.suspended,
        prefs: r.prefs,
        counterpart: r.counterpart,
      }
    : null;
}

/** The conversation of a candidate (system lines hook), if one was opened. */
export async function conversationIdOfCandidate(db: DbOrTx, candidateId: string): Promise<string | null> {
  const rows = rowsOf<{ id: string }>(await db.execute(sql`SELECT id FROM conversations WHERE candidate_id = ${candidateId}`));
  return rows[0]?.id ?? null;
}

/** The conversation of a company and a freelancer (system lines from features that know the pair, not the candidate): the newest. */
export async function conversationIdOfPair(db: DbOrTx, companyId: string, freelancerId: string): Promise<string | null> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(
      sql`SELECT id FROM conversations WHERE company_id = ${companyId} AND freelancer_id = ${freelancerId} ORDER BY created_at DESC LIMIT 1`,
    ),
  );
  return rows[0]?.id ?? null;
}

/** Whether a message of the conversation, not deleted or hidden, carries the file. */
export async function messageWithFile(db: DbOrTx, conversationId: string, fileId: string): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(
      sql`SELECT 1 FROM messages WHERE conversation_id = ${conversationId} AND file_id = ${fileId} AND deleted_at IS NULL AND hidden_at IS NULL`,
    ),
  );
  return rows.length > 0;
}
