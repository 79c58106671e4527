import { errorCode, errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../ui/toast.ts';
import { SAVE_FAILED } from './options.ts';

/**
 * A company section's failed save: a toast with the code's message, and the section reloaded when it
 * was saved elsewhere since it was loaded (409 TL_CORE_10110_E), so the form shows the stored version.
 */
export function notifySaveFailed(err: unknown, onStale: () => void) {
  const shown = errorMessage(err, { fallback: SAVE_FAILED, codes: 'all' });
  notify.error(shown.title, shown.message);
  if (errorCode(err) === 'TL_CORE_10110_E') onStale();
}

/** Runs a section's save: the server's message as a toast and true when it is stored, else the failure's toast and false. */
export async function saveSection(request: () => Promise<{ responseMessage: string }>, onStale: () => void): Promise<boolean> {
  try {
    const res = await request();
    notify.success(res.responseMessage);
    return true;
  } catch (err) {
    notifySaveFailed(err, onStale);
    return false;
  }
}
