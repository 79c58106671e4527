import type { FormAnswer } from '@talentloop/contract/form-answer';
import { ApiError } from '../../lib/api-client.ts';
import type { Shown } from '../../lib/shown.ts';
import { Alert } from '../../ui/alert.tsx';
import * as authErrors from './auth-errors.ts';

type AuthErrors = typeof authErrors;

/** What the sign-up's unexpected-error dialog says, for a failure it would have opened on. */
const UNEXPECTED: Shown = { title: 'Unexpected error', message: 'Something went wrong. Please try again.' };

/**
 * The failure of a form posted before (or without) its scripts (issue 37), on the form as the app
 * shows it: the same texts for the same code (auth-errors.ts). Loaded with React's lazy, as the pages
 * load it (a chunk of its own: only a posted failure needs it), so wrap it in Suspense.
 */
export function PostedFailure({
  failure,
  pick,
}: {
  failure: NonNullable<FormAnswer['failure']>;
  pick: (m: AuthErrors) => (err: unknown) => Shown | null;
}) {
  if ('message' in failure) return <Alert>{failure.message}</Alert>;
  const shown = pick(authErrors)(new ApiError(failure.status, failure)) ?? UNEXPECTED;
  return (
    <Alert>
      <p className="font-semibold">{shown.title}</p>
      {shown.message && shown.message !== shown.title && <p>{shown.message}</p>}
    </Alert>
  );
}
