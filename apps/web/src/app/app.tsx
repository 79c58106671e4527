import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { Toaster } from 'sonner';
import { PageViewReporter } from '../features/analytics/page-view-reporter.tsx';
import { AuthGate } from '../features/session/auth-gate.tsx';
import { AppRoutes } from './router.tsx';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <PageViewReporter />
        <AuthGate>
          <Suspense fallback={<div className="min-h-dvh" aria-busy="true" />}>
            <AppRoutes />
          </Suspense>
        </AuthGate>
      </BrowserRouter>
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
    </QueryClientProvider>
  );
}
