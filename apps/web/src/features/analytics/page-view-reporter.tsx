import { ROUTES } from '@talentloop/contract';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { API_BASE } from '../../lib/api-client.ts';

// First-party page views: on every route change the path, and the path before it, go to our own
// endpoint with navigator.sendBeacon. No query string, no host, nothing about the visitor, no
// third-party script. spec: auth-onboarding §2 Route list; DESIGN.md "Beyond the spec"

/** The path of the page that linked here, only when it is one of ours. */
function sameOriginReferrer(): string | null {
  try {
    const url = new URL(document.referrer);
    return url.origin === window.location.origin ? url.pathname : null;
  } catch {
    return null;
  }
}

export function sendPageView(path: string, referrer: string | null) {
  const url = `${API_BASE}${ROUTES.pageView.path}`;
  // A string body goes as text/plain, which a beacon may send without a preflight.
  const body = JSON.stringify({ path, referrer });
  try {
    if (navigator.sendBeacon?.(url, body)) return;
  } catch {
    // fall through to fetch
  }
  fetch(url, { method: 'POST', body, keepalive: true, credentials: 'omit', headers: { 'Content-Type': 'text/plain' } }).catch(() => {});
}

/** Mounted once inside the router; renders nothing. */
export function PageViewReporter() {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    if (previous.current === pathname) return;
    const referrer = previous.current ?? sameOriginReferrer();
    previous.current = pathname;
    sendPageView(pathname, referrer);
  }, [pathname]);
  return null;
}
