import { submitCompanyDocuments } from '@talentloop/contract/api/company-verification';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { upload } from '../../../lib/api-client.ts';
import { companyKeys } from './keys.ts';

// Manual verification (issue 11): the fields and the file as multipart; the answer carries the new
// (pending) state.

export type DocumentSubmission = {
  businessRegistrationNumber: string;
  documentType: string;
  country: string;
  documentFile: File;
};

export const submitDocuments = ({ documentFile, ...fields }: DocumentSubmission) =>
  upload(submitCompanyDocuments, { fields, files: { documentFile } });

export function useSubmitDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitDocuments,
    onSuccess: (res) => {
      queryClient.setQueryData(companyKeys.verification, { status: 'success', verification: res.verification });
      return queryClient.invalidateQueries({ queryKey: companyKeys.home });
    },
  });
}
