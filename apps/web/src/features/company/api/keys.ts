import type { ResponseOf } from '@talentloop/contract';
import type { getCompanyBasics, getCompanyContact, getCompanyHome } from '@talentloop/contract/api/company';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';

// The company side's query keys (issue 11, decision 188), one tree under 'company', and the cache
// updates its saves share. Each save puts the server's answer in its own query, and every answer
// carries the completion, which the side panel and the home page read from the server.

export const companyKeys = {
  all: ['company'] as const,
  home: ['company', 'home'] as const,
  basics: ['company', 'basics'] as const,
  contact: ['company', 'contact'] as const,
  talentInsights: ['company', 'talent-insights'] as const,
  verification: ['company', 'verification'] as const,
  supportAvailability: ['company', 'support', 'availability'] as const,
  supportBooking: ['company', 'support', 'booking'] as const,
  notifications: ['company', 'settings', 'notifications'] as const,
};

export type CompanyHomeData = ResponseOf<typeof getCompanyHome>;
export type CompanyBasicsData = ResponseOf<typeof getCompanyBasics>;
export type CompanyContactData = ResponseOf<typeof getCompanyContact>;
type Completion = CompanyHomeData['completion'];

/** After a save: the home page (completion) reloads when next shown. */
export function useCompletionApplied() {
  const queryClient = useQueryClient();
  return (_completion: Completion) => queryClient.invalidateQueries({ queryKey: companyKeys.home });
}

/** Logo upload and delete change only the logo of the loaded basics (a half-filled form stays). */
export function applyLogo(queryClient: QueryClient, logoUrl: string | null, completion: Completion) {
  queryClient.setQueryData(companyKeys.basics, (old: CompanyBasicsData | undefined) =>
    old ? { ...old, basics: { ...old.basics, logoUrl }, completion } : old,
  );
  queryClient.setQueryData(companyKeys.contact, (old: CompanyContactData | undefined) => (old ? { ...old, completion } : old));
  return queryClient.invalidateQueries({ queryKey: companyKeys.home });
}
