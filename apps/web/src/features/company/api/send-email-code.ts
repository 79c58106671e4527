import { sendCompanyEmailCode } from '@talentloop/contract/api/company';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

// A code to prove the company's email address (issue 11).

export const sendEmailCode = (email: string) => call(sendCompanyEmailCode, { email });

export const useSendEmailCode = () => useMutation({ mutationFn: sendEmailCode });
