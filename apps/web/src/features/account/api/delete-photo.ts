import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { callLazy } from '../../../lib/lazy-endpoint.ts';
import { type PhotoResult, editorApi, usePhotoApplied } from './keys.ts';

/** The photo removed; 'No photo' (TL_CORE_10064_E) counts as deleted. spec: §8 */
export async function deletePhoto(): Promise<PhotoResult> {
  try {
    const res = await callLazy(() => editorApi().then((m) => m.deletePhoto));
    return { photoUrl: null, competitionPercentage: res.competitionPercentage };
  } catch (err) {
    if (err instanceof ApiError && err.code === 'TL_CORE_10064_E') return { photoUrl: null, competitionPercentage: null };
    throw err;
  }
}

/** DELETE /freelancer/delete-profile-photo. spec: §8 */
export function useDeletePhoto() {
  const applied = usePhotoApplied();
  return useMutation({ mutationFn: deletePhoto, onSuccess: applied });
}
