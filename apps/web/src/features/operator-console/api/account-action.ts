import { reactivateAccount, resendAccountCode, setOperatorRole, suspendAccount } from '@talentloop/contract/api/operator-accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { consoleKeys } from './keys.ts';

// One account's actions (issue 21): suspend, reactivate, the operator role, a new code. Every action
// answers the account as it now is: the detail is replaced, the search and the audit log read again.

export type AccountAction =
  | { kind: 'suspend'; reason: string }
  | { kind: 'reactivate'; reason?: string }
  | { kind: 'operator'; grant: boolean }
  | { kind: 'resend' };

export async function runAccountAction(userId: string, action: AccountAction) {
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
    mutationFn: (action: AccountAction) => runAccountAction(userId, action),
    onSuccess: (res) => {
      if ('account' in res) client.setQueryData(consoleKeys.account(userId), { status: 'success' as const, account: res.account });
      void client.invalidateQueries({ queryKey: consoleKeys.accounts });
      void client.invalidateQueries({ queryKey: consoleKeys.auditAll });
    },
  });
}
