import { listMyReviews } from '@talentloop/contract/api/reviews';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { hireKeys } from './keys.ts';

// The freelancer's reviews from companies, once published, with their rating (issue 22).

export const getMyReviews = (signal?: AbortSignal) => call(listMyReviews, undefined, { signal });

export const myReviewsQueryOptions = () => queryOptions({ queryKey: hireKeys.myReviews, queryFn: ({ signal }) => getMyReviews(signal) });

export const useMyReviews = () => useQuery(myReviewsQueryOptions());
