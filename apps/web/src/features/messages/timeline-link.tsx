import { conversationPath } from '@talentloop/contract';
import { MessageSquareText } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../ui/button.tsx';
import { useConversations } from './api/list-conversations.ts';

// 'Open conversation' on the freelancer's timeline (issue 36): an entry about a candidacy links to
// that candidacy's one conversation, once the company has opened it (a freelancer cannot open one,
// decision 225), with its unread count. Read from the conversations list the shell's stream keeps
// fresh, so the link appears when the company opens the conversation. Composed by the router into
// the talent-status dashboard.

export function TimelineConversationLink({ candidateId, companyName }: { candidateId: string; companyName: string | null }) {
  const list = useConversations();
  const conversation = list.data?.conversations.find((c) => c.candidateId === candidateId);
  if (!conversation) return null;
  const unread = conversation.unread;
  const who = companyName || conversation.counterpart.name;
  return (
    <Link
      to={conversationPath('freelancer', conversation.id)}
      className={buttonClass('secondary', 'mt-2')}
      aria-label={`Open conversation with ${who}${unread > 0 ? `, ${unread} unread` : ''}`}
    >
      <MessageSquareText className="h-4 w-4" aria-hidden="true" />
      Open conversation
      {unread > 0 && <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white tabular-nums">{unread}</span>}
    </Link>
  );
}
