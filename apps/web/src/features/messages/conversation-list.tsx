import type { Conversation, MessageSide } from '@talentloop/contract/api/messages';
import { conversationPath } from '@talentloop/contract';
import { Lock, Paperclip } from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '../../ui/cn.ts';
import { Avatar } from './conversation-view.tsx';
import { listTime } from './format.ts';

// The caller's conversations as cards (issue 36): who, for which role, the last line and when, the
// unread count, and a closed mark. The open one is marked as the current page.

export function ConversationList({ conversations, side }: { conversations: Conversation[]; side: MessageSide }) {
  return (
    <ul className="divide-y divide-line">
      {conversations.map((c) => (
        <li key={c.id}>
          <ConversationCard conversation={c} side={side} />
        </li>
      ))}
    </ul>
  );
}

function lastLine(c: Conversation): string {
  const last = c.lastMessage;
  if (!last) return 'No messages yet';
  const text = last.text || (last.kind === 'file' ? 'Sent a file' : 'Message deleted');
  return last.mine ? `You: ${text}` : text;
}

function ConversationCard({ conversation: c, side }: { conversation: Conversation; side: MessageSide }) {
  const unread = c.unread > 0;
  return (
    <NavLink
      to={conversationPath(side, c.id)}
      className={({ isActive }) =>
        cn(
          'flex gap-3 px-4 py-3.5 transition-colors hover:bg-surface focus-visible:relative focus-visible:z-10',
          isActive && 'bg-brand-50 hover:bg-brand-50',
        )
      }
    >
      <Avatar name={c.counterpart.name} />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className={cn('truncate text-sm text-ink', unread ? 'font-bold' : 'font-semibold')}>{c.counterpart.name}</span>
          {c.lastMessage && (
            <time dateTime={c.lastMessage.at} className={cn('shrink-0 text-xs', unread ? 'font-semibold text-brand-700' : 'text-muted')}>
              {listTime(c.lastMessage.at)}
            </time>
          )}
        </span>
        <span className="block truncate text-xs text-muted">{c.role}</span>
        <span className="mt-0.5 flex items-center justify-between gap-2">
          <span className={cn('flex min-w-0 items-center gap-1 truncate text-sm', unread ? 'font-medium text-ink' : 'text-muted')}>
            {c.closedBecause && <Lock className="h-3.5 w-3.5 shrink-0" aria-label="Closed" />}
            {c.lastMessage?.kind === 'file' && <Paperclip className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />}
            <span className="truncate">{lastLine(c)}</span>
          </span>
          {unread && (
            <span className="shrink-0 rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white tabular-nums">
              {c.unread > 99 ? '99+' : c.unread}
              <span className="sr-only"> unread</span>
            </span>
          )}
        </span>
      </span>
    </NavLink>
  );
}
