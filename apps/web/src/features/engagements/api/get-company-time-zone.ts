import { getCompanyTimeZone } from '@talentloop/contract/api/interviews';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { engagementKeys } from './keys.ts';

/** The company's saved zone: offers default to it and automatic-approval deadlines are shown in it. */
export const companyTimeZoneQuery = () =>
  queryOptions({
    queryKey: [...engagementKeys.company(), 'time-zone'] as const,
    queryFn: ({ signal }) => call(getCompanyTimeZone, undefined, { signal }),
    staleTime: 5 * 60_000,
  });

export const useCompanyTimeZone = () => useQuery(companyTimeZoneQuery());
