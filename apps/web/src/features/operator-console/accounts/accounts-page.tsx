import { ACCOUNT_SEARCH_MAX, type AccountRow, type PendingSignup } from '@talentloop/contract/api/operator-accounts';
import { Search, Users } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/error-message.ts';
import { Button } from '../../../ui/button.tsx';
import { cn } from '../../../ui/cn.ts';
import { type DataColumn, DataTable } from '../../../ui/data-table.tsx';
import { inputClass } from '../../../ui/field.tsx';
import { EmptyState, QueueSection } from '../../../ui/queue-page.tsx';
import { notify } from '../../../ui/toast.ts';
import { ConsolePage, relativeTime } from '../console-page.tsx';
import { AccountDetailPanel } from './account-detail.tsx';
import { fullName, roleLabel, stageLabel } from './account-labels.ts';
import { useResendSignupCode } from '../api/resend-signup-code.ts';
import { useAccountSearch } from '../api/search-accounts.ts';
import { StatusBadge } from './status-badge.tsx';

// The console's accounts (issue 21): search by email or name (the URL holds `q` and the open
// account, so Back and a shared link work), results as a table (stacked cards on phones), one
// account's details and actions beside them (in place of the list on phones).

const DEBOUNCE_MS = 300;
const signupDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });

export function AccountsPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const selected = params.get('account');
  const [text, setText] = useState(q);
  const search = useAccountSearch(q);

  // The box follows the URL (Back, a link); typing updates the URL once the typing pauses.
  const lastPushed = useRef(q);
  useEffect(() => {
    if (q !== lastPushed.current) {
      lastPushed.current = q;
      setText(q);
    }
  }, [q]);
  useEffect(() => {
    const next = text.trim();
    if (next === lastPushed.current) return;
    const timer = setTimeout(() => {
      lastPushed.current = next;
      setParams(
        (current) => {
          const p = new URLSearchParams(current);
          if (next) p.set('q', next);
          else p.delete('q');
          return p;
        },
        { replace: true },
      );
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, setParams]);

  const select = (userId: string | null) =>
    setParams((current) => {
      const p = new URLSearchParams(current);
      if (userId) p.set('account', userId);
      else p.delete('account');
      return p;
    });

  const accounts = search.data?.pages.flatMap((p) => p.accounts) ?? [];
  const signups = search.data?.pages[0]?.pendingSignups ?? [];

  return (
    <ConsolePage
      wide
      title="Accounts"
      description="Find an account by email or name, see where it stands, and suspend, reactivate or change its operator role."
    >
      <div className={cn('grid gap-6', selected && 'lg:grid-cols-[minmax(0,1fr)_26rem]')}>
        <div className={cn('min-w-0', selected && 'hidden lg:block')}>
          <search aria-label="Accounts">
            <label htmlFor="accounts-q" className="mb-1.5 block text-sm font-medium">
              Search by email or name
            </label>
            <div className="relative">
              <Search className="pointer-events-none absolute top-1/2 left-3.5 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden="true" />
              <input
                id="accounts-q"
                type="search"
                autoComplete="off"
                spellCheck={false}
                maxLength={ACCOUNT_SEARCH_MAX}
                placeholder="ada@example.com, Ada, Lovelace"
                className={cn(inputClass(), 'pl-10')}
                value={text}
                onChange={(e) => setText(e.target.value)}
              />
            </div>
          </search>

          <QueueSection
            className="mt-5"
            label="Results"
            labelId="accounts-results"
            fetching={search.isFetching}
            error={
              search.isError
                ? errorMessage(search.error, { fallback: { title: 'Could not search', message: 'Please try again.' } }).message
                : null
            }
            onRetry={() => search.refetch()}
            loading={search.isPending}
            above={
              <p className="mb-2 text-sm text-muted" aria-live="polite">
                {accounts.length === 0
                  ? q
                    ? `No accounts match “${q}”.`
                    : 'No accounts yet.'
                  : q
                    ? `Accounts matching “${q}”, newest first`
                    : 'Every account, newest first'}
              </p>
            }
            empty={
              accounts.length === 0 ? (
                <EmptyState
                  icon={Users}
                  title={q ? 'Nobody by that email or name' : 'No accounts yet'}
                  message={
                    signups.length > 0
                      ? 'A sign-up below is still waiting for its code: the account exists once the code is entered.'
                      : q
                        ? 'Try part of the email, or only the first or last name.'
                        : 'Accounts appear here as people sign up.'
                  }
                />
              ) : undefined
            }
            more={{
              hasMore: search.hasNextPage,
              pending: search.isFetchingNextPage,
              onMore: () => search.fetchNextPage(),
              label: 'Show more accounts',
              end: `That is every ${q ? 'matching ' : ''}account.`,
            }}
            after={signups.length > 0 && <PendingSignups signups={signups} />}
          >
            <AccountsTable accounts={accounts} selected={selected} onSelect={select} />
          </QueueSection>
        </div>

        {selected && (
          <div className="min-w-0">
            <AccountDetailPanel userId={selected} onClose={() => select(null)} />
          </div>
        )}
      </div>
    </ConsolePage>
  );
}

function accountColumns(selected: string | null, onSelect: (userId: string) => void): DataColumn<AccountRow>[] {
  return [
    {
      key: 'account',
      header: 'Account',
      headerClassName: 'w-[32%]',
      className: 'min-w-0',
      cardClassName: 'col-span-2',
      cell: (account) => (
        <>
          {/* The row's one control: the whole row is its click target (after:inset-0). */}
          <button
            type="button"
            onClick={() => onSelect(account.id)}
            aria-current={account.id === selected ? 'true' : undefined}
            className="text-left font-semibold text-ink after:absolute after:inset-0 hover:underline focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-brand-600 focus-visible:after:ring-inset"
          >
            {fullName(account)}
          </button>
          <span className="block break-all text-muted md:truncate md:break-normal" title={account.email}>
            {account.email}
          </span>
        </>
      ),
    },
    {
      key: 'role',
      header: 'Role',
      headerClassName: 'w-[17%]',
      cardLabel: 'sr',
      cell: (account) => (
        <>
          {roleLabel(account)}
          {account.demo && <span className="ml-1.5 rounded-md bg-surface px-1.5 py-0.5 text-xs text-muted">Demo</span>}
        </>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      headerClassName: 'w-[15%]',
      cardClassName: 'justify-self-end',
      cell: (account) => <StatusBadge status={account.status} />,
    },
    {
      key: 'signed-up',
      header: 'Signed up',
      headerClassName: 'w-[15%]',
      className: 'text-muted',
      tableClassName: 'whitespace-nowrap',
      cardLabel: 'sr',
      cell: (account) => <time dateTime={account.createdAt}>{signupDate.format(new Date(account.createdAt))}</time>,
    },
    {
      key: 'stage',
      header: 'Stage',
      cardClassName: 'justify-self-end text-right',
      cardLabel: 'sr',
      cell: (account) => {
        const stage = stageLabel(account.stage);
        return (
          <>
            {stage.primary}
            {stage.secondary && <span className="block text-xs text-muted">{stage.secondary}</span>}
          </>
        );
      },
    },
  ];
}

function AccountsTable({
  accounts,
  selected,
  onSelect,
}: {
  accounts: AccountRow[];
  selected: string | null;
  onSelect: (userId: string) => void;
}) {
  return (
    <DataTable
      rows={accounts}
      columns={accountColumns(selected, onSelect)}
      rowKey={(account) => account.id}
      cardColumns={2}
      fixed
      rowClassName={(account) => cn('relative hover:bg-surface', account.id === selected && 'bg-brand-50 hover:bg-brand-50')}
    />
  );
}

function PendingSignups({ signups }: { signups: PendingSignup[] }) {
  const resend = useResendSignupCode();
  const [sending, setSending] = useState<string | null>(null);
  const onResend = (signup: PendingSignup) => {
    setSending(signup.id);
    resend.mutate(signup.id, {
      onSuccess: (res) => notify.success('Code sent', `${res.responseMessage} (${signup.email})`),
      onError: (err) => {
        const shown = errorMessage(err, { codes: 'all', fallback: { title: 'Code not sent', message: 'Please try again.' } });
        notify.error(shown.title, shown.message);
      },
      onSettled: () => setSending(null),
    });
  };
  return (
    <section aria-labelledby="pending-signups" className="mt-8">
      <h2 id="pending-signups" className="text-base font-semibold">
        Sign-ups waiting for their code
      </h2>
      <p className="mt-1 text-sm text-muted">
        No account exists until the code from the sign-up mail is entered. A new code goes to the same address and works in the browser the
        sign-up was made in.
      </p>
      <ul className="mt-3 divide-y divide-line overflow-hidden rounded-[var(--radius-card)] border border-line bg-white shadow-sm">
        {signups.map((signup) => (
          <li key={signup.id} className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0 text-sm">
              <p className="font-semibold">
                {fullName(signup)} <span className="font-normal text-muted">· {signup.kind === 'company' ? 'Company' : 'Freelancer'}</span>
              </p>
              <p className="break-all text-muted">{signup.email}</p>
              <p className="text-xs text-muted">
                Last code sent <time dateTime={signup.codeSentAt}>{relativeTime(signup.codeSentAt)}</time>
              </p>
            </div>
            <Button
              variant="secondary"
              className="shrink-0"
              pending={sending === signup.id}
              disabled={sending !== null && sending !== signup.id}
              onClick={() => onResend(signup)}
              aria-label={`Resend the code to ${signup.email}`}
            >
              Resend code
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
