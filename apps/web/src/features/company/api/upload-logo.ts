import { uploadCompanyLogo } from '@talentloop/contract/api/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { upload } from '../../../lib/api-client.ts';
import { applyLogo } from './keys.ts';

// The company's logo, uploaded on its own (issue 11).

export const uploadLogo = (file: File) => upload(uploadCompanyLogo, { files: { logo: file } });

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadLogo, onSuccess: (res) => applyLogo(queryClient, res.logoUrl, res.completion) });
}
