import { listOperatorReviews } from '@talentloop/contract/api/reviews';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { consoleKeys } from './keys.ts';

// The operators' reviews list (issue 22).

export const getOperatorReviews = (signal?: AbortSignal) => call(listOperatorReviews, undefined, { signal });

export const operatorReviewsQueryOptions = () =>
  queryOptions({ queryKey: consoleKeys.reviews, queryFn: ({ signal }) => getOperatorReviews(signal) });

export const useOperatorReviews = () => useQuery(operatorReviewsQueryOptions());

/** After a refused hide or restore (another operator was first): the list is read again. */
export function useReloadReviews() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: consoleKeys.reviews });
}
