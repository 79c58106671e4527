import { paths } from '@talentloop/contract';
import type { ConsoleQueue } from '@talentloop/contract/api/operator-console';
import {
  ArrowRight,
  BadgeCheck,
  Banknote,
  CalendarClock,
  FileCheck2,
  Handshake,
  Headset,
  Scale,
  Landmark,
  type LucideIcon,
  UserPlus,
} from 'lucide-react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/error-message.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { useConsoleOverview } from './api/get-console-overview.ts';
import { ConsolePage, relativeTime } from './console-page.tsx';
import { pluralNoun } from '../../lib/plural.ts';

// The console's first screen (issue 21): what waits in each queue and since when, and today's
// sign-ups by role. Each card opens its queue.

const QUEUE_CARDS: Record<
  ConsoleQueue,
  { title: string; to: string; icon: LucideIcon; unit: [one: string, other: string]; since: (age: string) => string }
> = {
  vetting: {
    title: 'Freelancer vetting',
    to: paths.admin.vetting,
    icon: BadgeCheck,
    unit: ['profile in review', 'profiles in review'],
    since: (age) => `Oldest submitted ${age}`,
  },
  documents: {
    title: 'Company documents',
    to: paths.admin.documents,
    icon: FileCheck2,
    unit: ['submission to check', 'submissions to check'],
    since: (age) => `Oldest sent ${age}`,
  },
  partnerRequests: {
    title: 'Partner requests',
    to: paths.admin.partnerRequests,
    icon: Handshake,
    unit: ['new request', 'new requests'],
    since: (age) => `Oldest received ${age}`,
  },
  supportCalls: {
    title: 'Support calls',
    to: paths.admin.supportCalls,
    icon: Headset,
    unit: ['upcoming call', 'upcoming calls'],
    since: (age) => `Next call ${age}`,
  },
  receipts: {
    title: 'Bank receipts',
    to: paths.admin.receipts,
    icon: Landmark,
    unit: ['receipt to assign', 'receipts to assign'],
    since: (age) => `Oldest imported ${age}`,
  },
  releasesDue: {
    title: 'Releases due',
    to: paths.admin.releasesDue,
    icon: CalendarClock,
    unit: ['release waiting', 'releases waiting'],
    since: (age) => `Oldest deadline ${age}`,
  },
  payouts: {
    title: 'Payout batches',
    to: paths.admin.payouts,
    icon: Banknote,
    unit: ['open batch', 'open batches'],
    since: (age) => `Oldest made ${age}`,
  },
  disputes: {
    title: 'Disputes',
    to: paths.admin.disputes,
    icon: Scale,
    unit: ['dispute to decide', 'disputes to decide'],
    since: (age) => `Oldest opened ${age}`,
  },
};

export function ConsoleOverviewPage() {
  const overview = useConsoleOverview();
  const data = overview.data?.overview;
  return (
    <ConsolePage title="Overview" description="What is waiting for the team, oldest first. Each card opens its queue.">
      {overview.isError ? (
        <div className="space-y-3">
          <Alert>{errorMessage(overview.error, { fallback: { title: 'Could not load', message: 'Please try again.' } }).message}</Alert>
          <Button variant="secondary" onClick={() => overview.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="space-y-8">
          <section aria-labelledby="queues-title">
            <h2 id="queues-title" className="sr-only">
              Queues
            </h2>
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
              {(Object.keys(QUEUE_CARDS) as ConsoleQueue[]).map((queue) => {
                const card = QUEUE_CARDS[queue];
                const item = data?.queues[queue];
                const Icon = card.icon;
                return (
                  <li key={queue}>
                    <Link
                      to={card.to}
                      className="group flex h-full flex-col rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-sm transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-brand-600"
                    >
                      <span className="flex items-center justify-between gap-3">
                        <span className="flex items-center gap-2 font-semibold">
                          <Icon className="h-5 w-5 text-brand-700" aria-hidden="true" />
                          {card.title}
                        </span>
                        <ArrowRight className="h-4 w-4 text-muted transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
                      </span>
                      {item ? (
                        <>
                          <span className="mt-4 text-3xl font-bold tabular-nums">{item.waiting}</span>
                          <span className="text-sm text-muted">{pluralNoun(item.waiting, ...card.unit)}</span>
                          <span className="mt-3 text-sm">
                            {item.oldestAt ? card.since(relativeTime(item.oldestAt)) : 'Nothing waiting'}
                          </span>
                        </>
                      ) : (
                        <span aria-hidden="true" className="mt-4 block space-y-2">
                          <span className="block h-8 w-12 animate-pulse rounded bg-surface" />
                          <span className="block h-4 w-32 animate-pulse rounded bg-surface" />
                        </span>
                      )}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
          <section aria-labelledby="signups-title" className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-sm">
            <h2 id="signups-title" className="flex items-center gap-2 font-semibold">
              <UserPlus className="h-5 w-5 text-brand-700" aria-hidden="true" />
              Sign-ups today
            </h2>
            <p className="mt-1 text-sm text-muted">Accounts made since midnight UTC. Demo accounts are never counted.</p>
            <dl className="mt-4 grid grid-cols-2 gap-4 sm:max-w-md">
              {(
                [
                  ['Freelancers', data?.signupsToday.freelancers],
                  ['Companies', data?.signupsToday.companies],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="rounded-xl bg-surface p-4">
                  <dt className="text-sm text-muted">{label}</dt>
                  <dd className="mt-1 text-2xl font-bold tabular-nums">{value ?? '–'}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-4 text-sm">
              <Link to={paths.admin.accounts} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                Find an account
              </Link>
            </p>
          </section>
        </div>
      )}
    </ConsolePage>
  );
}
