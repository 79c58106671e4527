import { Suspense, lazy, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { UNSAVED, answerLeave, confirmLeave, hasUnsavedChanges, useLeaveQuestion } from '../lib/unsaved-changes.ts';

// The question's dialog loads the first time it is asked (issue 37, first-load JS: the dialog
// library is not part of the first load of a screen with forms).
const ConfirmDialog = lazy(() => import('./dialog.tsx').then((m) => ({ default: m.ConfirmDialog })));

/** A same-document link the router would follow (not a new tab, a download or another site). */
function routedLink(event: MouseEvent): URL | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download'))
    return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  return url;
}

/**
 * Asks before unsaved changes are thrown away: links to other routes (caught before the router sees
 * them), the browser's Back and Forward (the move is undone, then redone on 'Leave'), closing or
 * reloading the page (the browser's own question), and whatever a screen routes through
 * confirmLeave (tab and section switches, Back buttons). Mount once per screen with forms.
 */
export function UnsavedChangesPrompt() {
  const open = useLeaveQuestion();
  const [asked, setAsked] = useState(false);
  if (open && !asked) setAsked(true);
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!hasUnsavedChanges()) return;
      const url = routedLink(event);
      if (!url) return;
      const target = url.pathname + url.search + url.hash;
      if (target === location.pathname + location.search + location.hash) return;
      event.preventDefault();
      event.stopPropagation();
      confirmLeave(() => navigate(target));
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!hasUnsavedChanges()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [navigate, location]);

  return asked ? (
    <Suspense fallback={null}>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          if (!next) answerLeave(false);
        }}
        title={UNSAVED.title}
        description={UNSAVED.message}
        cancelLabel={UNSAVED.stay}
        confirmLabel={UNSAVED.leave}
        tone="danger"
        onConfirm={() => answerLeave(true)}
      />
    </Suspense>
  ) : null;
}
