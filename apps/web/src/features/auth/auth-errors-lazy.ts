import { CONNECTION_PROBLEM, type Shown } from '../../lib/shown.ts';

type AuthErrors = typeof import('./auth-errors.ts');

let loading: Promise<AuthErrors> | null = null;

/**
 * The auth screens' error texts (the contract's whole code catalogue) load on their own, right after
 * the first paint, not with the page: only a failed call needs them (issue 12's first-load budget for
 * login and sign-up). A failed download is tried again at the next failure.
 */
export function loadAuthErrors(): Promise<AuthErrors> {
  loading ??= import('./auth-errors.ts').catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

/** Starts the download (call from an effect, or at the first use of the page: useOnFirstUse). */
export function preloadAuthErrors() {
  loadAuthErrors().catch(() => {});
}

/**
 * What the screen shows for `err`, from the rule `pick` chooses. When even the texts cannot be
 * fetched, the server cannot be reached either: the connection toast.
 */
export async function authErrorFor<R extends Shown | null>(pick: (m: AuthErrors) => (err: unknown) => R, err: unknown): Promise<R | Shown> {
  try {
    return pick(await loadAuthErrors())(err);
  } catch {
    return CONNECTION_PROBLEM;
  }
}
