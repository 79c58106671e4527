import { EDITOR_PHONE_USED, EDITOR_SAVE_CODES, EDITOR_STALE_CODE } from '@talentloop/contract/validation/profile-editor-messages';
import { type Shown, errorCode, errorMessage } from '../../lib/error-message.ts';

// A failed editor save, as the section shows it. The texts and codes: contract
// validation/profile-editor-messages.ts. spec: profile-company §8

/** A failed section save: stale (offer the reload) or the toast to show. */
export function saveFailure(err: unknown, failed: Shown): { stale: true } | { stale: false; shown: Shown } {
  const code = errorCode(err);
  if (code === EDITOR_STALE_CODE) return { stale: true };
  if (code === 'TL_CORE_10085_E') return { stale: false, shown: EDITOR_PHONE_USED };
  return { stale: false, shown: errorMessage(err, { fallback: failed, codes: EDITOR_SAVE_CODES }) };
}
