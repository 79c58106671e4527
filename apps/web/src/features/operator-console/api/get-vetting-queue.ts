import { listVettingQueue } from '@talentloop/contract/api/talent-pool';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { consoleKeys } from './keys.ts';

// The vetting queue (issue 21): profiles waiting, oldest first, each with its completion and timeline.

export const getVettingQueue = (signal?: AbortSignal) => call(listVettingQueue, undefined, { signal });

export const vettingQueueQueryOptions = () =>
  queryOptions({ queryKey: consoleKeys.vetting, queryFn: ({ signal }) => getVettingQueue(signal) });

export const useVettingQueue = () => useQuery(vettingQueueQueryOptions());
