import { BACKGROUND_CHECK_MS, NO_BACKGROUND_CHECK_PATHS, REFRESH_AFTER_MS, isPublicPath } from '@talentloop/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { refreshSession, setSessionLostHandler, tokenState } from '../../lib/api-client.ts';
import { usePageData } from '../../lib/page-data.ts';
import { restoreSession, sessionStore } from '../../lib/session-store.ts';

/**
 * Restores the session before any route renders: persisted user first, then a silent refresh
 * (the access token lives only in memory, so a reload always needs one). Then keeps it fresh in the
 * background. spec: auth-onboarding §4 Session
 */
export function AuthGate({ children }: { children: ReactNode }) {
  // A page rendered ahead (issue 37; public pages only) shows at once, as its HTML did: the session
  // is restored behind it and the page follows (a signed-in visitor's header, a guard's redirect).
  const [ready, setReady] = useState(usePageData().ahead);
  const location = useLocation();

  // Dropping the user is enough: guarded routes then send to /login, other pages stay as they are
  // (an unknown path still shows 'Not found').
  useEffect(() => {
    setSessionLostHandler(() => sessionStore.clear());
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once at start
  useEffect(() => {
    let cancelled = false;
    (async () => {
      await restoreSession();
      const signedInBefore = Boolean(sessionStore.get().user);
      if (!tokenState.get() && (signedInBefore || !isPublicPath(location.pathname))) {
        try {
          await refreshSession();
        } catch {
          // No session: the user is dropped and guarded routes send to /login.
          sessionStore.clear();
        }
      }
      if (!cancelled) setReady(true);
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    const timer = setInterval(() => {
      if (NO_BACKGROUND_CHECK_PATHS.includes(window.location.pathname)) return;
      const token = tokenState.get();
      const stale = Date.now() - tokenState.lastRefreshAt() > REFRESH_AFTER_MS;
      if ((token && stale) || (!token && sessionStore.get().user)) refreshSession().catch(() => {});
    }, BACKGROUND_CHECK_MS);
    return () => clearInterval(timer);
  }, []);

  return ready ? children : null;
}
