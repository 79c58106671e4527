import type { ResponseOf } from '@talentloop/contract';
import type { getEducationWork } from '@talentloop/contract/api/onboarding';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callLazy } from '../../../lib/lazy-endpoint.ts';
import { onboardingApi, onboardingKeys } from './keys.ts';

export type EducationWork = ResponseOf<typeof getEducationWork>;

export const educationWorkQuery = () =>
  queryOptions({
    queryKey: onboardingKeys.educationWork(),
    queryFn: ({ signal }) => callLazy(() => onboardingApi().then((m) => m.getEducationWork), undefined, { signal }),
  });

export const useEducationWork = () => useQuery(educationWorkQuery());
