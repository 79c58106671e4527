import { useMutation } from '@tanstack/react-query';
import { uploadLazy } from '../../../lib/lazy-endpoint.ts';
import { editorApi, usePhotoApplied } from './keys.ts';

export const updatePhoto = (file: File) => uploadLazy(() => editorApi().then((m) => m.updatePhoto), { files: { profilePhoto: file } });

/** POST /freelancer-settings/update-photo (multipart profilePhoto). spec: profile-company §7 */
export function useUpdatePhoto() {
  const applied = usePhotoApplied();
  return useMutation({
    mutationFn: updatePhoto,
    onSuccess: (res) => applied({ photoUrl: res.photoUrl, competitionPercentage: res.competitionPercentage }),
  });
}
