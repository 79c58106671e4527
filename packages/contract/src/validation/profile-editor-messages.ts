import type { ErrorCode } from '../errors.ts';

// The profile editor's toasts and failure texts. spec: profile-company §8 (titles, messages; 4 s).
// Free of zod (as profile-messages.ts): the editor's sections import them, the first page never does.
// Imported directly ('@talentloop/contract/validation/profile-editor-messages').

export type ToastText = { readonly title: string; readonly message: string };

export const PROFILE_EDITOR_MESSAGES = {
  saved: 'Profile Updated',
  photoUpdated: 'Profile picture updated successfully',
  photoDeleted: 'Profile picture deleted successfully',
  workExperienceSaved: 'Work experience saved successfully',
} as const;

const P = PROFILE_EDITOR_MESSAGES;

/** Per section: the toast after a save, the one after a failed save, and the failed-load text. */
export const PROFILE_SECTION_TEXT = {
  about: {
    saved: { title: P.saved, message: 'Your details were saved.' },
    failed: { title: 'Update failed', message: 'Failed to update profile. Please try again.' },
    loadFailed: 'Unable to fetch about me. Error while fetching about me details.',
  },
  skills: {
    saved: { title: P.saved, message: 'Your skills were saved.' },
    failed: { title: 'Save Failed', message: 'Unable to update skills. Try again.' },
    loadFailed: 'Failed to load skills. Please try again.',
  },
  education: {
    saved: { title: P.saved, message: 'Your education was saved.' },
    failed: { title: 'Update failed', message: 'Failed to update education. Please try again.' },
    loadFailed: 'Error Loading Education',
  },
  experience: {
    saved: { title: P.workExperienceSaved, message: '' },
    failed: { title: 'Update failed', message: 'Failed to update work experience. Please try again.' },
    loadFailed: 'Failed to load work experience',
  },
  certification: {
    saved: { title: P.saved, message: 'Your certifications were saved.' },
    failed: { title: 'Update failed', message: 'Failed to update certifications. Please try again.' },
    loadFailed: 'Failed to load certifications. Please try again.',
  },
  preferences: {
    saved: { title: 'Work preference updated', message: '' },
    failed: { title: 'Update failed', message: 'Failed to update work preference. Please try again.' },
    loadFailed: 'Failed to load work preference. Please try again.',
  },
} as const satisfies Record<string, { saved: ToastText; failed: ToastText; loadFailed: string }>;

/** The editor's wording of the phone-used failure (TL_CORE_10085_E). spec: profile-company §8 */
export const EDITOR_PHONE_USED: ToastText = {
  title: 'Phone number already used',
  message: 'Phone number already registered with this dialing code.',
};

/** A save made from stale data; the editor offers to reload the section. */
export const EDITOR_STALE_CODE: ErrorCode = 'TL_CORE_10110_E';

/** The codes whose own message an editor save shows (the spec's table, plus rate limits and size). */
export const EDITOR_SAVE_CODES: readonly ErrorCode[] = [
  'TL_CORE_508_E',
  'TL_CORE_507_E',
  'TL_CORE_10014_E',
  'TL_CORE_10015_E',
  'TL_CORE_505_E',
  'TL_CORE_506_E',
  'TL_CORE_509_E',
  'TL_CORE_10071_E',
  'TL_CORE_10009_E',
  'TL_CORE_00413_E',
  'TL_CORE_00429_E',
];
