import { getTalentStatus as endpoint } from '@talentloop/contract/api/talent-pool';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { talentStatusKeys } from './keys.ts';

// Where the freelancer stands in the talent pool, with the dated timeline (issue 21).

export const getTalentStatus = (signal?: AbortSignal) => call(endpoint, undefined, { signal });

export const talentStatusQueryOptions = () =>
  queryOptions({ queryKey: talentStatusKeys.status, queryFn: ({ signal }) => getTalentStatus(signal) });

export const useTalentStatus = () => useQuery(talentStatusQueryOptions());
