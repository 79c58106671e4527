import type { ResponseOf } from '@talentloop/contract';
import { listCompanyInvoices, listFreelancerStatements } from '@talentloop/contract/api/invoices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { engagementKeys } from './keys.ts';

export type Documents = ResponseOf<typeof listCompanyInvoices>;
export type Side = 'company' | 'freelancer';

/** The company's invoices, or the freelancer's statements. */
export const documentsQuery = (side: Side) =>
  queryOptions({
    queryKey: [...engagementKeys[side](), 'documents'] as const,
    queryFn: ({ signal }) => call(side === 'company' ? listCompanyInvoices : listFreelancerStatements, undefined, { signal }),
  });

export const useDocuments = (side: Side) => useQuery(documentsQuery(side));
