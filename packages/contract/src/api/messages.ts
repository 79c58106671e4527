import { z } from 'zod';
import { CONTACT_DETAIL_NOTE } from '../rules/contact-details.ts';
import { hasUnsafeCharacters } from '../validation/characters.ts';
import { uuidField, uuidParam } from '../validation/ids.ts';
import { VERIFICATION_DOCUMENT_MAX_BYTES } from '../validation/company-verification.ts';
import { type FileKind, defineEndpoint } from './define.ts';

// Messages (issue 36, decisions 225-229): one conversation per shortlisted candidate, opened by a
// verified company from the candidate (a freelancer cannot open one: no cold outreach), continued
// through interviews and into the engagement. Only the two sides ever see a conversation: another
// company's or freelancer's conversation, message or file id (or not a UUID) is 404. Imported
// directly ('@talentloop/contract/api/messages').
//
// Closing (`closedBecause`): a conversation takes no new messages once the candidate is Not
// selected (the reason is shown), once the candidate was removed from the company's lists, or once
// the engagement ended more than CONVERSATION_OPEN_AFTER_END_DAYS days ago with no live one since;
// it stays readable. Sending to a closed one is 409 TL_CORE_36004_E.
//
// Live (decision 227): `GET /conversations/stream` is a Server-Sent Events stream of every change
// in the caller's conversations (text/event-stream; the access token in the Authorization header,
// so the web reads it with fetch, not EventSource). Each event is
//   id: <event id: a decimal integer, increasing across the whole product>
//   event: <StreamEvent kind>
//   data: <StreamEvent JSON>
// Resume: send the last event id you received as the `Last-Event-ID` header (or `?after=<id>`): the
// server replays every event after it, in order, then goes on live; nothing is lost or repeated.
// Without one, the stream starts at the current end ('ready' carries the id to resume from). When
// more than STREAM_REPLAY_MAX events were missed the stream sends 'reset' (reload the lists, then
// reconnect with the reset's id). A comment line (': ping') is sent every STREAM_PING_SECONDS.
// A stream whose session ends (signed out, revoked, suspended, token expired) gets 'closed' and
// ends: refresh the token, then reconnect with the last id. At most STREAMS_PER_ACCOUNT_MAX open
// streams per account (one more is 429 TL_CORE_36010_E).

// ---- limits ------------------------------------------------------------------------------------

export const MESSAGE_TEXT_MAX = 5_000;
/** A message can be edited for this long after it was sent; deleting has no window. */
export const MESSAGE_EDIT_MINUTES = 5;
export const MESSAGE_EDIT_MS = MESSAGE_EDIT_MINUTES * 60_000;
/** After the engagement ended, the conversation takes messages for this many days, then only reads. */
export const CONVERSATION_OPEN_AFTER_END_DAYS = 30;
/** Open streams per account (tabs, devices); one more is refused. */
export const STREAMS_PER_ACCOUNT_MAX = 5;
/** Messages (text or file) an account may send per minute, across its conversations. */
export const MESSAGES_PER_MINUTE_MAX = 30;
/** Events a resuming stream replays at most; beyond, 'reset'. */
export const STREAM_REPLAY_MAX = 1_000;
export const STREAM_PING_SECONDS = 25;
/** A page of messages. */
export const MESSAGE_PAGE_MAX = 50;
/** Unread for this long: one mail to the recipient, then none for that conversation until they read it (the quiet period). */
export const MISSED_MESSAGE_MAIL_MINUTES = 10;
/** The mail's quote of the newest unread message, at most this many characters (plain text, never markup). */
export const MISSED_MESSAGE_QUOTE_MAX = 140;
export const MESSAGE_REPORT_REASON_MIN = 3;
export const MESSAGE_REPORT_REASON_MAX = 500;

/** Files a message may carry: the existing upload rules (decided from the bytes; pictures re-encoded). */
export const MESSAGE_FILE_KINDS: readonly FileKind[] = ['pdf', 'doc', 'docx', 'jpeg', 'png', 'webp'];
export const MESSAGE_FILE_MAX_BYTES = VERIFICATION_DOCUMENT_MAX_BYTES;

export const MESSAGE_MESSAGES = {
  textRequired: 'Write a message first.',
  textTooLong: `A message can be at most ${MESSAGE_TEXT_MAX.toLocaleString('en')} characters.`,
  textUnsafe: 'A message cannot contain control characters or hidden direction marks.',
  reasonRequired: 'Please say what is wrong with this message.',
  reasonTooShort: `A reason needs at least ${MESSAGE_REPORT_REASON_MIN} characters.`,
  reasonTooLong: `A reason can be at most ${MESSAGE_REPORT_REASON_MAX} characters.`,
  fileRequired: 'Choose a file to send.',
  contactNote: CONTACT_DETAIL_NOTE,
  opened: 'Conversation opened',
  sent: 'Message sent',
  edited: 'Message edited',
  deleted: 'Message deleted',
  reported: 'Thanks. Our team will look at this message.',
  hidden: 'Message hidden',
  /** Shown in place of a deleted message. */
  deletedMark: 'This message was deleted.',
  /** Shown in place of a message an operator hid. */
  hiddenMark: 'This message was hidden by Talentloop.',
  editedMark: 'Edited',
} as const;

/** What a closed conversation says, by why it closed. */
export const CLOSED_BECAUSE = ['not_selected', 'removed', 'engagement_ended'] as const;
export type ClosedBecause = (typeof CLOSED_BECAUSE)[number];
export const CLOSED_LABELS: Record<ClosedBecause, string> = {
  not_selected: 'This conversation is closed: the candidate was not selected.',
  removed: 'This conversation is closed: the candidate is no longer on a shortlist.',
  engagement_ended: `This conversation is closed: the engagement ended more than ${CONVERSATION_OPEN_AFTER_END_DAYS} days ago.`,
};

/**
 * The text of a message, as sent or edited: trimmed; not empty, at most MESSAGE_TEXT_MAX
 * characters (after trimming), no NUL, other control or bidi-control characters (tab and line
 * breaks are fine). Bad text is 400 TL_CORE_00400_E, its message `text: ` and one of
 * MESSAGE_MESSAGES (a NUL anywhere in a body: the house's NUL message, before any field is read).
 */
export const MessageText = z
  .string({ error: MESSAGE_MESSAGES.textRequired })
  .refine((v) => !hasUnsafeCharacters(v, true), { message: MESSAGE_MESSAGES.textUnsafe, abort: true })
  .trim()
  .min(1, { error: MESSAGE_MESSAGES.textRequired })
  .max(MESSAGE_TEXT_MAX, { error: MESSAGE_MESSAGES.textTooLong });

/** The contract's message for bad text, or null (the web checks as you type; the server the same). */
export function messageTextProblem(raw: string): string | null {
  const parsed = MessageText.safeParse(raw);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? MESSAGE_MESSAGES.textRequired);
}

export const ReportReason = z
  .string({ error: MESSAGE_MESSAGES.reasonRequired })
  .refine((v) => !hasUnsafeCharacters(v, true), { message: MESSAGE_MESSAGES.textUnsafe, abort: true })
  .trim()
  .min(1, { error: MESSAGE_MESSAGES.reasonRequired })
  .min(MESSAGE_REPORT_REASON_MIN, { error: MESSAGE_MESSAGES.reasonTooShort })
  .max(MESSAGE_REPORT_REASON_MAX, { error: MESSAGE_MESSAGES.reasonTooLong });

// ---- shapes ------------------------------------------------------------------------------------

export const MESSAGE_KINDS = ['text', 'file', 'system'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
export const MESSAGE_SIDES = ['company', 'freelancer'] as const;
export type MessageSide = (typeof MESSAGE_SIDES)[number];

/** System lines: what happened, dated (the text is written by the server from the event). */
export const SYSTEM_EVENTS = [
  'conversation_opened',
  'interview_proposed',
  'interview_accepted',
  'interview_cancelled',
  'candidate_selected',
  'candidate_not_selected',
  'engagement_offered',
  'engagement_started',
  'engagement_ended',
  'dispute_opened',
  'dispute_answered',
  'dispute_decided',
] as const;
export type SystemEvent = (typeof SYSTEM_EVENTS)[number];

export const MessageFile = z.object({
  id: z.string(),
  /** A name made by the server from the kind and the date (never the sender's file name). */
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  /** Where its bytes are (`GET`, with the session): getMessageFile. */
  url: z.string(),
});
export type MessageFile = z.infer<typeof MessageFile>;

/**
 * One line of a conversation as one side sees it. A deleted or hidden message keeps its place with
 * an empty `text`, no file, and its mark (`deletedAt` / `hidden`); an edited one shows `editedAt`.
 */
export const Message = z.object({
  id: z.string(),
  conversationId: z.string(),
  kind: z.enum(MESSAGE_KINDS),
  /** Who wrote it; null for a system line. */
  side: z.enum(MESSAGE_SIDES).nullable(),
  /** Written by the caller's side. */
  mine: z.boolean(),
  text: z.string(),
  file: MessageFile.nullable(),
  /** A system line's event. */
  systemEvent: z.enum(SYSTEM_EVENTS).nullable(),
  /** Contact details sent before an engagement: show MESSAGE_MESSAGES.contactNote under it (to both). */
  contactNote: z.boolean(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  deletedAt: z.string().nullable(),
  hidden: z.boolean(),
  /** Until when the author may edit it (null: not the caller's, or not editable). */
  editableUntil: z.string().nullable(),
  /** The caller reported it. */
  reportedByMe: z.boolean(),
});
export type Message = z.infer<typeof Message>;

/** A conversation as one side sees it. */
export const Conversation = z.object({
  id: z.string(),
  candidateId: z.string(),
  /** The caller's side. */
  side: z.enum(MESSAGE_SIDES),
  /** For a company: the freelancer's name, slug and occupation; for a freelancer: the company's name, slug null, role. */
  counterpart: z.object({ name: z.string(), slug: z.string().nullable(), detail: z.string().nullable() }),
  /** The role (the shortlist's name) the candidacy is for. */
  role: z.string(),
  /** An engagement was agreed (active or ended): contact details no longer get the note. */
  engaged: z.boolean(),
  /** Null while it takes messages; else why it closed (CLOSED_LABELS), and the Not selected reason. */
  closedBecause: z.enum(CLOSED_BECAUSE).nullable(),
  closedReason: z.string().nullable(),
  unread: z.number().int(),
  lastMessage: z.object({ text: z.string(), at: z.string(), mine: z.boolean(), kind: z.enum(MESSAGE_KINDS) }).nullable(),
  /** The newest message the other side has read ('Seen' under the caller's messages up to it). */
  seenUpTo: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Conversation = z.infer<typeof Conversation>;

/** The caller's unread messages: in all (the shells' menus, the page title) and per conversation (the cards). */
export const UnreadCounts = z.object({ total: z.number().int(), byConversation: z.record(z.string(), z.number().int()) });
export type UnreadCounts = z.infer<typeof UnreadCounts>;

/**
 * What the stream carries (the SSE `event:` is `kind`; `data:` is this JSON):
 * - ready: the stream is open; `lastEventId` is where it stands (resume from it).
 * - message: a new message (or system line) in one of the caller's conversations.
 * - message_changed: a message was edited, deleted or hidden: replace it by id.
 * - read: a side read up to a message (`side`: who read); unread counts and 'Seen' move.
 * - conversation: a conversation was opened or closed: reload it.
 * - reset: more was missed than a stream replays: reload, then resume from `lastEventId`.
 * - closed: the session ended; refresh the token and reconnect with the last id.
 */
export const STREAM_EVENT_KINDS = ['ready', 'message', 'message_changed', 'read', 'conversation', 'reset', 'closed'] as const;
export type StreamEventKind = (typeof STREAM_EVENT_KINDS)[number];
export const StreamEvent = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ready'), lastEventId: z.string() }),
  z.object({ kind: z.literal('message'), conversationId: z.string(), message: Message }),
  z.object({ kind: z.literal('message_changed'), conversationId: z.string(), message: Message }),
  z.object({ kind: z.literal('read'), conversationId: z.string(), side: z.enum(MESSAGE_SIDES), upTo: z.string() }),
  z.object({ kind: z.literal('conversation'), conversationId: z.string() }),
  z.object({ kind: z.literal('reset'), lastEventId: z.string() }),
  z.object({ kind: z.literal('closed'), reason: z.enum(['session_ended', 'suspended', 'server_closing']) }),
]);
export type StreamEvent = z.infer<typeof StreamEvent>;

const success = { status: z.literal('success') } as const;
const both = ['client', 'freelancer'] as const;
const conversationParam = { conversationId: uuidParam('TL_CORE_36000_E') };
const messageParam = { ...conversationParam, messageId: uuidParam('TL_CORE_36001_E') };

// ---- opening and reading -----------------------------------------------------------------------

export const OpenConversationBody = z.object({
  /** One of the company's shortlist candidates; another company's (or not a UUID) is 404 TL_CORE_36003_E. */
  candidateId: uuidField('TL_CORE_36003_E', { required: 'candidateId is required' }),
});
export type OpenConversationBody = z.input<typeof OpenConversationBody>;

export const openConversation = defineEndpoint({
  tag: 'messages',
  method: 'POST',
  path: '/company/conversations',
  summary:
    'Open the conversation with a shortlisted candidate (verified companies only), or answer the one already open: one per candidate',
  auth: true,
  access: ['client'],
  body: OpenConversationBody,
  errors: ['TL_CORE_13010_E', 'TL_CORE_36003_E', 'TL_CORE_36004_E', 'TL_CORE_36011_E'],
  response: z.object({ ...success, responseMessage: z.string(), conversation: Conversation }),
});

export const listConversations = defineEndpoint({
  tag: 'messages',
  method: 'GET',
  path: '/conversations',
  summary: 'The caller’s conversations, the most recent message first, each with its unread count',
  auth: true,
  access: both,
  response: z.object({ ...success, conversations: z.array(Conversation) }),
});

export const getUnreadCounts = defineEndpoint({
  tag: 'messages',
  method: 'GET',
  path: '/conversations/unread',
  summary: 'The caller’s unread messages, in all and per conversation (menus, cards, page title)',
  auth: true,
  access: both,
  response: z.object({ ...success, unread: UnreadCounts }),
});

export const ConversationOfCandidateQuery = z.object({ candidateId: z.string().max(100) });
export const findConversationOfCandidate = defineEndpoint({
  tag: 'messages',
  method: 'GET',
  path: '/conversations/of-candidate',
  summary: 'The conversation of a candidate, if one was opened (the candidate card’s and the timeline’s link); null otherwise',
  auth: true,
  access: both,
  query: ConversationOfCandidateQuery,
  response: z.object({ ...success, conversation: Conversation.nullable() }),
});

export const MessagesQuery = z.object({
  /** Older than this message (a message id of the conversation): the next page back. */
  before: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGE_PAGE_MAX).optional(),
});

export const getConversation = defineEndpoint({
  tag: 'messages',
  method: 'GET',
  path: '/conversations/:conversationId',
  params: z.object(conversationParam),
  summary: `One conversation and its newest messages (at most ${MESSAGE_PAGE_MAX}, oldest first; \`before\` pages back); does not mark read`,
  auth: true,
  access: both,
  query: MessagesQuery,
  errors: ['TL_CORE_36000_E'],
  response: z.object({ ...success, conversation: Conversation, messages: z.array(Message), hasOlder: z.boolean() }),
});

export const MarkReadBody = z.object({
  /** The newest message the caller has seen (a message of this conversation; another is 404 TL_CORE_36001_E). */
  upTo: uuidField('TL_CORE_36001_E', { required: 'upTo is required' }),
});
export const markConversationRead = defineEndpoint({
  tag: 'messages',
  method: 'POST',
  path: '/conversations/:conversationId/read',
  params: z.object(conversationParam),
  summary: 'Mark the conversation read up to a message (never moves back); the other side’s Seen moves live',
  auth: true,
  access: both,
  body: MarkReadBody,
  errors: ['TL_CORE_36000_E', 'TL_CORE_36001_E'],
  response: z.object({ ...success, unread: UnreadCounts }),
});

// ---- sending, editing, deleting ----------------------------------------------------------------

export const SendMessageBody = z.object({ text: MessageText });
export type SendMessageBody = z.input<typeof SendMessageBody>;

export const sendMessage = defineEndpoint({
  tag: 'messages',
  method: 'POST',
  path: '/conversations/:conversationId/messages',
  params: z.object(conversationParam),
  summary: `Send a text message (at most ${MESSAGE_TEXT_MAX} characters); closed: 409; suspended: 403; more than ${MESSAGES_PER_MINUTE_MAX} a minute: 429`,
  auth: true,
  access: both,
  body: SendMessageBody,
  errors: ['TL_CORE_36000_E', 'TL_CORE_36004_E', 'TL_CORE_36009_E', 'TL_CORE_36011_E'],
  response: z.object({ ...success, message: Message }),
});

export const sendMessageFile = defineEndpoint({
  tag: 'messages',
  method: 'POST',
  path: '/conversations/:conversationId/files',
  params: z.object(conversationParam),
  summary:
    'Send a file (multipart: file; pdf, doc, docx, jpg, png or webp decided from the bytes, at most 10 MB; optional text): a message carrying it',
  auth: true,
  access: both,
  multipart: {
    fields: { text: { type: 'text', schema: MessageText.optional(), description: 'A line to go with the file (optional)' } },
    files: {
      file: {
        kinds: MESSAGE_FILE_KINDS,
        maxBytes: MESSAGE_FILE_MAX_BYTES,
        maxCount: 1,
        required: true,
        tooLarge: 'TL_CORE_36016_E',
        wrongKind: 'TL_CORE_36015_E',
        missing: { code: 'TL_CORE_00400_E', message: `file: ${MESSAGE_MESSAGES.fileRequired}` },
        description: 'The file (pdf, doc, docx, jpg, png or webp, at most 10 MB)',
      },
    },
    limits: { parts: 3, fields: 1, files: 1, fieldBytes: MESSAGE_TEXT_MAX * 4 },
    otherFiles: 'refuse',
    what: 'the file',
  },
  errors: ['TL_CORE_36000_E', 'TL_CORE_36004_E', 'TL_CORE_36009_E', 'TL_CORE_36011_E'],
  response: z.object({ ...success, message: Message }),
});

export const getMessageFile = defineEndpoint({
  tag: 'messages',
  method: 'GET',
  path: '/conversations/:conversationId/files/:fileId',
  params: z.object({ ...conversationParam, fileId: uuidParam('TL_CORE_36017_E') }),
  summary: 'A file sent in the conversation, to either side (an attachment; a deleted or hidden message’s file is 404)',
  auth: true,
  access: both,
  response: z.string().meta({ format: 'binary' }),
  download: {
    types: [
      'image/webp',
      'image/png',
      'image/jpeg',
      'application/pdf',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
  },
  errors: ['TL_CORE_36000_E', 'TL_CORE_36017_E'],
});

export const editMessage = defineEndpoint({
  tag: 'messages',
  method: 'PUT',
  path: '/conversations/:conversationId/messages/:messageId',
  params: z.object(messageParam),
  summary: `Edit your own text message within ${MESSAGE_EDIT_MINUTES} minutes of sending; it shows Edited`,
  auth: true,
  access: both,
  body: SendMessageBody,
  errors: [
    'TL_CORE_36000_E',
    'TL_CORE_36001_E',

    'TL_CORE_36006_E',
    'TL_CORE_36007_E',
    'TL_CORE_36008_E',
    'TL_CORE_36011_E',
  ],
  response: z.object({ ...success, responseMessage: z.string(), message: Message }),
});

export const deleteMessage = defineEndpoint({
  tag: 'messages',
  method: 'DELETE',
  path: '/conversations/:conversationId/messages/:messageId',
  params: z.object(messageParam),
  summary: 'Delete your own message; it keeps its place, marked deleted, for both sides',
  auth: true,
  access: both,
  errors: ['TL_CORE_36000_E', 'TL_CORE_36001_E', 'TL_CORE_36007_E', 'TL_CORE_36008_E'],
  response: z.object({ ...success, responseMessage: z.string(), message: Message }),
});

export const ReportMessageBody = z.object({ reason: ReportReason });
export type ReportMessageBody = z.input<typeof ReportMessageBody>;
export const reportMessage = defineEndpoint({
  tag: 'messages',
  method: 'POST',
  path: '/conversations/:conversationId/messages/:messageId/report',
  params: z.object(messageParam),
  summary: 'Report the other side’s message to our team with a reason; operators then see the thread',
  auth: true,
  access: both,
  body: ReportMessageBody,
  errors: ['TL_CORE_36000_E', 'TL_CORE_36001_E', 'TL_CORE_36012_E', 'TL_CORE_36013_E'],
  response: z.object({ ...success, responseMessage: z.string(), message: Message }),
});

export const StreamQuery = z.strictObject({
  /** Resume after this event id (as the Last-Event-ID header; the header wins when both are sent). */
  after: z
    .string()
    .regex(/^\d{1,18}$/, { message: 'after must be an event id' })
    .optional(),
});
export const streamConversations = defineEndpoint({
  tag: 'messages',
  method: 'GET',
  path: '/conversations/stream',
  summary: `Server-Sent Events of every change in the caller’s conversations (see StreamEvent); resume with Last-Event-ID; at most ${STREAMS_PER_ACCOUNT_MAX} per account`,
  auth: true,
  access: both,
  query: StreamQuery,
  errors: ['TL_CORE_36010_E'],
  response: z.string().meta({ description: 'text/event-stream' }),
});

// ---- operators ---------------------------------------------------------------------------------

const operator = ['operator'] as const;

/** A reported message as the operators' queue lists it. */
export const ReportedMessage = z.object({
  messageId: z.string(),
  conversationId: z.string(),
  companyName: z.string(),
  freelancerName: z.string(),
  /** The reported message's author side and its text as written (operators see hidden text). */
  side: z.enum(MESSAGE_SIDES),
  text: z.string(),
  reports: z.array(z.object({ side: z.enum(MESSAGE_SIDES), reason: z.string(), at: z.string() })),
  hidden: z.boolean(),
  firstReportedAt: z.string(),
});
export type ReportedMessage = z.infer<typeof ReportedMessage>;

/** A message as an operator sees it in a reported thread: the text as written, and whether it is hidden, deleted or reported. */
export const OperatorThreadMessage = Message.omit({ mine: true, editableUntil: true, reportedByMe: true }).extend({
  reported: z.boolean(),
});
export type OperatorThreadMessage = z.infer<typeof OperatorThreadMessage>;

export const listReportedMessages = defineEndpoint({
  tag: 'operator',
  method: 'GET',
  path: '/operator/message-reports',
  summary: 'Reported messages, unhidden ones first, oldest report first (every view is in the audit log)',
  auth: true,
  access: operator,
  response: z.object({ ...success, reports: z.array(ReportedMessage) }),
});

export const getReportedThread = defineEndpoint({
  tag: 'operator',
  method: 'GET',
  path: '/operator/message-reports/:conversationId',
  params: z.object(conversationParam),
  summary:
    'A reported conversation’s messages around its reports (only a reported conversation; any other is 404); the view is in the audit log',
  auth: true,
  access: operator,
  errors: ['TL_CORE_36000_E'],
  response: z.object({
    ...success,
    companyName: z.string(),
    freelancerName: z.string(),
    messages: z.array(OperatorThreadMessage),
  }),
});

export const HideMessageBody = z.object({ reason: ReportReason });
export const hideMessage = defineEndpoint({
  tag: 'operator',
  method: 'POST',
  path: '/operator/message-reports/:conversationId/messages/:messageId/hide',
  params: z.object(messageParam),
  summary: 'Hide a reported conversation’s message (reason in the audit log): both sides see it hidden',
  auth: true,
  access: operator,
  body: HideMessageBody,
  errors: ['TL_CORE_36000_E', 'TL_CORE_36001_E', 'TL_CORE_36014_E'],
  response: z.object({ ...success, responseMessage: z.string() }),
});

/** Messages with contact details sent before an engagement, for operators (counted, never held). */
export const getContactDetailCounts = defineEndpoint({
  tag: 'operator',
  method: 'GET',
  path: '/operator/message-contact-details',
  summary: 'How many messages carried contact details before an engagement, in the last 7 and 30 days and in all',
  auth: true,
  access: operator,
  response: z.object({ ...success, last7Days: z.number().int(), last30Days: z.number().int(), total: z.number().int() }),
});

// ---- web pages (the web's routes; the missed-message mail links to them) -------------------------

/** The messages pages of each shell, and the operators' queue of reported messages. */
export const MESSAGES_PAGES = { company: '/company/messages', freelancer: '/freelancer/messages', operator: '/admin/messages' } as const;
/** One conversation's page for a side; `conversationPagePath(side, ':conversationId')` is its route pattern. */
export const conversationPagePath = (side: MessageSide, conversationId: string) => `${MESSAGES_PAGES[side]}/${conversationId}`;

/**
 * The quiet-period rule of the missed-message mail (decision 228): a side is mailed once its oldest
 * unread message (from the other side, not deleted or hidden) has waited MISSED_MESSAGE_MAIL_MINUTES,
 * unless it was already mailed since it last read; reading ends the quiet period. One mail per
 * conversation and side per quiet period, however many messages arrive in it.
 */
export function missedMailDue(state: { oldestUnreadAt: Date | null; mailedSinceRead: boolean }, now: Date): boolean {
  if (state.mailedSinceRead || !state.oldestUnreadAt) return false;
  return now.getTime() - state.oldestUnreadAt.getTime() >= MISSED_MESSAGE_MAIL_MINUTES * 60_000;
}

/** The mail's quote: the message's first characters on one line, cut at a word where it can be, with an ellipsis. */
export function missedMailQuote(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= MISSED_MESSAGE_QUOTE_MAX) return line;
  const cut = line.slice(0, MISSED_MESSAGE_QUOTE_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > MISSED_MESSAGE_QUOTE_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * Why a conversation takes no new messages at `now`, or null (decision 225): the candidate Not
 * selected or removed from the lists; or every engagement of the hire ended more than
 * CONVERSATION_OPEN_AFTER_END_DAYS days ago (none offered or active since).
 */
export function conversationClosedBecause(
  state: { stage: string | null; liveEngagement: boolean; lastEndedAt: Date | null },
  now: Date,
): ClosedBecause | null {
  if (state.stage === null) return 'removed';
  if (state.stage === 'not_selected') return 'not_selected';
  if (
    !state.liveEngagement &&
    state.lastEndedAt &&
    now.getTime() - state.lastEndedAt.getTime() > CONVERSATION_OPEN_AFTER_END_DAYS * 86_400_000
  ) {
    return 'engagement_ended';
  }
  return null;
}
