import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { callLazy, uploadLazy } from '../../../lib/lazy-endpoint.ts';

// The photo endpoints load with their first call, not with the editor (issue 19).
const editorApi = () => import('@talentloop/contract/api/profile-editor');
import { sessionStore } from '../../../lib/session-store.ts';
import { editorKeys } from '../../profile-editor/api/editor-api.ts';
import { accountKeys } from './keys.ts';

type PhotoResult = { photoUrl: string | null; competitionPercentage: number | null };

/**
 * The photo lives in the session (the shell's avatar and the My Profile card read it there); the
 * completion card and the public preview follow. The About Me load is left alone, so a photo change
 * never resets a half-edited About Me form.
 */
function usePhotoApplied() {
  const queryClient = useQueryClient();
  return ({ photoUrl, competitionPercentage }: PhotoResult) => {
    sessionStore.updateUser({ profilePhotoUrl: photoUrl });
    if (competitionPercentage !== null) queryClient.setQueryData(editorKeys.completion(), competitionPercentage);
    return queryClient.invalidateQueries({ queryKey: accountKeys.preview });
  };
}

/** POST /freelancer-settings/update-photo (multipart profilePhoto). spec: profile-company §7 */
export function useUpdatePhoto() {
  const applied = usePhotoApplied();
  return useMutation({
    mutationFn: (file: File) => uploadLazy(() => editorApi().then((m) => m.updatePhoto), { files: { profilePhoto: file } }),
    onSuccess: (res) => applied({ photoUrl: res.photoUrl, competitionPercentage: res.competitionPercentage }),
  });
}

/** DELETE /freelancer/delete-profile-photo. 'No photo' (TL_CORE_10064_E) counts as deleted. spec: §8 */
export function useDeletePhoto() {
  const applied = usePhotoApplied();
  return useMutation({
    mutationFn: async (): Promise<PhotoResult> => {
      try {
        const res = await callLazy(() => editorApi().then((m) => m.deletePhoto));
        return { photoUrl: null, competitionPercentage: res.competitionPercentage };
      } catch (err) {
        if (err instanceof ApiError && err.code === 'TL_CORE_10064_E') return { photoUrl: null, competitionPercentage: null };
        throw err;
      }
    },
    onSuccess: applied,
  });
}
