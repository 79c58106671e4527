import type { ResponseOf } from '@talentloop/contract';
import { type getPortfolio, savePortfolio } from '@talentloop/contract/api/portfolio';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { upload } from '../../../lib/api-client.ts';
import { editorKeys } from '../../profile-editor/api/keys.ts';
import { type PortfolioDraft, toWire } from '../portfolio-draft.ts';

export type PortfolioLoad = ResponseOf<typeof getPortfolio>;

/** Multipart: `profileData` (the list and the version it was loaded at) plus one `portfolioContent` per new file. spec: §7 */
export function sendPortfolio({ items, version }: { items: readonly PortfolioDraft[]; version: number }) {
  const { portfolioDetails, files } = toWire(items);
  return upload(savePortfolio, { fields: { profileData: { version, portfolioDetails } }, files: { portfolioContent: files } });
}

/** Saves the whole list; the section's cached load becomes the server's answer, the completion card its percentage. */
export function useSavePortfolio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendPortfolio,
    onSuccess: (res) => {
      queryClient.setQueryData<PortfolioLoad>(editorKeys.section('portfolio'), (before) => ({
        status: 'success',
        message: before?.message ?? '',
        portfolioDto: res.portfolioDetails,
        version: res.version,
        competitionPercentage: res.competitionPercentage,
      }));
      queryClient.setQueryData(editorKeys.completion(), res.competitionPercentage);
    },
  });
}
