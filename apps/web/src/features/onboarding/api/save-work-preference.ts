import type { RequestOf } from '@talentloop/contract';
import { saveWorkPreference } from '@talentloop/contract/api/onboarding';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { onboardingKeys } from './keys.ts';

export function useSaveWorkPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof saveWorkPreference>) => call(saveWorkPreference, body),
    onSuccess: (res) => {
      queryClient.setQueryData(onboardingKeys.workPreference(), {
        status: 'success' as const,
        onBoardingStage: res.onBoardingStage,
        workPreferences: res.workPreferences,
      });
      return queryClient.invalidateQueries({ queryKey: onboardingKeys.workPreference() });
    },
  });
}
