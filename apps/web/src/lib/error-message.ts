import { ERRORS, type ErrorCode, isErrorCode } from '@talentloop/contract';
import { ApiError } from './api-client.ts';

/** What a screen shows for a failure: the spec's toast title and message. */
export type Shown = { title: string; message: string };

export const NETWORK_MESSAGE = 'Failed to connect to server. Please try again later.';

/**
 * The one error-to-message helper. A failure whose code the screen knows shows the catalogue's title
 * and message; no answer at all says the server could not be reached; anything else shows the
 * screen's fallback title with the server's message (or the fallback message).
 *
 * - `codes`: the codes this screen names ('all' = every catalogue code).
 * - `serverMessage`: false keeps the fallback message even when the server sent one.
 * - `network`: what to show when there was no answer (default: fallback title + the connection message).
 */
export function errorMessage(
  err: unknown,
  opts: { fallback: Shown; codes?: readonly ErrorCode[] | 'all'; serverMessage?: boolean; network?: Shown },
): Shown {
  const { fallback, codes = [], serverMessage = true } = opts;
  if (!(err instanceof ApiError)) return fallback;
  if (err.isNetwork) return opts.network ?? { title: fallback.title, message: err.message || NETWORK_MESSAGE };
  const code = err.code;
  if (isErrorCode(code) && (codes === 'all' || codes.includes(code))) return { title: ERRORS[code].title, message: ERRORS[code].message };
  const fromServer = serverMessage ? err.body?.responseMessage : undefined;
  return { title: fallback.title, message: fromServer || fallback.message };
}

/** The failure's code when it is one of the catalogue's. */
export function errorCode(err: unknown): ErrorCode | undefined {
  const code = err instanceof ApiError ? err.code : undefined;
  return isErrorCode(code) ? code : undefined;
}
