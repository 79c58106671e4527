import type { RequestOf } from '@talentloop/contract';
import type { saveEducationWork } from '@talentloop/contract/api/onboarding';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callLazy } from '../../../lib/lazy-endpoint.ts';
import { onboardingApi, onboardingKeys } from './keys.ts';

export type SaveEducationWorkBody = RequestOf<typeof saveEducationWork>;

export function useSaveEducationWork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveEducationWorkBody) => callLazy(() => onboardingApi().then((m) => m.saveEducationWork), body),
    onSuccess: (res) => {
      queryClient.setQueryData(onboardingKeys.educationWork(), {
        status: 'success' as const,
        onBoardingStage: res.onBoardingStage,
        educationDetails: res.educationDetails,
        workExperience: res.workExperience,
      });
      return queryClient.invalidateQueries({ queryKey: onboardingKeys.educationWork() });
    },
  });
}
