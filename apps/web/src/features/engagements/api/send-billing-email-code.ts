import type { RequestOf } from '@talentloop/contract';
import { sendBillingEmailCode } from '@talentloop/contract/api/billing';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

export const useSendBillingEmailCode = () =>
  useMutation({ mutationFn: (body: RequestOf<typeof sendBillingEmailCode>) => call(sendBillingEmailCode, body) });
