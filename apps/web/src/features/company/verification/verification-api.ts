import type { RequestOf } from '@talentloop/contract';
import { getCompanyVerification, submitCompanyDocuments, verifyCompanyInstantly } from '@talentloop/contract/api/company-verification';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, upload } from '../../../lib/api-client.ts';
import { companyKeys } from '../api/company-api.ts';

// Account verification calls (issue 11). A pass reloads the home query, which carries the
// verification state and completion the side panel and the company home show.

export const verificationKey = [...companyKeys.all, 'verification'] as const;

export const useCompanyVerification = () =>
  useQuery({ queryKey: verificationKey, queryFn: ({ signal }) => call(getCompanyVerification, undefined, { signal }) });

export function useVerifyInstantly() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof verifyCompanyInstantly>) => call(verifyCompanyInstantly, body),
    onSuccess: (res) => {
      queryClient.setQueryData(verificationKey, { status: 'success', verification: res.verification });
      return queryClient.invalidateQueries({ queryKey: companyKeys.home });
    },
  });
}

export type DocumentSubmission = {
  businessRegistrationNumber: string;
  documentType: string;
  country: string;
  documentFile: File;
};

/** Manual method: the fields and the file as multipart; the answer carries the new (pending) state. */
export function useSubmitDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ documentFile, ...fields }: DocumentSubmission) => upload(submitCompanyDocuments, { fields, files: { documentFile } }),
    onSuccess: (res) => {
      queryClient.setQueryData(verificationKey, { status: 'success', verification: res.verification });
      return queryClient.invalidateQueries({ queryKey: companyKeys.home });
    },
  });
}
