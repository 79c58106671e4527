import { PARTNER_MESSAGES } from '@talentloop/contract';
import { errorMessage } from '../../lib/error-message.ts';

export type Outcome = { kind: 'success' | 'error'; title: string; message: string };

const NOT_SENT = 'Request not sent';

/** What the modal shows for a failed request. spec: auth-onboarding §8 Partner request */
export function partnerFailure(err: unknown): Outcome {
  const unanswered = { title: NOT_SENT, message: PARTNER_MESSAGES.somethingWrong };
  const shown = errorMessage(err, {
    fallback: { title: NOT_SENT, message: PARTNER_MESSAGES.unexpected },
    titles: { TL_CORE_01200_E: 'Request already received' },
    network: unanswered,
    other: unanswered,
  });
  return { kind: 'error', ...shown };
}
