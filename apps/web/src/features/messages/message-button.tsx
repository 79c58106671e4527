import { conversationPath } from '@talentloop/contract';
import { MessageSquareText } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { messagesError } from './error-text.ts';
import { Button } from '../../ui/button.tsx';
import { notify } from '../../ui/toast.ts';
import { useConversations } from './api/list-conversations.ts';
import { useOpenConversation } from './api/open-conversation.ts';

// 'Message' for a company (issue 36): on a candidate's card and on the profile as the company sees
// it. It opens the candidate's one conversation (made on the first click, the same one after) and
// shows its unread count. Composed by the router into the shortlists' card and the profile page.

export function MessageButton({
  candidateId,
  name,
  role,
  variant = 'secondary',
}: {
  candidateId: string;
  name: string;
  /** Said when a profile has several roles (one conversation per candidacy). */
  role?: string;
  variant?: 'primary' | 'secondary';
}) {
  const open = useOpenConversation();
  const navigate = useNavigate();
  const list = useConversations();
  const [pending, setPending] = useState(false);
  const known = list.data?.conversations.find((c) => c.candidateId === candidateId);
  const unread = known?.unread ?? 0;

  async function go() {
    if (known) return navigate(conversationPath('company', known.id));
    setPending(true);
    try {
      const res = await open.mutateAsync(candidateId);
      await navigate(conversationPath('company', res.conversation.id));
    } catch (err) {
      notify.error('Could not open the conversation', messagesError(err, { title: 'Could not open', message: 'Please try again.' }));
    } finally {
      setPending(false);
    }
  }

  return (
    <Button
      variant={variant}
      onClick={go}
      pending={pending}
      aria-label={`Message ${name}${role ? ` about ${role}` : ''}${unread > 0 ? `, ${unread} unread` : ''}`}
    >
      <MessageSquareText className="h-4 w-4" aria-hidden="true" />
      {role ? `Message · ${role}` : 'Message'}
      {unread > 0 && <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white tabular-nums">{unread}</span>}
    </Button>
  );
}

/** The profile's 'Message': one per role the freelancer is a candidate for on the company's lists. */
export function ProfileMessageButtons({ candidates, name }: { candidates: Array<{ candidateId: string; role: string }>; name: string }) {
  if (candidates.length === 0) return null;
  return (
    <>
      {candidates.map((c) => (
        <MessageButton key={c.candidateId} candidateId={c.candidateId} name={name} role={candidates.length > 1 ? c.role : undefined} />
      ))}
    </>
  );
}
