import { listHires } from '@talentloop/contract/api/reviews';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { hireKeys } from './keys.ts';

// The company's hires with their reviews (issue 22).

export const getHires = (signal?: AbortSignal) => call(listHires, undefined, { signal });

export const hiresQueryOptions = () => queryOptions({ queryKey: hireKeys.hires, queryFn: ({ signal }) => getHires(signal) });

export const useHires = () => useQuery(hiresQueryOptions());
