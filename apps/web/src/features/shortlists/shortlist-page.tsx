import { paths } from '@talentloop/contract';
import { SHORTLIST_STAGES, SHORTLIST_STAGE_LABELS, type ShortlistStage } from '@talentloop/contract/api/shortlists';
import { ArrowLeft, Search, Users } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { errorCode } from '../../lib/error-message.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button, buttonClass } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { EmptyState } from '../../ui/queue-page.tsx';
import { pillBarFrameClass, pillClass, pillRowClass } from '../../ui/pill-bar.ts';
import { useShortlist } from './api/get-shortlist.ts';
import { CandidateCard, type CandidateInterviewsComponent, type CandidateMessageComponent } from './candidate-card.tsx';
import { formatDate } from './shortlists-page.tsx';
import { countLabel } from '../../lib/plural.ts';

// One shortlist (issue 20): its candidates grouped by stage, one stage at a time when picked in the
// bar (?stage=, so reload and Back keep it).

type Filter = 'all' | ShortlistStage;
const parseFilter = (v: string | null): Filter => (SHORTLIST_STAGES.includes(v as ShortlistStage) ? (v as ShortlistStage) : 'all');

/** `CandidateInterviews`: the interviews feature's panel on each card (issue 22), composed by the router. */
export function ShortlistPage({
  CandidateInterviews,
  CandidateMessage,
}: {
  CandidateInterviews?: CandidateInterviewsComponent;
  CandidateMessage?: CandidateMessageComponent;
} = {}) {
  const { shortlistId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const filter = parseFilter(params.get('stage'));
  const query = useShortlist(shortlistId);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const data = query.data;
  const focusHeading = () => requestAnimationFrame(() => headingRef.current?.focus());
  const [kept, setKept] = useState<string[]>([]);

  const back = (
    <Link
      to={paths.company.shortlists}
      className="inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      All shortlists
    </Link>
  );

  if (query.isError) {
    const missing = errorCode(query.error) === 'TL_CORE_13013_E';
    return (
      <main className="mx-auto w-full max-w-5xl px-4 pt-4 pb-16 sm:px-6 sm:pt-6">
        {back}
        <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">{missing ? 'Shortlist not found' : 'Shortlist'}</h1>
        <div className="mt-6 space-y-3">
          <Alert>{missing ? 'No such shortlist. It may have been deleted.' : 'Failed to get this shortlist. Please try again.'}</Alert>
          {!missing && (
            <Button variant="secondary" onClick={() => query.refetch()}>
              Try again
            </Button>
          )}
        </div>
      </main>
    );
  }

  const candidates = data?.candidates ?? [];
  const total = candidates.length;
  const countOf = (f: Filter) => (f === 'all' ? total : candidates.filter((c) => c.stage === f).length);
  // A candidate moved out of the picked stage stays in view (and keeps focus) until the filter changes.
  const visible = candidates.filter((c) => filter === 'all' || c.stage === filter || kept.includes(c.id));
  const setFilter = (next: Filter) => {
    setKept([]);
    setParams(next === 'all' ? {} : { stage: next }, { replace: true });
  };

  return (
    <main className="mx-auto w-full max-w-5xl px-4 pt-4 pb-16 sm:px-6 sm:pt-6">
      {back}
      <header className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-brand-700">Shortlist</p>
          <h1 ref={headingRef} tabIndex={-1} className="mt-1 text-2xl font-bold tracking-tight break-words outline-none sm:text-3xl">
            {data ? data.shortlist.name : <span className="inline-block h-8 w-56 animate-pulse rounded-lg bg-surface align-middle" />}
            {!data && <span className="sr-only">Loading shortlist</span>}
          </h1>
          {data && (
            <p className="mt-1 text-sm text-muted">
              {countLabel(total, 'candidate')} · Created {formatDate(data.shortlist.createdAt)}
            </p>
          )}
        </div>
        <Link to={paths.company.talent} className={buttonClass('secondary', 'shrink-0')}>
          <Search className="h-4 w-4" aria-hidden="true" />
          Find talent
        </Link>
      </header>

      <nav aria-label="Filter by stage" className={cn(pillBarFrameClass, 'mt-5')}>
        <ul className={pillRowClass()}>
          {(['all', ...SHORTLIST_STAGES] as const).map((f) => {
            const count = countOf(f);
            const active = filter === f;
            return (
              <li key={f} className="shrink-0">
                <button type="button" aria-pressed={active} onClick={() => setFilter(f)} className={cn(pillClass(active), 'gap-2')}>
                  {f === 'all' ? 'All' : SHORTLIST_STAGE_LABELS[f]}
                  <span
                    className={cn(
                      'rounded-full px-2 py-0.5 text-xs tabular-nums',
                      active ? 'bg-white text-brand-800' : 'bg-surface text-muted',
                    )}
                  >
                    {data ? count : '–'}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </nav>

      <section aria-labelledby="candidates-title" className="mt-6">
        <h2 id="candidates-title" className="flex items-center gap-2 text-lg font-semibold">
          {filter === 'all' ? 'Candidates' : SHORTLIST_STAGE_LABELS[filter]}
          {data && (
            <span className="rounded-full bg-surface px-2 py-0.5 text-xs font-medium tabular-nums text-muted">{countOf(filter)}</span>
          )}
        </h2>
        <div className="mt-3">
          {!data ? (
            <ul aria-busy="true" className="grid gap-4 lg:grid-cols-2">
              {[0, 1, 2, 3].map((i) => (
                <li key={i} className="h-64 animate-pulse rounded-[var(--radius-card)] border border-line bg-white" />
              ))}
            </ul>
          ) : total === 0 ? (
            <EmptyState
              icon={Users}
              padding="py-8"
              message="No one is on this list yet. Find talent and press Shortlist on a profile to add them here."
            />
          ) : visible.length === 0 ? (
            <EmptyState
              icon={Users}
              padding="py-8"
              message={`No candidates at ${filter === 'all' ? 'this stage' : SHORTLIST_STAGE_LABELS[filter]}.`}
            />
          ) : (
            <ul className="grid gap-4 lg:grid-cols-2 lg:items-start">
              {visible.map((c) => (
                <CandidateCard
                  key={c.id}
                  shortlistId={shortlistId}
                  candidate={c}
                  onMoved={() => setKept((k) => (k.includes(c.id) ? k : [...k, c.id]))}
                  onRemoved={focusHeading}
                  Interviews={CandidateInterviews}
                  Message={CandidateMessage}
                />
              ))}
            </ul>
          )}
        </div>
      </section>
    </main>
  );
}
