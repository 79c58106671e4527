import { ERRORS, type ErrorCode, isErrorCode } from '@talentloop/contract';
import { ApiError } from './api-client.ts';
import { NETWORK_MESSAGE, type Shown } from './shown.ts';

// The texts live in a module of their own, so a page can name them without loading the catalogue.
export { CONNECTION_PROBLEM, NETWORK_MESSAGE, type Shown } from './shown.ts';

/**
 * The one error-to-message helper. A failure whose code the screen knows shows the catalogue's title
 * and message; no answer at all says the server could not be reached; anything else shows the
 * screen's fallback title with the server's message (or the fallback message).
 *
 * - `codes`: the codes this screen names ('all' = every catalogue code).
 * - `titles`: the screen's own title for a code, shown with the server's message (or the fallback message).
 * - `serverMessage`: false keeps the fallback message even when the server sent one.
 * - `network`: what to show when there was no answer (default: fallback title + the connection message).
 * - `other`: what to show for a failure that is not a call's failure at all (default: the fallback).
 */
export function errorMessage(
  err: unknown,
  opts: {
    fallback: Shown;
    codes?: readonly ErrorCode[] | 'all';
    titles?: Partial<Record<ErrorCode, string>>;
    serverMessage?: boolean;
    network?: Shown;
    other?: Shown;
  },
): Shown {
  const { fallback, codes = [], serverMessage = true } = opts;
  if (!(err instanceof ApiError)) return opts.other ?? fallback;
  if (err.isNetwork) return opts.network ?? { title: fallback.title, message: err.message || NETWORK_MESSAGE };
  const code = err.code;
  if (isErrorCode(code) && (codes === 'all' || codes.includes(code))) return { title: ERRORS[code].title, message: ERRORS[code].message };
  const title = (isErrorCode(code) && opts.titles?.[code]) || fallback.title;
  const fromServer = serverMessage ? err.body?.responseMessage : undefined;
  return { title, message: fromServer || fallback.message };
}

/** The failure's code when it is one of the catalogue's. */
export function errorCode(err: unknown): ErrorCode | undefined {
  const code = err instanceof ApiError ? err.code : undefined;
  return isErrorCode(code) ? code : undefined;
}
