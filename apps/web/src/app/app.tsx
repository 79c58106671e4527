import { Suspense, lazy, useEffect, useState } from 'react';
import { BrowserRouter, StaticRouter } from 'react-router';
import { whenIdle } from '../lib/idle.ts';
import { PageViewReporter } from '../features/analytics/page-view-reporter.tsx';
import { AuthGate } from '../features/session/auth-gate.tsx';
import { HistoryPosition } from './history-position.tsx';
import { RouteFocus } from './route-focus.tsx';
import { AppRoutes } from './router.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** `location`: the server's render of that path (entry-server.tsx); the browser's router otherwise. */
export function App({ location }: { location?: string }) {
  return (
    <>
      {location === undefined ? (
        <BrowserRouter>
          <AppContent />
        </BrowserRouter>
      ) : (
        <StaticRouter location={location}>
          <AppContent />
        </StaticRouter>
      )}
      <LateToaster />
    </>
  );
}

/** Everything inside the router. */
export function AppContent() {
  return (
    <>
      <HistoryPosition />
      <ScrollToTop />
      <RouteFocus />
      <PageViewReporter />
      <AuthGate>
        <Suspense fallback={<div className="min-h-dvh" aria-busy="true" />}>
          <AppRoutes />
        </Suspense>
      </AuthGate>
    </>
  );
}

/** The toaster's code loads once the first screen has painted; nothing toasts before that. */
function LateToaster() {
  const [show, setShow] = useState(false);
  // Safari has no requestIdleCallback: whenIdle falls back to a short timer there.
  useEffect(() => whenIdle(() => setShow(true), 2000), []);
  return show ? (
    <Suspense fallback={null}>
      {/* Neutral toasts with coloured icons: the rich colour set fails AA contrast. */}
      <Toaster
        position="top-center"
        closeButton
        toastOptions={{
          classNames: {
            toast: 'font-sans !text-ink',
            description: '!text-muted',
            error: '[&_[data-icon]]:!text-danger',
            success: '[&_[data-icon]]:!text-success',
          },
        }}
      />
    </Suspense>
  ) : null;
}
