import { describe, expect, test } from 'vitest';
import { useApi } from '../helpers.ts';
import { withMailbox } from '../company/documents-support.ts';
import { conversationSetting, messageIdsOf, openStream, say } from './support.ts';

// Messages across instances (issue 36, decision 227): two apps on one PostgreSQL database; a
// message sent through one reaches a stream held by the other through LISTEN/NOTIFY. The other
// app's poll of the newest event is turned off (an hour), so only the notification can deliver it.
// On the embedded database two apps never share one: the in-process delivery is the API suite's.

const env = useApi();
const onPostgres = !!process.env.DATABASE_URL;

describe('messages on two instances', () => {
  test.skipIf(!onPostgres)('a message sent on one instance reaches a stream on the other, each once, in order', async () => {
    const sender = withMailbox(await env.start({ config: { clientAccounts: true } }), env.mailbox);
    const other = await env.start({ config: { clientAccounts: true, messagesPollMs: 3_600_000 } });
    const { company, freelancer, conversation } = await conversationSetting(sender);
    const stream = await openStream(other, freelancer.token);
    expect(stream.status).toBe(200);
    await stream.until((e) => e.some((x) => x.data.kind === 'ready'), 'ready');
    const sent: string[] = [];
    for (const text of ['one', 'two', 'three']) sent.push((await say(sender, company.token, conversation.id, text)).id);
    await stream.until((e) => messageIdsOf(e).length === 3, 'the three messages on the other instance');
    expect(messageIdsOf(stream.events)).toEqual(sent);
    // And back: the freelancer answers through the other instance; a stream on the sender's hears it.
    const back = await openStream(sender, company.token);
    await back.until((e) => e.some((x) => x.data.kind === 'ready'), 'ready');
    const answer = await say(other, freelancer.token, conversation.id, 'Got them');
    await back.until((e) => messageIdsOf(e).includes(answer.id), 'the answer on the first instance');
    // Her answer also moved her read mark: the message and the read are two events told by one
    // notification, and the stream sends each once, the message first.
    const read = await back.until(
      (e) => e.find((x) => x.data.kind === 'read' && x.data.upTo === answer.id),
      'her read on the first instance',
    );
    const afterReady = back.events.filter((x) => x.data.kind === 'message' || x.data.kind === 'read');
    expect(afterReady.map((x) => x.data.kind)).toEqual(['message', 'read']);
    expect(Number(read.id)).toBeGreaterThan(Number(afterReady[0]?.id));
    stream.close();
    back.close();
  });
});
