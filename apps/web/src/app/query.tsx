import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';

// The query cache is loaded with the first page that fetches data, not with the entry: the landing
// page's first paint needs none of it (issue 12, first-load JS). One client for the whole visit, so
// the cache outlives route changes as before.
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

/** Layout route around every page but the landing: gives them the shared query client. */
export function WithQueryClient() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
