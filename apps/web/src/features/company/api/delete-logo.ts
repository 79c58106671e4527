import { deleteCompanyLogo } from '@talentloop/contract/api/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { applyLogo } from './keys.ts';

// The company's logo removed (issue 11).

export const deleteLogo = () => call(deleteCompanyLogo);

export function useDeleteLogo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteLogo, onSuccess: (res) => applyLogo(queryClient, null, res.completion) });
}
