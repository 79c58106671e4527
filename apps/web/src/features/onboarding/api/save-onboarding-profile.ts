import type { ResponseOf } from '@talentloop/contract';
import type { saveOnboardingProfile } from '@talentloop/contract/api/onboarding';
import type { ProfileBasicsForm } from '@talentloop/contract/validation/wizard-form';
import { toProfileData } from '@talentloop/contract/validation/wizard-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callLazy } from '../../../lib/lazy-endpoint.ts';
import { onboardingApi, onboardingKeys } from './keys.ts';

export type SaveProfileInput = { values: ProfileBasicsForm; photo: File | null };

/** Multipart: `profileData` as JSON text and `profilePhoto` (needed on the first save). spec: §3, §7 */
export function saveProfile({ values, photo }: SaveProfileInput): Promise<ResponseOf<typeof saveOnboardingProfile>> {
  const form = new FormData();
  form.append('profileData', JSON.stringify(toProfileData(values)));
  if (photo) form.append('profilePhoto', photo, photo.name);
  return callLazy(() => onboardingApi().then((m) => m.saveOnboardingProfile), undefined, { formData: form });
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
