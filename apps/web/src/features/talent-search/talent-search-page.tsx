import { BRAND } from '@talentloop/contract';
import {
  TALENT_QUERY_MAX,
  TALENT_SEARCH_DEBOUNCE_MS,
  TALENT_SORT_LABELS,
  TALENT_SORTS,
  type TalentSort,
} from '@talentloop/contract/api/talent-search';
import { useQueryClient } from '@tanstack/react-query';
import { Search, SearchX, ShieldAlert, SlidersHorizontal } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-client.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { inputClass } from '../../ui/field.tsx';
import { useCompanyVerified } from './api/get-company-verified.ts';
import { talentKeys } from './api/keys.ts';
import { useTalentSearch } from './api/search-talent.ts';
import { NativeSelect, SearchFilters } from './search-filters.tsx';
import {
  EMPTY_FILTERS,
  activeFilterCount,
  apiQuery,
  filtersFromParams,
  freelancerCount,
  loosenLabel,
  paramsFromFilters,
  searchProblems,
  serverProblem,
  type TalentFilters,
  VERIFY_LINK,
  withoutFilter,
} from './search-params.ts';
import { TalentCard, TalentCardSkeleton } from './talent-card.tsx';
import type { ShortlistButtonComponent } from './talent-profile-page.tsx';

// /company/talent (issue 20): the company's talent search. The address holds the search (the
// contract's TalentSearchQuery parameters): typing replaces the current history entry once it
// settles (TALENT_SEARCH_DEBOUNCE_MS), a filter change pushes a new one, so Back undoes filters
// and a search can be shared or reloaded.

export const SKELETON_CARDS = 6;
const SORT_OPTIONS = TALENT_SORTS.map((s) => ({ value: s, label: TALENT_SORT_LABELS[s] }));
/** The results line when nothing matches (the empty card shows it large, so the line is for screen readers). */
const NO_MATCH = 'No freelancers match this search.';

/**
 * `ShortlistButton` (the shortlists feature's control, given by the router: features do not import
 * each other) puts 'Shortlist' on every card of a verified company.
 */
export function TalentSearchPage({ ShortlistButton }: { ShortlistButton?: ShortlistButtonComponent } = {}) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const search = params.toString();
  const latest = useRef(filters);
  latest.current = filters;

  // The text box runs ahead of the address while typing; `committed` is the text last written to it.
  const [text, setText] = useState(filters.q);
  const committed = useRef(filters.q);
  const settled = useDebouncedValue(text, TALENT_SEARCH_DEBOUNCE_MS);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the typed text settles, not when the address changes (Back must not be undone)
  useEffect(() => {
    const q = settled.trim();
    if (q === latest.current.q) return;
    committed.current = q;
    setParams(paramsFromFilters({ ...latest.current, q }), { replace: true });
  }, [settled]);

  // Back, Forward or a link changed the text in the address: the box follows.
  useEffect(() => {
    if (filters.q === committed.current) return;
    committed.current = filters.q;
    setText(filters.q);
  }, [filters.q]);

  const typed = useRef(text);
  typed.current = text;
  /** A new search in the address: pushed (a filter change) or replacing the entry (text). */
  const go = useCallback(
    (next: TalentFilters, replace = false) => {
      committed.current = next.q;
      if (next.q !== typed.current.trim()) setText(next.q);
      setParams(paramsFromFilters(next), { replace });
    },
    [setParams],
  );
  // Stable while typing, so the filters do not re-render on every keystroke.
  const change = useCallback((patch: Partial<TalentFilters>) => go({ ...latest.current, q: typed.current.trim(), ...patch }), [go]);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (text.trim() !== filters.q) go({ ...filters, q: text.trim() }, true);
  }

  const problems = useMemo(() => searchProblems(filters), [filters]);
  const results = useTalentSearch(filters, problems.length === 0);
  const queryClient = useQueryClient();
  // The server's refusal of the search itself (e.g. an unknown skill) shows under the filters.
  const refusal = results.error instanceof ApiError && results.error.status === 400 && !results.isFetchNextPageError ? results.error : null;
  const shownProblems = useMemo(() => (problems.length ? problems : refusal ? [serverProblem(refusal.message)] : []), [problems, refusal]);

  const cards = results.data?.pages.flatMap((p) => p.results) ?? [];
  const loosen = results.data?.pages[0]?.loosen ?? [];
  // The server's closest words when the text finds nobody (decision 160): each reruns the search with that text.
  const didYouMean = results.data?.pages[0]?.didYouMean ?? [];
  const filterCount = activeFilterCount(filters);
  const verified = useCompanyVerified();
  const [filtersOpen, setFiltersOpen] = useState(false);

  useEffect(() => {
    const before = document.title;
    document.title = `Find talent · ${BRAND.name}`;
    return () => {
      document.title = before;
    };
  }, []);

  const status = shownProblems.length
    ? 'Change the filters to search.'
    : results.isPending
      ? 'Searching…'
      : results.isError && !results.data
        ? ''
        : cards.length === 0
          ? NO_MATCH
          : `Showing ${freelancerCount(cards.length)}${results.hasNextPage ? '' : ', all found'}`;

  return (
    <main className="mx-auto w-full max-w-7xl px-4 pt-6 pb-16 sm:px-6 sm:pt-8">
      <header>
        <p className="text-sm font-semibold text-brand-700">Talent search</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">Find talent</h1>
        <p className="mt-1 text-muted">Vetted freelancers who are open to work.</p>
      </header>

      {verified === false && (
        <div className="mt-5 flex gap-3 rounded-[var(--radius-card)] border border-warning/30 bg-warning-soft p-4">
          <ShieldAlert className="mt-0.5 h-5 w-5 shrink-0 text-warning" aria-hidden="true" />
          <p className="text-sm text-ink">
            You can search and open profiles now. Verify your company before you shortlist talent.{' '}
            <Link
              to={VERIFY_LINK}
              className="font-semibold whitespace-nowrap text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              Verify your company
            </Link>
          </p>
        </div>
      )}

      <search aria-label="Talent" className="mt-5">
        <form onSubmit={submit}>
          <label htmlFor="talent-q" className="sr-only">
            Search talent
          </label>
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-4 h-5 w-5 -translate-y-1/2 text-muted" aria-hidden="true" />
            <input
              id="talent-q"
              type="search"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder="Name, occupation, skill or keyword"
              autoComplete="off"
              maxLength={TALENT_QUERY_MAX}
              aria-describedby="talent-count"
              className={cn(inputClass(shownProblems.some((p) => p.field === 'q')), 'min-h-12 pl-12 text-base sm:text-base')}
            />
          </div>
        </form>
      </search>

      <div className="mt-5 grid gap-6 lg:grid-cols-[17rem_minmax(0,1fr)] lg:items-start">
        <section aria-labelledby="filters-title" className="min-w-0">
          <div className="flex items-center justify-between gap-3 lg:mb-4">
            <h2 id="filters-title" className="text-base font-semibold">
              Filters
              {filterCount > 0 && <span className="ml-1.5 text-sm font-normal text-muted">({filterCount})</span>}
            </h2>
            <div className="flex items-center gap-1">
              {filterCount > 0 && (
                <Button
                  variant="ghost"
                  className="min-h-9 px-3"
                  onClick={() => go({ ...EMPTY_FILTERS, q: text.trim(), sort: filters.sort })}
                >
                  Clear all
                </Button>
              )}
              {/* A refusal keeps the filters in view on a phone too: no toggle then. */}
              {shownProblems.length === 0 && (
                <Button
                  variant="secondary"
                  className="min-h-9 px-3 lg:hidden"
                  aria-expanded={filtersOpen}
                  aria-controls="talent-filters"
                  onClick={() => setFiltersOpen((o) => !o)}
                >
                  <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
                  {filtersOpen ? 'Hide' : 'Show'}
                  <span className="sr-only"> filters</span>
                </Button>
              )}
            </div>
          </div>
          <div
            id="talent-filters"
            className={cn(
              'mt-4 rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-sm lg:mt-0 lg:block',
              filtersOpen || shownProblems.length ? 'block' : 'hidden',
            )}
          >
            <SearchFilters filters={filters} onChange={change} problems={shownProblems} />
          </div>
        </section>

        <section aria-labelledby="results-title" className="min-w-0">
          <h2 id="results-title" className="sr-only">
            Results
          </h2>
          <div className="flex flex-wrap items-center justify-between gap-3">
            {/* With no match the card below says it in large: the line stays for screen readers only. */}
            <p
              id="talent-count"
              role="status"
              aria-live="polite"
              className={status === NO_MATCH ? 'sr-only' : 'min-h-6 text-sm font-medium text-muted'}
            >
              {status}
            </p>
            <div className="ml-auto flex items-center gap-2">
              <label htmlFor="talent-sort" className="text-sm text-muted">
                Sort by
              </label>
              <NativeSelect
                id="talent-sort"
                className="w-48"
                value={filters.sort}
                options={SORT_OPTIONS}
                onChange={(v) => change({ sort: v as TalentSort })}
              />
            </div>
          </div>

          <div className="mt-4" aria-busy={results.isFetching && !results.isFetchingNextPage}>
            {shownProblems.length ? null : results.isPending ? (
              <ul aria-hidden="true" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                {Array.from({ length: SKELETON_CARDS }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                  <li key={i}>
                    <TalentCardSkeleton />
                  </li>
                ))}
              </ul>
            ) : results.isError && !results.data ? (
              <div className="space-y-3">
                <Alert>Failed to search talent. Please try again.</Alert>
                <Button variant="secondary" onClick={() => results.refetch()}>
                  Try again
                </Button>
              </div>
            ) : cards.length === 0 ? (
              <div className="flex flex-col items-center rounded-[var(--radius-card)] border border-dashed border-line bg-white px-6 py-12 text-center">
                <SearchX className="h-10 w-10 text-muted" aria-hidden="true" />
                <h3 className="mt-4 text-lg font-semibold">No freelancers match this search</h3>
                {didYouMean.length > 0 && (
                  <div className="mt-2 flex flex-wrap items-baseline justify-center gap-x-2 text-base">
                    <p id="did-you-mean" className="text-ink">
                      Did you mean:
                    </p>
                    <ul aria-labelledby="did-you-mean" className="flex flex-wrap justify-center gap-x-2">
                      {didYouMean.map((suggested, i) => (
                        <li key={suggested}>
                          <button
                            type="button"
                            className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
                            onClick={() => go({ ...filters, q: suggested })}
                          >
                            {suggested}
                          </button>
                          {i < didYouMean.length - 1 && ','}
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
                {loosen.length > 0 ? (
                  <>
                    <p className="mt-1 text-sm text-muted">Loosen one filter to see more people:</p>
                    <ul aria-label="Ways to loosen the search" className="mt-4 flex w-full max-w-md flex-col gap-2">
                      {loosen.map((l) => (
                        <li key={l.filter}>
                          <Button variant="secondary" className="w-full" onClick={() => go(withoutFilter(filters, l.filter))}>
                            {loosenLabel(l.filter, l.count, filters.skill.length)}
                          </Button>
                        </li>
                      ))}
                    </ul>
                  </>
                ) : (
                  <p className="mt-1 max-w-md text-sm text-muted">
                    {filterCount > 0 || filters.q
                      ? 'Try other words or fewer filters.'
                      : 'No vetted freelancers are open to work yet. New profiles are vetted every day.'}
                  </p>
                )}
              </div>
            ) : (
              <>
                <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                  {cards.map((card) => (
                    <li key={card.slug}>
                      <TalentCard
                        card={card}
                        search={search ? `?${search}` : ''}
                        action={
                          ShortlistButton && verified === true ? (
                            <ShortlistButton
                              slug={card.slug}
                              name={`${card.firstName} ${card.lastName}`.trim()}
                              memberships={[]}
                              canShortlist
                            />
                          ) : undefined
                        }
                      />
                    </li>
                  ))}
                </ul>
                {results.isFetchNextPageError && (
                  <div className="mt-4 space-y-3">
                    <Alert>
                      {results.error instanceof ApiError && results.error.status === 400
                        ? serverProblem(results.error.message).message
                        : 'Failed to load more talent. Please try again.'}
                    </Alert>
                    <Button
                      variant="secondary"
                      onClick={() => queryClient.resetQueries({ queryKey: talentKeys.search(apiQuery(filters)) })}
                    >
                      Start the search again
                    </Button>
                  </div>
                )}
                {results.hasNextPage && !results.isFetchNextPageError && (
                  <div className="mt-6 flex justify-center">
                    <Button variant="secondary" pending={results.isFetchingNextPage} onClick={() => results.fetchNextPage()}>
                      Show more
                    </Button>
                  </div>
                )}
              </>
            )}
          </div>
        </section>
      </div>
    </main>
  );
}
