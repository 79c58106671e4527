import { ApiError } from '../../../lib/api-client.ts';
import type { apiQuery } from '../search-params.ts';

// The company's talent search (issue 20): its query keys (decision 188) and the retry rule its reads share.

export const talentKeys = {
  search: (query: ReturnType<typeof apiQuery>) => ['talent-search', 'search', query] as const,
  profile: (slug: string) => ['talent-search', 'profile', slug] as const,
};

/** A refusal (bad input, not found, no access) is an answer: only a failure to connect is tried again. */
export const retryOnlyNetwork = (count: number, err: unknown) =>
  !(err instanceof ApiError && err.status > 0 && err.status < 500) && count < 1;
