import { type PartnerRequestUpdateBody, updatePartnerRequest as endpoint } from '@talentloop/contract/api/partners';
import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { consoleKeys } from './keys.ts';

// One change to a partner request (issue 21): status and/or note, from the version seen. Keyed by the
// request, so every control of that request knows a save of it is on its way.

export const updatePartnerRequest = (id: string, body: PartnerRequestUpdateBody) => call(endpoint, body, { params: { requestId: id } });

export function useUpdatePartnerRequest(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: consoleKeys.partnerRequestUpdate(id),
    mutationFn: (body: PartnerRequestUpdateBody) => updatePartnerRequest(id, body),
    onSettled: () => {
      client.invalidateQueries({ queryKey: consoleKeys.partnerRequests });
      client.invalidateQueries({ queryKey: consoleKeys.overview });
    },
  });
}

/** Whether a save of this request is on its way (from any of its controls). */
export const useSavingPartnerRequest = (id: string) => useIsMutating({ mutationKey: consoleKeys.partnerRequestUpdate(id) }) > 0;
