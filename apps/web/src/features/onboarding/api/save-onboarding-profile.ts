import type { ResponseOf } from '@talentloop/contract';
import type { saveOnboardingProfile } from '@talentloop/contract/api/onboarding';
import type { ProfileBasicsForm } from '@talentloop/contract/validation/wizard-form';
import { toProfileData } from '@talentloop/contract/validation/wizard-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadLazy } from '../../../lib/lazy-endpoint.ts';
import { onboardingApi, onboardingKeys } from './keys.ts';

export type SaveProfileInput = { values: ProfileBasicsForm; photo: File | null };

/** Multipart: `profileData` as JSON text and `profilePhoto` (needed on the first save). spec: §3, §7 */
export function saveProfile({ values, photo }: SaveProfileInput): Promise<ResponseOf<typeof saveOnboardingProfile>> {
  return uploadLazy(() => onboardingApi().then((m) => m.saveOnboardingProfile), {
    fields: { profileData: toProfileData(values) },
    files: { profilePhoto: photo },
  });
}

export function useSaveOnboardingProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: (res) => {
      queryClient.setQueryData(onboardingKeys.profile(), {
        status: 'success' as const,
        onBoardingStage: res.onBoardingStage,
        ...res.freelancerProfileResponse,
      });
      return queryClient.invalidateQueries({ queryKey: onboardingKeys.profile() });
    },
  });
}
