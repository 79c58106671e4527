import { ROUTES } from '@talentloop/contract';
import type { getPoolSize as getPoolSizeEndpoint } from '@talentloop/contract/api/talent-pool';
import { useEffect, useState } from 'react';
import { callRoute } from '../../../lib/api-client.ts';

// The landing's pool size (issue 20): the real count of vetted, open-to-work profiles from
// GET /api/public/talent-pool, rounded down by the server and null below its threshold. Called by
// method and path (ROUTES), so the landing loads no schema library; a failure just keeps the
// sentence without a number. The landing keeps no query cache (it loads no query library up front):
// the fetcher and a plain hook (decision 188).

export const getPoolSize = (signal?: AbortSignal) => callRoute<typeof getPoolSizeEndpoint>(ROUTES.poolSize, undefined, { signal });

export function usePoolSize(): number | null {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getPoolSize(controller.signal).then(
      (answer) => setCount(answer.vettedCount),
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  return count;
}
