import { ACCOUNT_SEARCH_MAX, type AccountRow, type PendingSignup } from '@talentloop/contract/api/operator-accounts';
import { Search, Users } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/error-message.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { cn } from '../../../ui/cn.ts';
import { inputClass } from '../../../ui/field.tsx';
import { notify } from '../../../ui/toast.ts';
import { ConsolePage, relativeTime } from '../console-page.tsx';
import { AccountDetailPanel } from './account-detail.tsx';
import { fullName, roleLabel, stageLabel } from './account-labels.ts';
import { useAccountSearch, useResendSignupCode } from './accounts-api.ts';
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

          <section aria-labelledby="accounts-results" aria-busy={search.isFetching} className="mt-5">
            <h2 id="accounts-results" className="sr-only">
              Results
            </h2>
            {search.isError ? (
              <Alert>{errorMessage(search.error, { fallback: { title: 'Could not search', message: 'Please try again.' } }).message}</Alert>
            ) : search.isPending ? (
              <ul aria-hidden="true" className="space-y-2">
                {[0, 1, 2, 3, 4].map((i) => (
                  <li key={i} className="h-16 animate-pulse rounded-xl bg-white" />
                ))}
              </ul>
            ) : (
              <>
                <p className="mb-2 text-sm text-muted" aria-live="polite">
                  {accounts.length === 0
                    ? q
                      ? `No accounts match “${q}”.`
                      : 'No accounts yet.'
                    : q
                      ? `Accounts matching “${q}”, newest first`
                      : 'Every account, newest first'}
                </p>
                {accounts.length === 0 ? (
                  <div className="flex flex-col items-center rounded-[var(--radius-card)] border border-dashed border-line bg-white px-6 py-12 text-center">
                    <Users className="h-8 w-8 text-muted" aria-hidden="true" />
                    <p className="mt-3 font-semibold">{q ? 'Nobody by that email or name' : 'No accounts yet'}</p>
                    <p className="mt-1 max-w-md text-sm text-muted">
                      {signups.length > 0
                        ? 'A sign-up below is still waiting for its code: the account exists once the code is entered.'
                        : q
                          ? 'Try part of the email, or only the first or last name.'
                          : 'Accounts appear here as people sign up.'}
                    </p>
                  </div>
                ) : (
                  <AccountsTable accounts={accounts} selected={selected} onSelect={select} />
                )}
                {accounts.length > 0 && (
                  <div className="mt-4 flex justify-center">
                    {search.hasNextPage ? (
                      <Button variant="secondary" pending={search.isFetchingNextPage} onClick={() => search.fetchNextPage()}>
                        Show more accounts
                      </Button>
                    ) : (
                      <p className="text-sm text-muted">That is every {q ? 'matching ' : ''}account.</p>
                    )}
                  </div>
                )}
                {signups.length > 0 && <PendingSignups signups={signups} />}
              </>
            )}
          </section>
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
    <div className="overflow-hidden rounded-[var(--radius-card)] border border-line bg-white shadow-sm">
      <table className="w-full text-left text-sm md:table-fixed">
        <thead className="hidden border-b border-line bg-surface text-xs font-semibold tracking-wide text-muted uppercase md:table-header-group">
          <tr>
            <th scope="col" className="w-[32%] px-4 py-3">
              Account
            </th>
            <th scope="col" className="w-[17%] px-4 py-3">
              Role
            </th>
            <th scope="col" className="w-[15%] px-4 py-3">
              Status
            </th>
            <th scope="col" className="w-[15%] px-4 py-3">
              Signed up
            </th>
            <th scope="col" className="px-4 py-3">
              Stage
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {accounts.map((account) => {
            const stage = stageLabel(account.stage);
            const isSelected = account.id === selected;
            return (
              <tr
                key={account.id}
                className={cn(
                  'relative grid grid-cols-2 gap-x-3 gap-y-1 px-4 py-3 align-top hover:bg-surface md:table-row md:p-0',
                  isSelected && 'bg-brand-50 hover:bg-brand-50',
                )}
              >
                <td className="col-span-2 min-w-0 md:px-4 md:py-3">
                  {/* The row's one control: the whole row is its click target (after:inset-0). */}
                  <button
                    type="button"
                    onClick={() => onSelect(account.id)}
                    aria-current={isSelected ? 'true' : undefined}
                    className="text-left font-semibold text-ink after:absolute after:inset-0 hover:underline focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-brand-600 focus-visible:after:ring-inset"
                  >
                    {fullName(account)}
                  </button>
                  <span className="block break-all text-muted md:truncate md:break-normal" title={account.email}>
                    {account.email}
                  </span>
                </td>
                <td className="md:px-4 md:py-3">
                  <span className="sr-only md:hidden">Role: </span>
                  {roleLabel(account)}
                  {account.demo && <span className="ml-1.5 rounded-md bg-surface px-1.5 py-0.5 text-xs text-muted">Demo</span>}
                </td>
                <td className="justify-self-end md:px-4 md:py-3">
                  <StatusBadge status={account.status} />
                </td>
                <td className="text-muted md:px-4 md:py-3 md:whitespace-nowrap">
                  <span className="sr-only md:hidden">Signed up </span>
                  <time dateTime={account.createdAt}>{signupDate.format(new Date(account.createdAt))}</time>
                </td>
                <td className="justify-self-end text-right md:px-4 md:py-3 md:text-left">
                  <span className="sr-only md:hidden">Stage: </span>
                  {stage.primary}
                  {stage.secondary && <span className="block text-xs text-muted">{stage.secondary}</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
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
