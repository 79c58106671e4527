import type { ResponseOf } from '@talentloop/contract';
import { getEducationWork } from '@talentloop/contract/api/onboarding';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { onboardingKeys } from './keys.ts';

export type EducationWork = ResponseOf<typeof getEducationWork>;

export const educationWorkQuery = () =>
  queryOptions({
    queryKey: onboardingKeys.educationWork(),
    queryFn: ({ signal }) => call(getEducationWork, undefined, { signal }),
  });

export const useEducationWork = () => useQuery(educationWorkQuery());
