import {
  CLOSED_LABELS,
  MESSAGE_MESSAGES,
  MESSAGE_TEXT_MAX,
  STREAMS_PER_ACCOUNT_MAX,
  deleteMessage,
  editMessage,
  findConversationOfCandidate,
  getContactDetailCounts,
  getConversation,
  getMessageFile,
  getReportedThread,
  getUnreadCounts,
  hideMessage,
  listConversations,
  listReportedMessages,
  markConversationRead,
  openConversation,
  reportMessage,
  sendMessage,
  sendMessageFile,
} from '@talentloop/contract/api/messages';
import { acceptInterview, cancelCompanyInterview, cancelFreelancerInterview } from '@talentloop/contract/api/interviews';
import { suspendAccount } from '@talentloop/contract/api/operator-accounts';
import { addCandidate, createShortlist, getShortlist, updateCandidate } from '@talentloop/contract/api/shortlists';
import { getTalentStatus } from '@talentloop/contract/api/talent-pool';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { sendMissedMessageMails } from '../../src/features/messages/missed-mail.ts';
import { auditLog, sessions, users } from '../../src/infra/db/schema.ts';
import { MINUTE, call, expectFailure, expectOk, invalid, okBody, outboxFor, until, upload, useApi } from '../helpers.ts';
import { readyCompany } from '../company/documents-support.ts';
import { startLoopApp, verifiedCompany, vettedFreelancer } from '../talent/loop-support.ts';
import { interviewSetting, proposalBody, propose } from '../interviews/support.ts';
import { conversationSetting, messageIdsOf, openStream, say } from './support.ts';

// Messages (issue 36) through real HTTP: who may open, read and send; the closing rules; the edit
// and delete windows; unread counts; the stream resumed without loss or repeats; the
// missed-message mail through the SMTP sink; reports and the operators' view.

const env = useApi();

describe('messages: who may open, read and send', () => {
  test('a verified company opens the conversation with its candidate; both sides read and send; anyone else is 404', async () => {
    const app = await startLoopApp(env);
    const { company, freelancer, candidate, conversation, operator } = await conversationSetting(app);
    expect(conversation).toMatchObject({
      candidateId: candidate.id,
      side: 'company',
      closedBecause: null,
      unread: 0,
      role: 'Senior Designer',
    });
    // Opening again answers the same conversation.
    const again = okBody(await call(app, openConversation, { body: { candidateId: candidate.id } }, { token: company.token }));
    expect(again.conversation.id).toBe(conversation.id);

    // A freelancer cannot open one; an unverified company cannot; another company's candidate is 404.
    expectFailure(
      await call(app, openConversation, { body: { candidateId: candidate.id } }, { token: freelancer.token }),
      403,
      'TL_CORE_00403_E',
    );
    const unverified = await readyCompany(app, { name: 'Quiet Co' });
    expectFailure(
      await call(app, openConversation, { body: { candidateId: candidate.id } }, { token: unverified.api.token }),
      403,
      'TL_CORE_13010_E',
    );
    const other = await verifiedCompany(app, 'Other Works');
    expectFailure(
      await call(app, openConversation, { body: { candidateId: candidate.id } }, { token: other.token }),
      404,
      'TL_CORE_36003_E',
    );
    expectFailure(await call(app, openConversation, { body: { candidateId: 'nope' } }, { token: other.token }), 404, 'TL_CORE_36003_E');

    // The freelancer sees it with the company as counterpart, and the opening system line.
    const seen = okBody(await call(app, listConversations, {}, { token: freelancer.token })).conversations;
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ id: conversation.id, side: 'freelancer', counterpart: { name: 'Acme Labs' } });
    const read = okBody(await call(app, getConversation, { params: { conversationId: conversation.id } }, { token: freelancer.token }));
    expect(read.messages.map((m) => m.systemEvent)).toEqual(['conversation_opened']);

    const hello = await say(app, company.token, conversation.id, '  Hello Asha, are you free next week?  ');
    expect(hello).toMatchObject({
      text: 'Hello Asha, are you free next week?',
      side: 'company',
      mine: true,
      kind: 'text',
      contactNote: false,
    });
    const reply = await say(app, freelancer.token, conversation.id, 'Yes, Tuesday works.');
    expect(reply).toMatchObject({ side: 'freelancer', mine: true });

    // Another company, another freelancer, an operator, a malformed id: 404 (or the role's 403).
    const stranger = await vettedFreelancer(app, operator.accessToken);
    for (const token of [other.token, stranger.token]) {
      expectFailure(await call(app, getConversation, { params: { conversationId: conversation.id } }, { token }), 404, 'TL_CORE_36000_E');
      expectFailure(
        await call(app, sendMessage, { params: { conversationId: conversation.id }, body: { text: 'hi' } }, { token }),
        404,
        'TL_CORE_36000_E',
      );
      expectFailure(
        await call(app, editMessage, { params: { conversationId: conversation.id, messageId: hello.id }, body: { text: 'x' } }, { token }),
        404,
        'TL_CORE_36000_E',
      );
      expect(okBody(await call(app, listConversations, {}, { token })).conversations).toEqual([]);
      expect(
        okBody(await call(app, findConversationOfCandidate, { query: { candidateId: candidate.id } }, { token })).conversation,
      ).toBeNull();
    }
    expectFailure(
      await call(app, getConversation, { params: { conversationId: 'not-a-uuid' } }, { token: company.token }),
      404,
      'TL_CORE_36000_E',
    );
    expectFailure(
      await call(app, getConversation, { params: { conversationId: conversation.id } }, { token: operator.accessToken }),
      404,
      'TL_CORE_36000_E',
    );
    // A message of this conversation named under another conversation of the caller is not found.
    expectFailure(
      await call(
        app,
        markConversationRead,
        { params: { conversationId: conversation.id }, body: { upTo: crypto.randomUUID() } },
        { token: company.token },
      ),
      404,
      'TL_CORE_36001_E',
    );
  });

  test('bad text is refused with the contract’s message and changes nothing', async () => {
    const app = await startLoopApp(env);
    const { company, conversation } = await conversationSetting(app);
    const send = (text: string) =>
      call(app, sendMessage, { params: { conversationId: conversation.id }, body: { text } }, { token: company.token });
    for (const [text, message] of [
      ['', MESSAGE_MESSAGES.textRequired],
      ['  \n  ', MESSAGE_MESSAGES.textRequired],
      ['x'.repeat(MESSAGE_TEXT_MAX + 1), MESSAGE_MESSAGES.textTooLong],
      ['look \u202Egnp.exe', MESSAGE_MESSAGES.textUnsafe],
    ] as const) {
      const res = await send(text);
      expectFailure(res, 400, 'TL_CORE_00400_E');
      expect((res.body as { responseMessage?: string }).responseMessage).toBe(`text: ${message}`);
    }
    expectFailure(await send('a\u0000b'), 400, 'TL_CORE_00400_E');
    expectFailure(
      await call(app, sendMessage, { params: { conversationId: conversation.id }, body: invalid({}) }, { token: company.token }),
      400,
      'TL_CORE_00400_E',
    );
    const page = okBody(await call(app, getConversation, { params: { conversationId: conversation.id } }, { token: company.token }));
    expect(page.messages.filter((m) => m.kind !== 'system')).toEqual([]);
    // The longest allowed text goes through.
    expectOk(await send('y'.repeat(MESSAGE_TEXT_MAX)));
  });
});

describe('messages: the freelancer’s timeline', () => {
  test('shortlist entries carry their candidacy, which finds its conversation once the company opened it; vetting entries carry none', async () => {
    const app = await startLoopApp(env);
    const { company, freelancer, operator, list, candidate } = await interviewSetting(app);
    const other = await verifiedCompany(app, 'Other Studio');
    const otherList = okBody(await call(app, createShortlist, { body: { name: 'Illustrator' } }, { token: other.token })).shortlist;
    const otherCandidate = okBody(
      await call(app, addCandidate, { params: { shortlistId: otherList.id }, body: { slug: freelancer.slug } }, { token: other.token }),
    ).candidate;

    const timeline = async () => okBody(await call(app, getTalentStatus, {}, { token: freelancer.token })).talentStatus.timeline;
    const shortlisted = (await timeline()).filter((e) => e.kind === 'shortlisted');
    expect(shortlisted.map((e) => [e.companyName, e.candidateId])).toEqual([
      ['Other Studio', otherCandidate.id],
      ['Acme Labs', candidate.id],
    ]);
    const vetting = (await timeline()).filter((e) => e.kind !== 'shortlisted');
    expect(vetting.map((e) => e.kind)).toContain('vetted');
    expect(vetting.every((e) => e.candidateId === null)).toBe(true);

    const ofCandidate = async (candidateId: string, token: string) =>
      okBody(await call(app, findConversationOfCandidate, { query: { candidateId } }, { token })).conversation;
    // Nothing to open before the company opens the conversation (a freelancer cannot open one).
    expect(await ofCandidate(candidate.id, freelancer.token)).toBeNull();
    const opened = okBody(
      await call(app, openConversation, { body: { candidateId: candidate.id } }, { token: company.token }),
    ).conversation;
    const found = await ofCandidate(candidate.id, freelancer.token);
    expect(found).toMatchObject({ id: opened.id, side: 'freelancer', candidateId: candidate.id, counterpart: { name: 'Acme Labs' } });
    // The other candidacy has none; another freelancer given the id finds nothing.
    expect(await ofCandidate(otherCandidate.id, freelancer.token)).toBeNull();
    const stranger = await vettedFreelancer(app, operator.accessToken);
    expect(await ofCandidate(candidate.id, stranger.token)).toBeNull();
    // Entries about a candidacy stay linked as it moves on (an interview entry carries the same id).
    const current = okBody(await call(app, getShortlist, { params: { shortlistId: list.id } }, { token: company.token }));
    const version = current.candidates.find((c) => c.id === candidate.id)?.version as number;
    expectOk(
      await call(
        app,
        updateCandidate,
        { params: { shortlistId: list.id, candidateId: candidate.id }, body: { stage: 'interview', version } },
        { token: company.token },
      ),
    );
    expect((await timeline())[0]).toMatchObject({ kind: 'interview', companyName: 'Acme Labs', candidateId: candidate.id });
  });
});

describe('messages: closing, editing, deleting, unread counts', () => {
  test('Not selected closes the conversation for new messages with the reason; it stays readable', async () => {
    const app = await startLoopApp(env);
    const { company, freelancer, list, candidate, conversation } = await conversationSetting(app);
    await say(app, company.token, conversation.id, 'Thanks for your time.');
    expectOk(
      await call(
        app,
        updateCandidate,
        {
          params: { shortlistId: list.id, candidateId: candidate.id },
          body: { stage: 'not_selected', reason: 'We hired for a narrower role.', version: candidate.version },
        },
        { token: company.token },
      ),
    );
    for (const token of [company.token, freelancer.token]) {
      const res = await call(
        app,
        sendMessage,
        { params: { conversationId: conversation.id }, body: { text: 'One more thing' } },
        { token },
      );
      expectFailure(res, 409, 'TL_CORE_36004_E');
      expect((res.body as { responseMessage?: string }).responseMessage).toBe(
        `${CLOSED_LABELS.not_selected} Their reason: We hired for a narrower role.`,
      );
      const read = okBody(await call(app, getConversation, { params: { conversationId: conversation.id } }, { token }));
      expect(read.conversation).toMatchObject({ closedBecause: 'not_selected', closedReason: 'We hired for a narrower role.' });
      expect(read.messages.some((m) => m.text === 'Thanks for your time.')).toBe(true);
    }
  });

  test('one’s own message can be edited within 5 minutes and deleted any time; both leave a mark; no one else’s', async () => {
    const app = await startLoopApp(env);
    const { company, freelancer, conversation } = await conversationSetting(app);
    const params = (messageId: string) => ({ conversationId: conversation.id, messageId });
    const first = await say(app, company.token, conversation.id, 'Teh rate is fixed.');
    expect(first.editableUntil).not.toBeNull();
    const edited = okBody(
      await call(app, editMessage, { params: params(first.id), body: { text: 'The rate is fixed.' } }, { token: company.token }),
    );
    expect(edited.message).toMatchObject({ text: 'The rate is fixed.', editedAt: expect.any(String) });
    // The other side cannot edit or delete it.
    expectFailure(
      await call(app, editMessage, { params: params(first.id), body: { text: 'x' } }, { token: freelancer.token }),
      403,
      'TL_CORE_36007_E',
    );
    expectFailure(await call(app, deleteMessage, { params: params(first.id) }, { token: freelancer.token }), 403, 'TL_CORE_36007_E');
    app.clock.advance(5 * MINUTE + 1_000);
    expectFailure(
      await call(app, editMessage, { params: params(first.id), body: { text: 'Late edit' } }, { token: company.token }),
      409,
      'TL_CORE_36006_E',
    );
    const deleted = okBody(await call(app, deleteMessage, { params: params(first.id) }, { token: company.token }));
    expect(deleted.message).toMatchObject({ text: '', deletedAt: expect.any(String), file: null });
    expectFailure(await call(app, deleteMessage, { params: params(first.id) }, { token: company.token }), 409, 'TL_CORE_36008_E');
    const seen = okBody(await call(app, getConversation, { params: { conversationId: conversation.id } }, { token: freelancer.token }));
    const mark = seen.messages.find((m) => m.id === first.id);
    expect(mark).toMatchObject({ text: '', deletedAt: expect.any(String), editedAt: expect.any(String), mine: false });
  });

  test('unread counts per conversation and in all move with messages and reads; Seen follows the other side’s read', async () => {
    const app = await startLoopApp(env);
    const { company, freelancer, conversation } = await conversationSetting(app);
    const unread = async (token: string) => okBody(await call(app, getUnreadCounts, {}, { token })).unread;
    expect(await unread(freelancer.token)).toEqual({ total: 0, byConversation: {} });
    await say(app, company.token, conversation.id, 'One');
    const two = await say(app, company.token, conversation.id, 'Two');
    expect(await unread(freelancer.token)).toEqual({ total: 2, byConversation: { [conversation.id]: 2 } });
    expect(await unread(company.token)).toEqual({ total: 0, byConversation: {} });
    const listed = okBody(await call(app, listConversations, {}, { token: freelancer.token })).conversations[0];
    expect(listed).toMatchObject({ unread: 2, lastMessage: { text: 'Two', mine: false } });
    const after = okBody(
      await call(
        app,
        markConversationRead,
        { params: { conversationId: conversation.id }, body: { upTo: two.id } },
        { token: freelancer.token },
      ),
    );
    expect(after.unread).toEqual({ total: 0, byConversation: {} });
    const companyView = okBody(await call(app, getConversation, { params: { conversationId: conversation.id } }, { token: company.token }));
    expect(companyView.conversation.seenUpTo).toBe(two.id);
    // A deleted message no longer counts.
    const three = await say(app, company.token, conversation.id, 'Three');
    expect((await unread(freelancer.token)).total).toBe(1);
    expectOk(
      await call(app, deleteMessage, { params: { conversationId: conversation.id, messageId: three.id } }, { token: company.token }),
    );
    expect((await unread(freelancer.token)).total).toBe(0);
  });
});

describe('messages: live', () => {
  test('a dropped stream resumed with Last-Event-ID gives every message once, in order', async () => {
    const app = await startLoopApp(env);
    const { company, freelancer, conversation } = await conversationSetting(app);
    const first = await openStream(app, freelancer.token);
    expect(first.status).toBe(200);
    await first.until((e) => e.some((x) => x.data.kind === 'ready'), 'ready');
    const sent: string[] = [];
    for (const text of ['a', 'b', 'c']) sent.push((await say(app, company.token, conversation.id, text)).id);
    await first.until((e) => messageIdsOf(e).length === 3, 'three messages');
    const lastId = first.events.filter((e) => e.id !== null).at(-1)?.id;
    first.close();
    await first.ended;
    // Sent while nobody listened.
    for (const text of ['d', 'e']) sent.push((await say(app, company.token, conversation.id, text)).id);
    const second = await openStream(app, freelancer.token, { lastEventId: lastId as string });
    await second.until((e) => messageIdsOf(e).length >= 2, 'the missed messages');
    sent.push((await say(app, company.token, conversation.id, 'f')).id);
    await second.until((e) => messageIdsOf(e).length >= 3, 'the live message');
    expect([...messageIdsOf(first.events), ...messageIdsOf(second.events)]).toEqual(sent);
    const ids = [...first.events, ...second.events].flatMap((e) => (e.id ? [Number(e.id)] : []));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const text = second.events.flatMap((e) => (e.data.kind === 'message' ? [e.data.message.text] : []));
    expect(text).toEqual(['d', 'e', 'f']);
    second.close();
  });

  test('a stream is closed when its session is revoked; an account opens at most the documented number', async () => {
    const app = await startLoopApp(env);
    const { company, freelancer, conversation } = await conversationSetting(app);
    const streams = [];
    for (let i = 0; i < STREAMS_PER_ACCOUNT_MAX; i++) streams.push(await openStream(app, company.token));
    const extra = await openStream(app, company.token);
    expect(extra.status).toBe(429);
    for (const s of streams) s.close();
    await Promise.all(streams.map((s) => s.ended));

    const live = await openStream(app, freelancer.token);
    await live.until((e) => e.some((x) => x.data.kind === 'ready'), 'ready');
    const [user] = await app.db.select().from(users).where(eq(users.email, freelancer.email));
    await app.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, user?.id as string)));
    await say(app, company.token, conversation.id, 'Are you there?');
    await live.ended;
    expect(live.events.at(-1)?.data).toEqual({ kind: 'closed', reason: 'session_ended' });
    expect(messageIdsOf(live.events)).toEqual([]);
  });
});

describe('messages: a suspended account', () => {
  test('cannot send, and its open stream is closed', async () => {
    const app = await startLoopApp(env);
    const { company, freelancer, conversation, operator } = await conversationSetting(app);
    const live = await openStream(app, freelancer.token);
    await live.until((e) => e.some((x) => x.data.kind === 'ready'), 'ready');
    expectOk(
      await call(
        app,
        suspendAccount,
        { params: { userId: freelancer.id }, body: { reason: 'Spam reports from several companies' } },
        { token: operator.accessToken },
      ),
    );
    const res = await call(
      app,
      sendMessage,
      { params: { conversationId: conversation.id }, body: { text: 'Still here' } },
      { token: freelancer.token },
    );
    expect(res.status).toBe(401);
    await say(app, company.token, conversation.id, 'Hello?');
    await live.ended;
    expect(live.events.at(-1)?.data).toEqual({ kind: 'closed', reason: 'session_ended' });
    const page = okBody(await call(app, getConversation, { params: { conversationId: conversation.id } }, { token: company.token }));
    expect(page.messages.map((m) => m.text)).not.toContain('Still here');
  });
});

describe('messages: system lines', () => {
  test('an interview proposal and the candidate’s outcome appear as dated system lines, live', async () => {
    const app = await startLoopApp(env);
    const { company, freelancer, list, candidate, conversation } = await conversationSetting(app);
    const live = await openStream(app, freelancer.token);
    await live.until((e) => e.some((x) => x.data.kind === 'ready'), 'ready');
    expectOk(await propose(app, company.token, proposalBody(app, freelancer.slug, { candidateId: candidate.id })));
    const line = await live.until(
      (e) => e.find((x) => x.data.kind === 'message' && x.data.message.systemEvent === 'interview_proposed'),
      'the proposal’s line on the stream',
    );
    expect(line.data).toMatchObject({ message: { kind: 'system', side: null, createdAt: expect.any(String) } });
    const current = okBody(await call(app, getShortlist, { params: { shortlistId: list.id } }, { token: company.token }));
    const version = current.candidates.find((c) => c.id === candidate.id)?.version as number;
    expectOk(
      await call(
        app,
        updateCandidate,
        { params: { shortlistId: list.id, candidateId: candidate.id }, body: { stage: 'selected', version } },
        { token: company.token },
      ),
    );
    const page = okBody(await call(app, getConversation, { params: { conversationId: conversation.id } }, { token: company.token }));
    expect(page.messages.map((m) => m.systemEvent)).toEqual(['conversation_opened', 'interview_proposed', 'candidate_selected']);
    live.close();
  });
});

describe('messages: a cancelled interview', () => {
  test('cancelled by the company or by the freelancer, it appears as a dated system line, live; a refused cancel adds none', async () => {
    const app = await startLoopApp(env);
    const { company, freelancer, candidate, conversation } = await conversationSetting(app);
    const live = await openStream(app, freelancer.token);
    await live.until((e) => e.some((x) => x.data.kind === 'ready'), 'ready');
    const lines = async () =>
      okBody(await call(app, getConversation, { params: { conversationId: conversation.id } }, { token: company.token })).messages.flatMap(
        (m) => (m.systemEvent ? [m.systemEvent] : []),
      );

    // The company withdraws a proposal; a stale cancel first is refused and leaves no line.
    const first = okBody(await propose(app, company.token, proposalBody(app, freelancer.slug, { candidateId: candidate.id }))).interview;
    expectFailure(
      await call(
        app,
        cancelCompanyInterview,
        { params: { interviewId: first.id }, body: { reason: 'We filled the role.', version: first.version + 1 } },
        { token: company.token },
      ),
      409,
      'TL_CORE_10110_E',
    );
    expect(await lines()).toEqual(['conversation_opened', 'interview_proposed']);
    expectOk(
      await call(
        app,
        cancelCompanyInterview,
        { params: { interviewId: first.id }, body: { reason: 'We filled the role.', version: first.version } },
        { token: company.token },
      ),
    );
    const line = await live.until(
      (e) => e.find((x) => x.data.kind === 'message' && x.data.message.systemEvent === 'interview_cancelled'),
      'the cancellation’s line on the stream',
    );
    expect(line.data).toMatchObject({ message: { kind: 'system', side: null, createdAt: expect.any(String) } });

    // The freelancer cancels an accepted interview.
    const second = okBody(await propose(app, company.token, proposalBody(app, freelancer.slug, { candidateId: candidate.id }))).interview;
    const slot = second.slots[0];
    if (!slot) throw new Error('no slot');
    const accepted = okBody(
      await call(
        app,
        acceptInterview,
        { params: { interviewId: second.id }, body: { slotId: slot.id, version: second.version } },
        { token: freelancer.token },
      ),
    ).interview;
    expectOk(
      await call(
        app,
        cancelFreelancerInterview,
        { params: { interviewId: second.id }, body: { reason: 'I took another role.', version: accepted.version } },
        { token: freelancer.token },
      ),
    );
    expect(await lines()).toEqual([
      'conversation_opened',
      'interview_proposed',
      'interview_cancelled',
      'interview_proposed',
      'interview_accepted',
      'interview_cancelled',
    ]);
    live.close();
  });
});

describe('messages: the missed-message mail', () => {
  test('one mail per conversation per quiet period, with a link and a short plain quote, never markup', async () => {
    const app = await startLoopApp(env);
    const { company, freelancer, conversation } = await conversationSetting(app);
    // The sweep covers every conversation of the file's database: count this freelancer's mails.
    const mailed = async (email: string) => {
      await sendMissedMessageMails({ db: app.db, clock: app.clock, config: app.config });
      return (await outboxFor(app.db, email)).filter((m) => /New messages/.test(m.subject)).length;
    };
    await say(app, company.token, conversation.id, '<script>alert(1)</script> Can you send <b>your</b> portfolio?');
    await say(app, company.token, conversation.id, 'And your rate please.');
    expect(await mailed(freelancer.email)).toBe(0);
    app.clock.advance(9 * MINUTE);
    expect(await mailed(freelancer.email)).toBe(0);
    app.clock.advance(MINUTE + 1_000);
    expect(await mailed(freelancer.email)).toBe(1);
    const mail = await until(
      () => env.mailbox.received.find((m) => m.to.includes(freelancer.email) && /New messages from Acme Labs/.test(m.decoded)),
      'the missed-message mail',
    );
    expect(mail.decoded).toContain(`/freelancer/messages/${conversation.id}`);
    expect(mail.decoded).toContain('And your rate please.');
    expect(mail.decoded).not.toContain('<script>');
    expect(mail.decoded).not.toContain('<b>your</b>');
    // Still unread: no second mail in the same quiet period, however many messages arrive.
    await say(app, company.token, conversation.id, 'Hello?');
    app.clock.advance(30 * MINUTE);
    expect(await mailed(freelancer.email)).toBe(1);
    // The company was never mailed: it has nothing unread.
    expect(await mailed(company.email)).toBe(0);
    // Reading ends the quiet period: the next unread message mails again.
    const page = okBody(await call(app, getConversation, { params: { conversationId: conversation.id } }, { token: freelancer.token }));
    expectOk(
      await call(
        app,
        markConversationRead,
        { params: { conversationId: conversation.id }, body: { upTo: page.messages.at(-1)?.id as string } },
        { token: freelancer.token },
      ),
    );
    await say(app, company.token, conversation.id, 'Following up.');
    app.clock.advance(11 * MINUTE);
    expect(await mailed(freelancer.email)).toBe(2);
  });
});

describe('messages: contact details, files, reports', () => {
  test('contact details before an engagement are delivered with the note and counted for operators', async () => {
    const app = await startLoopApp(env);
    const { company, freelancer, conversation, operator } = await conversationSetting(app);
    const before = okBody(await call(app, getContactDetailCounts, {}, { token: operator.accessToken }));
    const m = await say(app, freelancer.token, conversation.id, 'Mail me at asha.rao@gmail.com');
    expect(m).toMatchObject({ text: 'Mail me at asha.rao@gmail.com', contactNote: true });
    const plain = await say(app, company.token, conversation.id, 'Budget is $5,000.');
    expect(plain.contactNote).toBe(false);
    const seen = okBody(await call(app, getConversation, { params: { conversationId: conversation.id } }, { token: company.token }));
    expect(seen.messages.find((x) => x.id === m.id)?.contactNote).toBe(true);
    const after = okBody(await call(app, getContactDetailCounts, {}, { token: operator.accessToken }));
    expect(after.total).toBe(before.total + 1);
  });

  test('a file goes through the upload pipeline; the other side downloads it; no one else', async () => {
    const app = await startLoopApp(env);
    const { company, freelancer, conversation } = await conversationSetting(app);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0ea5e9' } })
      .png()
      .toBuffer();
    const sent = await upload(
      app,
      sendMessageFile,
      {
        params: { conversationId: conversation.id },
        fields: { text: 'The mockup' },
        files: { file: { data: png, name: 'mock.png', type: 'image/png' } },
      },
      { token: freelancer.token },
    );
    expectOk(sent);
    expect(sent.body.message).toMatchObject({ kind: 'file', text: 'The mockup', file: { mime: 'image/webp' } });
    const fileId = sent.body.message.file?.id as string;
    const got = await call(app, getMessageFile, { params: { conversationId: conversation.id, fileId } }, { token: company.token });
    expect(got.status).toBe(200);
    const wrong = await upload(
      app,
      sendMessageFile,
      {
        params: { conversationId: conversation.id },
        files: { file: { data: Buffer.from('<html><script>1</script></html>'), name: 'x.pdf', type: 'application/pdf' } },
      },
      { token: freelancer.token },
    );
    expectFailure(wrong, 415, 'TL_CORE_36015_E');
    const other = await verifiedCompany(app, 'Other Works');
    expectFailure(
      await call(app, getMessageFile, { params: { conversationId: conversation.id, fileId } }, { token: other.token }),
      404,
      'TL_CORE_36000_E',
    );
    expectFailure(
      await call(
        app,
        getMessageFile,
        { params: { conversationId: conversation.id, fileId: crypto.randomUUID() } },
        { token: company.token },
      ),
      404,
      'TL_CORE_36017_E',
    );
  });

  test('either side reports the other’s message; operators see only reported threads, every view audited, and hide a message', async () => {
    const app = await startLoopApp(env);
    const { company, freelancer, conversation, operator } = await conversationSetting(app);
    const rude = await say(app, company.token, conversation.id, 'Something rude');
    expectFailure(
      await call(app, getReportedThread, { params: { conversationId: conversation.id } }, { token: operator.accessToken }),
      404,
      'TL_CORE_36000_E',
    );
    const own = await say(app, freelancer.token, conversation.id, 'Mine');
    const params = { conversationId: conversation.id, messageId: own.id };
    expectFailure(
      await call(app, reportMessage, { params, body: { reason: 'Not allowed' } }, { token: freelancer.token }),
      400,
      'TL_CORE_36013_E',
    );
    const reported = okBody(
      await call(
        app,
        reportMessage,
        { params: { ...params, messageId: rude.id }, body: { reason: 'Abusive language' } },
        { token: freelancer.token },
      ),
    );
    expect(reported.message.reportedByMe).toBe(true);
    expectFailure(
      await call(app, reportMessage, { params: { ...params, messageId: rude.id }, body: { reason: 'Again' } }, { token: freelancer.token }),
      409,
      'TL_CORE_36012_E',
    );
    const queue = okBody(await call(app, listReportedMessages, {}, { token: operator.accessToken })).reports;
    expect(queue).toEqual([
      expect.objectContaining({
        messageId: rude.id,
        text: 'Something rude',
        side: 'company',
        hidden: false,
        reports: [expect.objectContaining({ side: 'freelancer', reason: 'Abusive language' })],
      }),
    ]);
    const thread = okBody(
      await call(app, getReportedThread, { params: { conversationId: conversation.id } }, { token: operator.accessToken }),
    );
    expect(thread.messages.find((m) => m.id === rude.id)).toMatchObject({ reported: true, text: 'Something rude' });
    expectOk(
      await call(
        app,
        hideMessage,
        { params: { ...params, messageId: rude.id }, body: { reason: 'Abuse' } },
        { token: operator.accessToken },
      ),
    );
    expectFailure(
      await call(
        app,
        hideMessage,
        { params: { ...params, messageId: rude.id }, body: { reason: 'Abuse' } },
        { token: operator.accessToken },
      ),
      409,
      'TL_CORE_36014_E',
    );
    const seen = okBody(await call(app, getConversation, { params: { conversationId: conversation.id } }, { token: company.token }));
    expect(seen.messages.find((m) => m.id === rude.id)).toMatchObject({ hidden: true, text: '' });
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.targetId, conversation.id));
    expect(audit.map((a) => a.action)).toEqual(['message_reports.view']);
    const hides = await app.db.select().from(auditLog).where(eq(auditLog.targetId, rude.id));
    expect(hides.map((a) => [a.action, a.reason])).toEqual([['message.hide', 'Abuse']]);
  });
});
