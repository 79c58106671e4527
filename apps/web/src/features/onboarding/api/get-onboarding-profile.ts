import type { ResponseOf } from '@talentloop/contract';
import { getOnboardingProfile } from '@talentloop/contract/api/onboarding';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { onboardingKeys } from './keys.ts';

export type OnboardingProfile = ResponseOf<typeof getOnboardingProfile>;

export const onboardingProfileQuery = () =>
  queryOptions({
    queryKey: onboardingKeys.profile(),
    queryFn: ({ signal }) => call(getOnboardingProfile, undefined, { signal }),
  });

export const useOnboardingProfile = () => useQuery(onboardingProfileQuery());
