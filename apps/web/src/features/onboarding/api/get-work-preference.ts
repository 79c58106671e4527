import type { ResponseOf } from '@talentloop/contract';
import type { getWorkPreference } from '@talentloop/contract/api/onboarding';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callLazy } from '../../../lib/lazy-endpoint.ts';
import { onboardingApi, onboardingKeys } from './keys.ts';

export type WorkPreferenceRead = ResponseOf<typeof getWorkPreference>;

export const workPreferenceQuery = () =>
  queryOptions({
    queryKey: onboardingKeys.workPreference(),
    queryFn: ({ signal }) => callLazy(() => onboardingApi().then((m) => m.getWorkPreference), undefined, { signal }),
  });

export const useWorkPreference = () => useQuery(workPreferenceQuery());
