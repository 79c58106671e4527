import { ACCOUNT_KIND_LABELS, type AccountDetail } from '@talentloop/contract/api/operator-accounts';
import { REASON_MAX, ReasonText } from '@talentloop/contract/api/talent-pool';
import { ArrowLeft, X } from 'lucide-react';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/error-message.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import { ReasonDialog } from '../../../ui/reason-dialog.tsx';
import { notify } from '../../../ui/toast.ts';
import { formatDateTime, relativeTime } from '../console-page.tsx';
import { fullName, roleLabel, stageLabel } from './account-labels.ts';
import { type AccountAction, useAccountAction } from '../api/account-action.ts';
import { useAccount } from '../api/get-account.ts';
import { StatusBadge } from './status-badge.tsx';

// One account in the console (issue 21): what it is and where it stands, and the operator's
// actions on it. Each action answers with the account as it now is; a refusal (the last
// operator, oneself, a change someone else made first) is shown with the catalogue's words.

const FALLBACK = { title: 'Not done', message: 'Please try again.' };

export function AccountDetailPanel({ userId, onClose }: { userId: string; onClose: () => void }) {
  const query = useAccount(userId);
  const heading = useRef<HTMLHeadingElement>(null);
  const account = query.data?.account;

  // A newly opened account takes the focus (keyboard and screen-reader users land on it).
  useEffect(() => {
    if (account?.id === userId) heading.current?.focus();
  }, [account?.id, userId]);

  return (
    <section
      aria-labelledby="account-detail-title"
      className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-sm lg:sticky lg:top-6"
    >
      <div className="flex items-start justify-between gap-3">
        <Button variant="ghost" className="-ml-3 px-3 lg:hidden" onClick={onClose}>
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Back to results
        </Button>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close the account"
          className="ml-auto hidden h-9 w-9 items-center justify-center rounded-lg text-muted hover:bg-surface hover:text-ink lg:inline-flex"
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
      {query.isError ? (
        <div className="mt-2">
          <h2 id="account-detail-title" className="sr-only">
            Account
          </h2>
          <Alert>
            {errorMessage(query.error, { codes: 'all', fallback: { title: 'Could not load', message: 'Please try again.' } }).message}
          </Alert>
        </div>
      ) : !account ? (
        <div aria-hidden="true" className="mt-2 space-y-3">
          <div className="h-7 w-2/3 animate-pulse rounded-lg bg-surface" />
          <div className="h-4 w-1/2 animate-pulse rounded bg-surface" />
          <div className="h-40 animate-pulse rounded-xl bg-surface" />
        </div>
      ) : (
        <AccountBody account={account} heading={heading} />
      )}
    </section>
  );
}

type Dialogs = 'suspend' | 'reactivate' | 'grant' | 'revoke' | null;

function AccountBody({ account, heading }: { account: AccountDetail; heading: RefObject<HTMLHeadingElement | null> }) {
  const action = useAccountAction(account.id);
  const [open, setOpen] = useState<Dialogs>(null);
  const stage = stageLabel(account.stage);
  const isOperator = account.roles.includes('operator');

  const run = (what: AccountAction, done: string) =>
    action.mutate(what, {
      onSuccess: (res) => {
        setOpen(null);
        notify.success(done, res.responseMessage);
      },
      onError: (err) => {
        const shown = errorMessage(err, { codes: 'all', fallback: FALLBACK });
        notify.error(shown.title, shown.message);
      },
    });

  return (
    <div className="mt-1">
      <h2 id="account-detail-title" ref={heading} tabIndex={-1} className="text-xl font-bold tracking-tight break-words outline-none">
        {fullName(account)}
      </h2>
      <p className="break-all text-muted">{account.email}</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <StatusBadge status={account.status} />
        {isOperator && <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">Operator</span>}
        {account.demo && <span className="rounded-full bg-surface px-2.5 py-0.5 text-xs font-semibold text-muted">Demo account</span>}
        {account.isSelf && <span className="rounded-full bg-surface px-2.5 py-0.5 text-xs font-semibold text-muted">You</span>}
      </div>

      <dl className="mt-5 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        <Item term="Kind">{ACCOUNT_KIND_LABELS[account.kind]}</Item>
        <Item term="Role">{roleLabel(account)}</Item>
        <Item term="Stage">
          {stage.primary}
          {stage.secondary && <span className="block text-muted">{stage.secondary}</span>}
        </Item>
        <Item term="Signed up">
          <time dateTime={account.createdAt}>{formatDateTime(account.createdAt)}</time>
        </Item>
        <Item term="Email">{account.emailVerified ? 'Verified' : 'Not verified'}</Item>
        <Item term="Last sign-in">
          {account.lastSignInAt ? <time dateTime={account.lastSignInAt}>{relativeTime(account.lastSignInAt)}</time> : 'Never'}
        </Item>
        <Item term="Signed in on">
          {account.liveSessions === 0
            ? 'Nowhere now'
            : account.liveSessions === 1
              ? '1 device or browser'
              : `${account.liveSessions} devices or browsers`}
        </Item>
        {account.suspendedAt && (
          <Item term="Suspended">
            <time dateTime={account.suspendedAt}>{formatDateTime(account.suspendedAt)}</time>
          </Item>
        )}
      </dl>

      <div className="mt-6 border-t border-line pt-5">
        <h3 className="text-sm font-semibold">Actions</h3>
        <div className="mt-3 flex flex-col gap-2">
          {account.status === 'active' ? (
            <>
              <Button variant="danger" disabled={account.isSelf} onClick={() => setOpen('suspend')}>
                Suspend account
              </Button>
              {account.isSelf && <p className="text-xs text-muted">You cannot suspend your own account.</p>}
            </>
          ) : (
            <Button onClick={() => setOpen('reactivate')}>Reactivate account</Button>
          )}
          {!account.emailVerified && (
            <Button
              variant="secondary"
              pending={action.isPending && action.variables?.kind === 'resend'}
              onClick={() => run({ kind: 'resend' }, 'Code sent')}
            >
              Resend verification code
            </Button>
          )}
          <Button variant="secondary" onClick={() => setOpen(isOperator ? 'revoke' : 'grant')}>
            {isOperator ? 'Remove operator role' : 'Make operator'}
          </Button>
        </div>
      </div>

      <SuspendDialog
        open={open === 'suspend'}
        onOpenChange={(next) => setOpen(next ? 'suspend' : null)}
        email={account.email}
        pending={action.isPending}
        onSubmit={(reason) => run({ kind: 'suspend', reason }, 'Account suspended')}
      />
      <ConfirmDialog
        open={open === 'reactivate'}
        onOpenChange={(next) => setOpen(next ? 'reactivate' : null)}
        title="Reactivate this account?"
        description={`${account.email} can sign in again at once.`}
        confirmLabel="Reactivate"
        pending={action.isPending}
        onConfirm={() => run({ kind: 'reactivate' }, 'Account reactivated')}
      />
      <ConfirmDialog
        open={open === 'grant'}
        onOpenChange={(next) => setOpen(next ? 'grant' : null)}
        title="Make this account an operator?"
        description={`${account.email} will see the console and can decide on profiles, documents and accounts, including yours.`}
        confirmLabel="Make operator"
        pending={action.isPending}
        onConfirm={() => run({ kind: 'operator', grant: true }, 'Operator added')}
      />
      <ConfirmDialog
        open={open === 'revoke'}
        onOpenChange={(next) => setOpen(next ? 'revoke' : null)}
        title={account.isSelf ? 'Remove your own operator role?' : 'Remove the operator role?'}
        description={
          account.isSelf
            ? 'You lose access to the console at once. The last active operator cannot be removed.'
            : `${account.email} loses access to the console at once.`
        }
        confirmLabel="Remove operator role"
        tone="danger"
        pending={action.isPending}
        onConfirm={() => run({ kind: 'operator', grant: false }, 'Operator removed')}
      />
    </div>
  );
}

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

function SuspendDialog({
  open,
  onOpenChange,
  email,
  pending,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  email: string;
  pending: boolean;
  onSubmit: (reason: string) => void;
}) {
  return (
    <ReasonDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Suspend this account?"
      description={`${email} is signed out everywhere at once and cannot sign in until reactivated. The reason goes into the audit log.`}
      max={REASON_MAX}
      schema={ReasonText}
      submitLabel="Suspend account"
      tone="danger"
      pending={pending}
      onSubmit={onSubmit}
    />
  );
}
