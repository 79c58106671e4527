import { ERRORS, paths } from '@talentloop/contract';
import { type TalentStatusRead, type TimelineEntry, VETTING_STATUS_LABELS, WAITING_TEXTS } from '@talentloop/contract/api/talent-pool';
import {
  BadgeCheck,
  CalendarClock,
  CircleSlash,
  Eye,
  Hourglass,
  ListChecks,
  type LucideIcon,
  PencilLine,
  Send,
  Trophy,
  UserRound,
  XCircle,
} from 'lucide-react';
import { type ComponentType, useId } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/error-message.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { LoadError } from '../../ui/section-boundary.tsx';
import { notify } from '../../ui/toast.ts';
import { useTalentStatus } from './api/get-talent-status.ts';
import { useSendForReview } from './api/send-for-review.ts';
import { timelineDate, timelineTitle, timelineTone, waitingForCompanies } from './timeline-text.ts';

// The freelancer's dashboard (issue 20): where they stand in the talent pool, why, and what happens
// next, with every step dated, newest first. The spec's dashboard text stays beside it while no
// company has acted yet. spec: auth-onboarding §2 Empty-state pages (Dashboard)

export const WAITING_HEADING = "Looks like there's nothing here yet.";

/** The side card's sentence: the same as the status beside it, in every vetting state (decision 166). */
export function waitingText(status: Pick<TalentStatusRead, 'vettingStatus' | 'discoverable'>): string {
  if (status.vettingStatus === 'vetted' && !status.discoverable) return WAITING_TEXTS.hidden;
  return WAITING_TEXTS[status.vettingStatus];
}

const ICONS: Record<TimelineEntry['kind'], LucideIcon> = {
  submitted: Send,
  in_review: Hourglass,
  vetted: BadgeCheck,
  changes_requested: PencilLine,
  declined: XCircle,
  shortlisted: ListChecks,
  interview: CalendarClock,
  selected: Trophy,
  not_selected: CircleSlash,
};

const TONES = {
  good: 'bg-success-soft text-success',
  bad: 'bg-danger-soft text-danger',
  warn: 'bg-warning-soft text-warning',
  neutral: 'bg-brand-50 text-brand-700',
} as const;

/** The messages feature's 'Open conversation' for a candidacy (issue 36); it renders nothing while there is none. */
export type TimelineConversationLink = ComponentType<{ candidateId: string; companyName: string | null }>;

/**
 * `Interviews`: the interviews feature's section (issue 22); `ConversationLink`: the messages
 * feature's link on the newest entry of each candidacy (issue 36). Both composed by the router.
 */
export function DashboardPage({
  Interviews,
  ConversationLink,
}: {
  Interviews?: ComponentType;
  ConversationLink?: TimelineConversationLink;
} = {}) {
  const query = useTalentStatus();
  const status = query.data?.talentStatus;
  return (
    <main className="mx-auto w-full max-w-6xl px-4 pt-6 pb-16 sm:px-6 sm:pt-8">
      <header>
        <p className="text-sm font-semibold text-brand-700">Dashboard</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">Your place in the talent pool</h1>
      </header>
      {query.isError ? (
        <div className="mt-6">
          <LoadError what="your status" onRetry={() => query.refetch()} />
        </div>
      ) : (
        <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
          <div className="min-w-0 space-y-6">
            {status ? <StatusCard status={status} /> : <CardSkeleton lines={3} />}
            {Interviews && <Interviews />}
            {status ? <Timeline entries={status.timeline} ConversationLink={ConversationLink} /> : <CardSkeleton lines={5} />}
          </div>
          <aside aria-label="Your profile" className="min-w-0 space-y-4">
            {status ? <ViewsCard count={status.profileViews30d} /> : <CardSkeleton lines={2} />}
            {status && waitingForCompanies(status.timeline) && <WaitingCard text={waitingText(status)} />}
          </aside>
        </div>
      )}
    </main>
  );
}

function StatusCard({ status }: { status: TalentStatusRead }) {
  const send = useSendForReview();
  const latestReason = status.timeline.find((e) => e.kind === 'changes_requested' || e.kind === 'declined')?.reason;
  const showReason = status.vettingStatus === 'changes_requested' || status.vettingStatus === 'declined';
  const reopensAt = status.canRequestReviewAt ? new Date(status.canRequestReviewAt) : null;
  const canSend =
    status.vettingStatus === 'changes_requested' || (status.vettingStatus === 'declined' && reopensAt !== null && reopensAt <= new Date());
  // Changes requested: nothing to send until a section is saved (the server answers 13002 before).
  const unchanged = status.vettingStatus === 'changes_requested' && !status.changedSinceRequest;
  const hintId = useId();

  const submit = () =>
    send.mutate(undefined, {
      onSuccess: (res) => notify.success(res.responseMessage),
      onError: (err) => {
        const shown = errorMessage(err, {
          fallback: { title: 'Not sent', message: 'Failed to send your profile. Please try again.' },
          codes: 'all',
        });
        notify.error(shown.title, shown.message);
      },
    });

  return (
    <section aria-labelledby="status-title" className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="status-title" className="text-base font-semibold">
          Where you stand
        </h2>
        <span
          className={cn(
            'rounded-full px-3 py-1 text-sm font-semibold',
            status.vettingStatus === 'vetted'
              ? TONES.good
              : status.vettingStatus === 'declined'
                ? TONES.bad
                : status.vettingStatus === 'changes_requested'
                  ? TONES.warn
                  : TONES.neutral,
          )}
        >
          {VETTING_STATUS_LABELS[status.vettingStatus]}
        </span>
      </div>
      {showReason && latestReason ? (
        <blockquote className="mt-4 rounded-xl border-l-4 border-warning bg-warning-soft px-4 py-3 text-sm">
          <p className="font-medium">Our team wrote:</p>
          <p className="mt-1 whitespace-pre-line">{latestReason}</p>
        </blockquote>
      ) : null}
      <p className="mt-4 text-pretty">
        <span className="font-semibold">What happens next: </span>
        {status.next}
      </p>
      {status.vettingStatus === 'changes_requested' || status.vettingStatus === 'declined' ? (
        <div className="mt-5 flex flex-col gap-2 sm:flex-row">
          <Link to={paths.freelancer.viewProfile} className={buttonClass('secondary')}>
            <PencilLine className="h-4 w-4" aria-hidden="true" />
            Edit my profile
          </Link>
          {canSend ? (
            <Button onClick={submit} pending={send.isPending} disabled={unchanged} aria-describedby={unchanged ? hintId : undefined}>
              <Send className="h-4 w-4" aria-hidden="true" />
              Send for review
            </Button>
          ) : null}
        </div>
      ) : null}
      {canSend && unchanged ? (
        <p id={hintId} className="mt-2 text-sm text-muted">
          {ERRORS.TL_CORE_13002_E.message}
        </p>
      ) : null}
    </section>
  );
}

function Timeline({ entries, ConversationLink }: { entries: TimelineEntry[]; ConversationLink?: TimelineConversationLink | undefined }) {
  // The link goes on the newest entry of each candidacy only (entries are newest first).
  const linked = new Set<string>();
  return (
    <section aria-labelledby="timeline-title" className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-sm sm:p-6">
      <h2 id="timeline-title" className="text-base font-semibold">
        Timeline
      </h2>
      {entries.length === 0 ? (
        <p className="mt-3 text-sm text-muted">Nothing has happened yet. Finish your profile to send it for review.</p>
      ) : (
        <ol className="mt-4">
          {entries.map((entry, i) => {
            const Icon = ICONS[entry.kind];
            const linkTo = entry.candidateId && !linked.has(entry.candidateId) ? entry.candidateId : null;
            if (linkTo) linked.add(linkTo);
            return (
              <li key={entry.id} className="relative flex gap-4 pb-6 last:pb-0">
                {i < entries.length - 1 ? <span aria-hidden="true" className="absolute top-10 bottom-1 left-5 w-px bg-line" /> : null}
                <span className={cn('flex h-10 w-10 shrink-0 items-center justify-center rounded-full', TONES[timelineTone(entry.kind)])}>
                  <Icon className="h-5 w-5" aria-hidden="true" />
                </span>
                <div className="min-w-0 pt-1">
                  <p className="font-medium text-pretty">{timelineTitle(entry)}</p>
                  <p className="text-sm text-muted">
                    <time dateTime={entry.at}>{timelineDate(entry.at)}</time>
                  </p>
                  {entry.reason ? <p className="mt-2 rounded-lg bg-surface px-3 py-2 text-sm whitespace-pre-line">{entry.reason}</p> : null}
                  {linkTo && ConversationLink ? <ConversationLink candidateId={linkTo} companyName={entry.companyName} /> : null}
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

function ViewsCard({ count }: { count: number }) {
  return (
    <section aria-labelledby="views-title" className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-sm">
      <h2 id="views-title" className="flex items-center gap-2 text-base font-semibold">
        <Eye className="h-5 w-5 text-brand-700" aria-hidden="true" />
        Profile views
      </h2>
      <p className="mt-2 text-3xl font-bold">{count}</p>
      <p className="text-sm text-muted">
        {count === 1 ? 'company opened your profile' : 'companies opened your profile'} in the last 30 days
      </p>
    </section>
  );
}

function WaitingCard({ text }: { text: string }) {
  return (
    <section aria-labelledby="waiting-title" className="rounded-[var(--radius-card)] border border-line bg-white p-5 text-center shadow-sm">
      <img src="/illustrations/talent-pool.svg" alt="" width={320} height={220} className="mx-auto h-auto w-full max-w-[200px]" />
      <h2 id="waiting-title" className="mt-4 text-lg font-bold text-balance">
        {WAITING_HEADING}
      </h2>
      <p className="mt-2 text-sm text-pretty text-muted">{text}</p>
      <Link to={paths.freelancer.viewProfile} className={buttonClass('primary', 'mt-5')}>
        <UserRound className="h-4 w-4" aria-hidden="true" />
        My Profile
      </Link>
    </section>
  );
}

function CardSkeleton({ lines }: { lines: number }) {
  return (
    <div aria-busy="true" className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-sm">
      <span className="sr-only">Loading</span>
      {Array.from({ length: lines }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className={cn('h-4 animate-pulse rounded bg-line', i === 0 ? 'w-40' : 'mt-3 w-full')} />
      ))}
    </div>
  );
}
