import { ApiError } from '../../lib/api-client.ts';
import { errorCode, errorMessage } from '../../lib/error-message.ts';
import type { Shown } from '../../lib/shown.ts';

// What a failed messages call shows (issue 36): a refused text or reason (400 TL_CORE_00400_E) says
// the contract's own message the server answered ('text: Write a message first.' without the field's
// name); any other catalogue code its catalogue message; else the screen's fallback.

export function messagesError(err: unknown, fallback: Shown): string {
  if (errorCode(err) === 'TL_CORE_00400_E' && err instanceof ApiError && err.body?.responseMessage) {
    return err.body.responseMessage.replace(/^[a-zA-Z]+: /, '');
  }
  return errorMessage(err, { fallback, codes: 'all' }).message;
}
