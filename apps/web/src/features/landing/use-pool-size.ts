import { ROUTES } from '@talentloop/contract';
import type { getPoolSize } from '@talentloop/contract/api/talent-pool';
import { useEffect, useState } from 'react';
import { callRoute } from '../../lib/api-client.ts';

// The landing's pool size (issue 20): the real count of vetted, open-to-work profiles from
// GET /api/public/talent-pool, rounded down by the server and null below its threshold. Called by
// method and path (ROUTES), so the landing loads no schema library; a failure just keeps the
// sentence without a number.
export function usePoolSize(): number | null {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    callRoute<typeof getPoolSize>(ROUTES.poolSize, undefined, { signal: controller.signal }).then(
      (answer) => setCount(answer.vettedCount),
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  return count;
}
