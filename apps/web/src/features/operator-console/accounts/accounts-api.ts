import type { ResponseOf } from '@talentloop/contract';
import {
  getAccount,
  reactivateAccount,
  resendAccountCode,
  resendSignupCode,
  searchAccounts,
  setOperatorRole,
  suspendAccount,
} from '@talentloop/contract/api/operator-accounts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

// The console's accounts (issue 21): the search (pages), one account, and its actions. Every
// action answers the account as it now is: the detail is replaced and the search refreshed.

export const accountKeys = {
  all: ['console', 'accounts'] as const,
  search: (q: string) => ['console', 'accounts', 'search', q] as const,
  detail: (userId: string) => ['console', 'accounts', 'detail', userId] as const,
};

type SearchPage = ResponseOf<typeof searchAccounts>;

export const useAccountSearch = (q: string) =>
  useInfiniteQuery({
    queryKey: accountKeys.search(q),
    queryFn: ({ signal, pageParam }) =>
      call(searchAccounts, undefined, { query: { q: q || undefined, cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: SearchPage) => last.nextCursor,
    placeholderData: (previous) => previous,
  });

export const useAccount = (userId: string | null) =>
  useQuery({
    queryKey: accountKeys.detail(userId ?? ''),
    queryFn: ({ signal }) => call(getAccount, undefined, { params: { userId: userId ?? '' }, signal }),
    enabled: !!userId,
  });

export type AccountAction =
  | { kind: 'suspend'; reason: string }
  | { kind: 'reactivate'; reason?: string }
  | { kind: 'operator'; grant: boolean }
  | { kind: 'resend' };

async function runAction(userId: string, action: AccountAction) {
  const params = { userId };
  switch (action.kind) {
    case 'suspend':
      return call(suspendAccount, { reason: action.reason }, { params });
    case 'reactivate':
      return call(reactivateAccount, action.reason ? { reason: action.reason } : {}, { params });
    case 'operator':
      return call(setOperatorRole, { grant: action.grant }, { params });
    case 'resend':
      return call(resendAccountCode, undefined, { params });
  }
}

export function useAccountAction(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: AccountAction) => runAction(userId, action),
    onSuccess: (res) => {
      if ('account' in res) client.setQueryData(accountKeys.detail(userId), { status: 'success' as const, account: res.account });
      void client.invalidateQueries({ queryKey: accountKeys.all });
      // The console's audit log has a new entry.
      void client.invalidateQueries({ queryKey: ['console', 'audit'] });
    },
  });
}

export function useResendSignupCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (signupId: string) => call(resendSignupCode, undefined, { params: { signupId } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: accountKeys.all });
      void client.invalidateQueries({ queryKey: ['console', 'audit'] });
    },
  });
}
