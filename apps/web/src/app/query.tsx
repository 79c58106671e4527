import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Outlet } from 'react-router';

// The query cache is loaded with the first page that fetches data, not with the entry: the landing
// page's first paint needs none of it (issue 12, first-load JS). One client for the whole visit, so
// the cache outlives route changes as before.
const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
const queryClient = typeof window === 'undefined' ? null : newClient();

/** Layout route around every page but the landing: gives them the shared query client. */
export function WithQueryClient() {
  // The server's render (issue 37) gets a cache of its own: nothing kept from one request to the next.
  const [client] = useState(() => queryClient ?? newClient());
  return (
    <QueryClientProvider client={client}>
      <Outlet />
    </QueryClientProvider>
  );
}
