import type { ErrorCode } from '@talentloop/contract';
import { type Shown, errorMessage } from '../../lib/error-message.ts';

// spec: auth-onboarding §8 Wizard profile save, plus our codes for the photo, the step order and
// rate limiting. Anything else is 'Profile Setup Failed' with the server's message.
const WIZARD_CODES: readonly ErrorCode[] = [
  'TL_CORE_10085_E',
  'TL_CORE_10014_E',
  'TL_CORE_10015_E',
  'TL_CORE_508_E',
  'TL_CORE_507_E',
  'TL_CORE_10009_E',
  'TL_CORE_505_E',
  'TL_CORE_506_E',
  'TL_CORE_509_E',
  'TL_CORE_10100_E',
  'TL_CORE_10101_E',
  'TL_CORE_10102_E',
  'TL_CORE_10103_E',
  'TL_CORE_10104_E',
  'TL_CORE_00413_E',
  'TL_CORE_00429_E',
];
export const SAVE_FAILED: Shown = { title: 'Profile Setup Failed', message: 'Failed to update profile. Please try again.' };

/** The toast for a failed wizard save. */
export const wizardSaveError = (err: unknown): Shown => errorMessage(err, { fallback: SAVE_FAILED, codes: WIZARD_CODES });
