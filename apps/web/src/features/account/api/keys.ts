import { useQueryClient } from '@tanstack/react-query';
import { sessionStore } from '../../../lib/session-store.ts';
import { editorKeys } from '../../profile-editor/api/keys.ts';

/** Query keys of the account screens, so each mutation refreshes exactly its own reads. */
export const accountKeys = {
  privacy: ['account', 'privacy'] as const,
  /** The public-profile feature's preview reads under this key too. */
  preview: ['account', 'public-preview'] as const,
  /** Whether the account has a password (the company settings' Security section reads under this key too). */
  security: ['account', 'security'] as const,
  notifications: ['account', 'notifications'] as const,
};

/** The photo endpoints load with their first call, not with the editor (issue 19). */
export const editorApi = () => import('@talentloop/contract/api/profile-editor');

export type PhotoResult = { photoUrl: string | null; competitionPercentage: number | null };

/**
 * After a photo change: the photo lives in the session (the shell's avatar and the My Profile card
 * read it there); the completion card and the public preview follow. The About Me load is left
 * alone, so a photo change never resets a half-edited About Me form.
 */
export function usePhotoApplied() {
  const queryClient = useQueryClient();
  return ({ photoUrl, competitionPercentage }: PhotoResult) => {
    sessionStore.updateUser({ profilePhotoUrl: photoUrl });
    if (competitionPercentage !== null) queryClient.setQueryData(editorKeys.completion(), competitionPercentage);
    return queryClient.invalidateQueries({ queryKey: accountKeys.preview });
  };
}
