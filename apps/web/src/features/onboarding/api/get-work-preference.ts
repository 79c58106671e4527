import type { ResponseOf } from '@talentloop/contract';
import { getWorkPreference } from '@talentloop/contract/api/onboarding';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { onboardingKeys } from './keys.ts';

export type WorkPreferenceRead = ResponseOf<typeof getWorkPreference>;

export const workPreferenceQuery = () =>
  queryOptions({
    queryKey: onboardingKeys.workPreference(),
    queryFn: ({ signal }) => call(getWorkPreference, undefined, { signal }),
  });

export const useWorkPreference = () => useQuery(workPreferenceQuery());
