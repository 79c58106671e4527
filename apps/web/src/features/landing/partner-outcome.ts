import { PARTNER_MESSAGES } from '@talentloop/contract';
import { ApiError } from '../../lib/api-client.ts';

export type Outcome = { kind: 'success' | 'error'; title: string; message: string };

/** What the modal shows for a failed request. spec: auth-onboarding §8 Partner request */
export function partnerFailure(err: unknown): Outcome {
  if (err instanceof ApiError && !err.isNetwork) {
    const duplicate = err.code === 'TL_CORE_01200_E';
    return {
      kind: 'error',
      title: duplicate ? 'Request already received' : 'Request not sent',
      message: err.body?.responseMessage || PARTNER_MESSAGES.unexpected,
    };
  }
  return { kind: 'error', title: 'Request not sent', message: PARTNER_MESSAGES.somethingWrong };
}
