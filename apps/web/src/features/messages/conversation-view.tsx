import { BRAND, companyTalentPath } from '@talentloop/contract';
import { CLOSED_LABELS, type Conversation, type Message } from '@talentloop/contract/api/messages';
import { ArrowLeft, Lock, LoaderCircle } from 'lucide-react';
import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api-client.ts';
import { LoadError } from '../../ui/section-boundary.tsx';
import { useConversation, useLoadOlder } from './api/get-conversation.ts';
import { seenMessageId } from './api/keys.ts';
import { useMarkRead } from './api/mark-read.ts';
import { Composer } from './composer.tsx';
import { dayLabel, newDay } from './format.ts';
import { MessageItem } from './message-item.tsx';

// One conversation (issue 36): who it is with and for which role, its messages as a log that a
// screen reader announces as they arrive (role=log, polite) and that the keyboard walks with the
// arrow keys, Home and End, then the composer, or the closed state with its reason. What arrives
// while the conversation is on screen is marked read, which moves both shells' counts.

const EDIT_TICK_MS = 15_000;

export function ConversationView({ conversationId, backTo }: { conversationId: string; backTo: string }) {
  const query = useConversation(conversationId);
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  const data = query.data;

  useEffect(() => {
    const before = document.title;
    document.title = data ? `${data.conversation.counterpart.name} · Messages · ${BRAND.name}` : `Messages · ${BRAND.name}`;
    return () => {
      document.title = before;
    };
  }, [data]);

  if (query.isPending) {
    return (
      <div className="flex flex-1 items-center justify-center text-muted" role="status">
        <LoaderCircle className="h-5 w-5 animate-spin" aria-hidden="true" />
        <span className="sr-only">Loading the conversation</span>
      </div>
    );
  }
  if (notFound) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center p-8 text-center">
        <h1 className="text-xl font-bold">Conversation not found</h1>
        <p className="mt-2 max-w-sm text-muted">It is not one of yours, or the link is wrong.</p>
        <Link to={backTo} className="mt-6 font-semibold text-brand-700 underline underline-offset-2">
          All messages
        </Link>
      </div>
    );
  }
  if (query.isError || !data) {
    return (
      <div className="p-6">
        <LoadError what="this conversation" onRetry={() => query.refetch()} />
      </div>
    );
  }
  return <Thread conversation={data.conversation} messages={data.messages} hasOlder={data.hasOlder} backTo={backTo} />;
}

function Thread({
  conversation,
  messages,
  hasOlder,
  backTo,
}: {
  conversation: Conversation;
  messages: Message[];
  hasOlder: boolean;
  backTo: string;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const stickToEnd = useRef(true);
  const older = useLoadOlder(conversation.id);
  const markRead = useMarkRead();
  const lastMarked = useRef<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const name = conversation.counterpart.name;
  const closed = conversation.closedBecause !== null;
  const newest = messages.at(-1);
  const seenId = seenMessageId(messages, conversation.seenUpTo);

  // The edit window closes while the page is open.
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), EDIT_TICK_MS);
    return () => clearInterval(t);
  }, []);

  // Read while on screen: up to the newest message, once per newest message, when the tab is visible.
  useEffect(() => {
    if (!newest || newest.mine || lastMarked.current === newest.id) return;
    const mark = () => {
      if (document.visibilityState !== 'visible' || lastMarked.current === newest.id) return;
      lastMarked.current = newest.id;
      markRead.mutate({ conversationId: conversation.id, upTo: newest.id });
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [newest, conversation.id, markRead]);

  // The newest message stays in view as messages arrive, unless the reader scrolled up.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the newest message changes
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (el && stickToEnd.current) el.scrollTop = el.scrollHeight;
  }, [newest?.id]);

  function onScroll() {
    const el = scrollRef.current;
    if (el) stickToEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
  }

  // Arrow keys, Home and End move between messages; Tab goes on to each message's actions.
  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const items = [...(listRef.current?.querySelectorAll<HTMLElement>('[data-message]') ?? [])];
    if (items.length === 0) return;
    const current = items.findIndex((el) => el === document.activeElement || el.contains(document.activeElement));
    let next = -1;
    if (e.key === 'ArrowDown') next = current === -1 ? items.length - 1 : Math.min(items.length - 1, current + 1);
    else if (e.key === 'ArrowUp') next = current === -1 ? items.length - 1 : Math.max(0, current - 1);
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = items.length - 1;
    else return;
    if ((e.target as HTMLElement).closest('textarea, input')) return;
    e.preventDefault();
    items[next]?.focus();
  }

  return (
    <section aria-labelledby="conversation-title" className="flex min-h-0 flex-1 flex-col">
      <header className="flex items-center gap-3 border-b border-line bg-white px-3 py-3 sm:px-5">
        <Link
          to={backTo}
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl text-muted hover:bg-surface hover:text-ink lg:hidden"
          aria-label="All messages"
        >
          <ArrowLeft className="h-5 w-5" aria-hidden="true" />
        </Link>
        <Avatar name={name} />
        <div className="min-w-0 flex-1">
          <h1 id="conversation-title" tabIndex={-1} className="truncate text-base font-semibold text-ink outline-none">
            {conversation.side === 'company' && conversation.counterpart.slug ? (
              <Link to={companyTalentPath(conversation.counterpart.slug)} className="hover:text-brand-700 hover:underline">
                {name}
              </Link>
            ) : (
              name
            )}
          </h1>
          <p className="truncate text-sm text-muted">
            {conversation.role}
            {conversation.counterpart.detail && conversation.counterpart.detail !== conversation.role
              ? ` · ${conversation.counterpart.detail}`
              : ''}
          </p>
        </div>
        {closed && (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-surface px-2.5 py-1 text-xs font-semibold text-muted">
            <Lock className="h-3.5 w-3.5" aria-hidden="true" />
            Closed
          </span>
        )}
      </header>

      <div ref={scrollRef} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto bg-surface px-3 py-4 sm:px-5">
        {hasOlder && (
          <div className="mb-4 flex justify-center">
            <button
              type="button"
              onClick={() => {
                const first = messages[0];
                if (first) older.mutate(first.id);
              }}
              aria-busy={older.isPending || undefined}
              className="inline-flex min-h-9 items-center gap-2 rounded-full border border-line bg-white px-4 text-sm font-medium text-ink hover:bg-surface"
            >
              {older.isPending && <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" />}
              Show older messages
            </button>
          </div>
        )}
        {messages.length === 0 ? <p className="py-10 text-center text-sm text-muted">No messages yet. Say hello to {name}.</p> : null}
        {/* role=log: a screen reader reads out what is added, politely; the log is one tab stop the arrow keys move within. */}
        <div
          ref={listRef}
          role="log"
          aria-live="polite"
          aria-relevant="additions"
          aria-label={`Messages with ${name}`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the log is one tab stop; the arrow keys move within it
          tabIndex={0}
          onKeyDown={onKeyDown}
          className="rounded-xl outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          <ol className="space-y-3">
            {messages.map((m, i) => (
              <li key={m.id} className="space-y-3">
                {newDay(messages[i - 1]?.createdAt, m.createdAt) && (
                  <p className="pt-2 text-center text-xs font-semibold tracking-wide text-muted uppercase">{dayLabel(m.createdAt)}</p>
                )}
                <div data-message tabIndex={-1} className="rounded-xl outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
                  <MessageItem
                    message={m}
                    conversationId={conversation.id}
                    counterpart={name}
                    seen={m.id === seenId}
                    now={now}
                    canWrite={!closed}
                  />
                </div>
              </li>
            ))}
          </ol>
        </div>
      </div>

      {closed ? (
        <div className="border-t border-line bg-white px-4 py-4 text-sm sm:px-5">
          <p className="flex items-start gap-2 font-medium text-ink">
            <Lock className="mt-0.5 h-4 w-4 shrink-0 text-muted" aria-hidden="true" />
            {conversation.closedBecause ? CLOSED_LABELS[conversation.closedBecause] : ''}
          </p>
          {conversation.closedReason && (
            <p className="mt-2 rounded-xl bg-surface px-3 py-2 break-words whitespace-pre-line text-muted">
              <span className="font-medium text-ink">Reason: </span>
              {conversation.closedReason}
            </p>
          )}
          <p className="mt-2 text-muted">You can still read it.</p>
        </div>
      ) : (
        <Composer conversationId={conversation.id} counterpart={name} />
      )}
    </section>
  );
}

export function Avatar({ name }: { name: string }) {
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0])
      .join('')
      .toUpperCase() || '?';
  return (
    <span
      aria-hidden="true"
      className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
    >
      {initials}
    </span>
  );
}
