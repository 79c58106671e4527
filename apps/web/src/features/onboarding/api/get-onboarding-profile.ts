import type { ResponseOf } from '@talentloop/contract';
import type { getOnboardingProfile } from '@talentloop/contract/api/onboarding';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callLazy } from '../../../lib/lazy-endpoint.ts';
import { onboardingApi, onboardingKeys } from './keys.ts';

export type OnboardingProfile = ResponseOf<typeof getOnboardingProfile>;

export const onboardingProfileQuery = () =>
  queryOptions({
    queryKey: onboardingKeys.profile(),
    queryFn: ({ signal }) => callLazy(() => onboardingApi().then((m) => m.getOnboardingProfile), undefined, { signal }),
  });

export const useOnboardingProfile = () => useQuery(onboardingProfileQuery());
