import type { ErrorCode } from '@talentloop/contract';
import { PROFILE_EDITOR_MESSAGES } from '@talentloop/contract/api/profile-editor';
import { type Shown, errorCode, errorMessage } from '../../lib/error-message.ts';

// The editor's toasts and failure messages. spec: profile-company §8 (titles, messages; 4 s)

const P = PROFILE_EDITOR_MESSAGES;

export const STALE_CODE: ErrorCode = 'TL_CORE_10110_E';

export const SECTION_TEXT = {
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
} as const satisfies Record<string, { saved: Shown; failed: Shown; loadFailed: string }>;

// The codes the editor's saves name in the spec's table, plus ours for rate limits and size.
const EDITOR_CODES: readonly ErrorCode[] = [
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

/** A failed section save: stale (offer the reload) or the toast to show. */
export function saveFailure(err: unknown, failed: Shown): { stale: true } | { stale: false; shown: Shown } {
  const code = errorCode(err);
  if (code === STALE_CODE) return { stale: true };
  // The editor's wording of the phone-used message. spec: profile-company §8
  if (code === 'TL_CORE_10085_E')
    return {
      stale: false,
      shown: { title: 'Phone number already used', message: 'Phone number already registered with this dialing code.' },
    };
  return { stale: false, shown: errorMessage(err, { fallback: failed, codes: EDITOR_CODES }) };
}
