import { SEARCH_DEBOUNCE_MS, SEARCH_KINDS, type SearchKind, searchEndpoints } from '@talentloop/contract/api/search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

async function search(kind: SearchKind, text: string, signal: AbortSignal): Promise<string[]> {
  const res = (await call(searchEndpoints[kind], undefined, { query: { query: text }, signal })) as Record<string, unknown>;
  const names = res[SEARCH_KINDS[kind].field];
  return Array.isArray(names) ? (names as string[]) : [];
}

/**
 * Names matching typed text: skills from 1 character, the rest from 3, debounced 1 s.
 * spec: auth-onboarding §7 Search triggers
 */
export function useSearch(kind: SearchKind, text: string, active = true) {
  const debounced = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const longEnough = debounced.length >= SEARCH_KINDS[kind].minLength;
  const query = useQuery({
    queryKey: ['search', kind, debounced.toLowerCase()],
    queryFn: ({ signal }) => search(kind, debounced, signal),
    enabled: active && longEnough,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
  const typedEnough = text.trim().length >= SEARCH_KINDS[kind].minLength;
  return {
    results: longEnough && typedEnough ? (query.data ?? []) : [],
    /** Text is long enough to search. */
    searching: typedEnough,
    /** A search is on its way (debounce or request). */
    pending: typedEnough && (debounced !== text.trim() || query.isFetching),
    failed: query.isError,
  };
}
