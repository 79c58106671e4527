import type { RequestOf } from '@talentloop/contract';
import type { saveWorkPreference } from '@talentloop/contract/api/onboarding';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callLazy } from '../../../lib/lazy-endpoint.ts';
import { onboardingApi, onboardingKeys } from './keys.ts';

export function useSaveWorkPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof saveWorkPreference>) => callLazy(() => onboardingApi().then((m) => m.saveWorkPreference), body),
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
