import type { MessageSide } from '@talentloop/contract/api/messages';
import { isClient } from '@talentloop/contract';
import type { ComponentType } from 'react';
import { useEffect } from 'react';
import { useSession } from '../../lib/session-store.ts';
import { useUnread } from './api/get-unread.ts';
import { useMessageStream } from './api/stream.ts';
import { titleWithCount } from './title-count.ts';

// The signed-in shell of companies and freelancers with messages (issue 36): the tab's one live
// stream, the unread count as the Messages entry's badge, and the count in front of the page's
// title whatever page sets it. Composed by the router around the shell (features do not import each other).

type ShellProps = { badges?: { messages?: number } };

/** The caller's side in conversations (a company account is the server's 'client'). */
export const sideOf = (roles: readonly string[]): MessageSide => (isClient(roles) ? 'company' : 'freelancer');

export function MessagesShell({ Shell }: { Shell: ComponentType<ShellProps> }) {
  const user = useSession((s) => s.user);
  const side = user ? sideOf(user.roles) : null;
  useMessageStream(side);
  const unread = useUnread(side !== null);
  const total = unread.data?.unread.total ?? 0;
  useTitleCount(total);
  return <Shell badges={{ messages: total }} />;
}

/** Keeps `(n)` in front of the document's title, also after a page sets its own. */
function useTitleCount(count: number) {
  useEffect(() => {
    const apply = () => {
      const next = titleWithCount(document.title, count);
      if (next !== document.title) document.title = next;
    };
    apply();
    const title = document.querySelector('title');
    if (!title) return;
    const observer = new MutationObserver(apply);
    observer.observe(title, { childList: true, characterData: true, subtree: true });
    return () => {
      observer.disconnect();
      document.title = titleWithCount(document.title, 0);
    };
  }, [count]);
}
