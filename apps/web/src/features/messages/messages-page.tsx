import { BRAND, paths } from '@talentloop/contract';
import { MessagesSquare } from 'lucide-react';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useSession } from '../../lib/session-store.ts';
import { cn } from '../../ui/cn.ts';
import { EmptyState } from '../../ui/queue-page.tsx';
import { LoadError } from '../../ui/section-boundary.tsx';
import { useConversations } from './api/list-conversations.ts';
import { ConversationList } from './conversation-list.tsx';
import { ConversationView } from './conversation-view.tsx';
import { sideOf } from './messages-shell.tsx';

// Messages (issue 36), one page for both sides: the conversations on the left and the open one on
// the right from 1024 px; on a phone the list and a conversation are each a page of their own
// (the conversation has a way back). The routes are /company/messages[/:id] and /freelancer/messages[/:id].

const EMPTY = {
  company: 'Open a conversation from a candidate on one of your shortlists: Message on their card or their profile.',
  freelancer: 'When a company that shortlisted you writes to you, the conversation appears here.',
};

export function MessagesPage() {
  const { conversationId } = useParams();
  const user = useSession((s) => s.user);
  const side = sideOf(user?.roles ?? []);
  const list = useConversations();
  const home = side === 'company' ? paths.company.messages : paths.freelancer.messages;
  const conversations = list.data?.conversations ?? [];

  useEffect(() => {
    if (conversationId) return;
    const before = document.title;
    document.title = `Messages · ${BRAND.name}`;
    return () => {
      document.title = before;
    };
  }, [conversationId]);

  return (
    <main className="flex h-[calc(100dvh-4rem)] min-h-[26rem] w-full">
      <div
        className={cn(
          'min-h-0 w-full flex-col border-r border-line bg-white lg:flex lg:w-[22rem] lg:shrink-0',
          conversationId ? 'hidden' : 'flex',
        )}
      >
        <div className="border-b border-line px-4 py-4">
          {conversationId ? (
            <p className="text-lg font-bold tracking-tight">Messages</p>
          ) : (
            <h1 tabIndex={-1} className="text-lg font-bold tracking-tight outline-none">
              Messages
            </h1>
          )}
        </div>
        <nav aria-label="Conversations" className="min-h-0 flex-1 overflow-y-auto">
          {list.isPending ? (
            <ul aria-hidden="true" className="divide-y divide-line">
              {[0, 1, 2].map((i) => (
                <li key={i} className="flex gap-3 px-4 py-3.5">
                  <span className="h-10 w-10 animate-pulse rounded-full bg-surface" />
                  <span className="flex-1 space-y-2 py-1">
                    <span className="block h-3 w-2/3 animate-pulse rounded bg-surface" />
                    <span className="block h-3 w-1/2 animate-pulse rounded bg-surface" />
                  </span>
                </li>
              ))}
            </ul>
          ) : list.isError ? (
            <div className="p-4">
              <LoadError what="your conversations" onRetry={() => list.refetch()} />
            </div>
          ) : conversations.length === 0 ? (
            <div className="p-4">
              <EmptyState icon={MessagesSquare} title="No conversations yet" message={EMPTY[side]} padding="py-10" />
            </div>
          ) : (
            <ConversationList conversations={conversations} side={side} />
          )}
        </nav>
      </div>
      <div className={cn('min-h-0 min-w-0 flex-1 flex-col', conversationId ? 'flex' : 'hidden lg:flex')}>
        {conversationId ? (
          <ConversationView key={conversationId} conversationId={conversationId} backTo={home} />
        ) : (
          <div className="flex flex-1 flex-col items-center justify-center bg-surface p-8 text-center">
            <MessagesSquare className="h-10 w-10 text-muted" aria-hidden="true" />
            <p className="mt-3 font-semibold text-ink">Choose a conversation</p>
            <p className="mt-1 max-w-xs text-sm text-muted">Its messages open here.</p>
          </div>
        )}
      </div>
    </main>
  );
}
