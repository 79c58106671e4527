import { getConversation } from '@talentloop/contract/api/messages';
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { seedConversation } from '../../src/features/bench/messages-seed.ts';
import { conversationStatesStatement, messagePageStatement } from '../../src/features/messages/queries.ts';
import { rowsOf } from '../../src/infra/db/rows.ts';
import { call, okBody, useApi } from '../helpers.ts';
import { startLoopApp } from '../talent/loop-support.ts';
import { conversationSetting } from './support.ts';

// A conversation of 10,000 messages opens its newest page through the index (issue 36's bench row:
// keyset pages on (conversation_id, seq)): the page is read backward through
// messages_conversation_seq_key, never by a sequential scan or a sort of the conversation's rows,
// and the conversation's state (unread count, last line, Seen) through the same index.

const env = useApi();

const planOf = async (db: Parameters<typeof seedConversation>[0], statement: ReturnType<typeof sql>) =>
  rowsOf<{ 'QUERY PLAN': string }>(await db.execute(sql`EXPLAIN ${statement}`))
    .map((r) => r['QUERY PLAN'])
    .join('\n');

describe('messages: a long conversation', () => {
  test('its newest page and the pages back are keyset reads of the index, never a sequential scan', async () => {
    const app = await startLoopApp(env);
    const { company, freelancer, conversation } = await conversationSetting(app);
    const companyId = rowsOf<{ company_id: string }>(
      await app.db.execute(sql`SELECT company_id FROM conversations WHERE id = ${conversation.id}`),
    )[0]?.company_id as string;
    const now = app.clock.now();
    await seedConversation(app.db, { companyId, freelancerId: freelancer.id, messages: 10_000, now, conversationId: conversation.id });
    // Other conversations beside it (their rows share the table and the index).
    for (let i = 0; i < 4; i++) await seedConversation(app.db, { companyId, freelancerId: freelancer.id, messages: 2_500, now });
    await app.db.execute(sql`VACUUM ANALYZE messages`);

    const newest = await planOf(app.db, messagePageStatement(conversation.id, null, 51));
    expect(newest).toMatch(/Index Scan Backward using messages_conversation_seq_key on messages/);
    expect(newest).not.toMatch(/Seq Scan on messages|Sort/);
    const back = await planOf(app.db, messagePageStatement(conversation.id, 5_000, 51));
    expect(back).toMatch(/Index Scan Backward using messages_conversation_seq_key on messages/);
    expect(back).not.toMatch(/Seq Scan on messages|Sort/);
    const state = await planOf(app.db, conversationStatesStatement(company.userId, { conversationId: conversation.id }));
    expect(state).not.toMatch(/Seq Scan on messages/);

    // Through the API: the newest 50 in order, then the page before them, with nothing skipped.
    const first = okBody(await call(app, getConversation, { params: { conversationId: conversation.id } }, { token: company.token }));
    expect(first.messages).toHaveLength(50);
    expect(first.hasOlder).toBe(true);
    expect(first.messages.at(-1)?.text).toMatch(/^Line 10000: /);
    expect(first.conversation.unread).toBe(1);
    const oldest = first.messages[0];
    const second = okBody(
      await call(
        app,
        getConversation,
        { params: { conversationId: conversation.id }, query: { before: oldest?.id } },
        { token: company.token },
      ),
    );
    expect(second.messages.map((m) => m.text.split(':')[0])).toEqual(Array.from({ length: 50 }, (_, i) => `Line ${9901 + i}`));
  });
});
