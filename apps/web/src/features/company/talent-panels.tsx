import { companyTalentPath, paths } from '@talentloop/contract';
import type { TalentInsights } from '@talentloop/contract/api/talent-search';
import { ArrowRight, Clock, type LucideIcon, Search, TrendingUp, Trophy } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { inputClass } from '../../ui/field.tsx';
import { useTalentInsights } from './api/get-talent-insights.ts';
import { countLabel, pluralNoun } from '../../lib/plural.ts';

// The company home's talent part (issue 20): a search box that opens the talent search, and the
// panels from real data (the spec's mock-ups made true). Each panel says honestly when there is
// nothing to show yet; demo profiles are never counted (the server leaves them out).

const talentSearch = (q: string) => (q ? `${paths.company.talent}?${new URLSearchParams({ q })}` : paths.company.talent);

/** The home's search box: opens /company/talent?q=… */
export function HomeTalentSearch() {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  function submit(e: FormEvent) {
    e.preventDefault();
    navigate(talentSearch(text.trim()));
  }
  return (
    <Panel id="talent-search-title" title="Find vetted talent" icon={Search} iconClass="bg-brand-50 text-brand-700">
      <p className="text-sm text-muted">Search vetted freelancers who are open to work, by name, occupation or skill.</p>
      <search aria-labelledby="talent-search-title" className="mt-4">
        <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row">
          <label htmlFor="home-talent-q" className="sr-only">
            Search talent
          </label>
          <input
            id="home-talent-q"
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="e.g. React developer, UX designer"
            autoComplete="off"
            maxLength={100}
            className={cn(inputClass(false), 'flex-1')}
          />
          <Button type="submit">
            <Search className="h-4 w-4" aria-hidden="true" />
            Search
          </Button>
        </form>
      </search>
    </Panel>
  );
}

/** Top Performance, Hiring Time, Technology and Trends. */
export function TalentPanels() {
  const insights = useTalentInsights();
  if (insights.isError) {
    return (
      <div className="space-y-3">
        <Alert>Failed to get the talent figures. Please try again.</Alert>
        <Button variant="secondary" onClick={() => insights.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const data = insights.data?.insights;
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <div className="xl:col-span-2">
        <TopPerformance data={data?.topPerformance} />
      </div>
      <HiringTime data={data?.hiringTime} />
      <Trends data={data?.trends} />
    </div>
  );
}

function TopPerformance({ data }: { data: TalentInsights['topPerformance'] | undefined }) {
  return (
    <Panel id="top-performance-title" title="Top Performance" icon={Trophy} iconClass="bg-warning-soft text-warning">
      <p className="text-sm text-muted">The most shortlisted vetted talent in each category.</p>
      {!data ? (
        <Loading rows={3} />
      ) : data.length === 0 ? (
        <Empty>No talent has been shortlisted yet. The most shortlisted people of each category show here once companies start.</Empty>
      ) : (
        <ul className="mt-4 divide-y divide-line">
          {data.map((c) => (
            <li key={c.category} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
              <span className="min-w-0 flex-1 basis-40 font-medium break-words text-ink">{c.category}</span>
              <span className="flex items-center">
                <ul aria-label={`Top ${c.category} talent`} className="flex -space-x-2">
                  {c.talents.slice(0, 3).map((t) => (
                    <li key={t.slug}>
                      <Link
                        to={companyTalentPath(t.slug)}
                        className="flex h-9 w-9 items-center justify-center overflow-hidden rounded-full bg-brand-50 text-xs font-bold text-brand-700 ring-2 ring-white"
                      >
                        {t.photoUrl ? (
                          <img src={t.photoUrl} alt={`${t.firstName} ${t.lastName}`} className="h-full w-full object-cover" />
                        ) : (
                          <>
                            <span aria-hidden="true">{`${t.firstName.charAt(0)}${t.lastName.charAt(0)}`.toUpperCase()}</span>
                            <span className="sr-only">{`${t.firstName} ${t.lastName}`}</span>
                          </>
                        )}
                      </Link>
                    </li>
                  ))}
                </ul>
                {c.more > 0 && (
                  <span className="ml-2 rounded-full bg-surface px-2 py-1 text-xs font-semibold text-muted">
                    +{c.more}
                    <span className="sr-only"> more</span>
                  </span>
                )}
              </span>
              <Link
                to={talentSearch(c.category)}
                className="inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-sm font-semibold text-brand-700 hover:text-brand-800"
              >
                View All<span className="sr-only"> {c.category} talent</span>
                <ArrowRight className="h-4 w-4" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

const DONUT_SCALE_DAYS = 30;

function HiringTime({ data }: { data: TalentInsights['hiringTime'] | undefined }) {
  const days = data?.medianDays;
  const hired = data && data.hires > 0 && days != null;
  return (
    <Panel id="hiring-time-title" title="Hiring Time" icon={Clock} iconClass="bg-brand-50 text-brand-700" fill>
      <p className="text-sm text-muted">Median days from shortlist to hire on the platform.</p>
      {!data ? (
        <Loading rows={2} />
      ) : hired ? (
        <div className="mt-4 flex items-center gap-5">
          <Donut value={Math.min(days, DONUT_SCALE_DAYS) / DONUT_SCALE_DAYS} />
          <div>
            <p className="text-3xl font-bold tracking-tight text-ink">
              {formatDays(days)} <span className="text-base font-medium text-muted">{pluralNoun(days, 'day')}</span>
            </p>
            <p className="mt-1 text-sm text-muted">
              Median over {countLabel(data.hires, 'hire')}; the ring is a {DONUT_SCALE_DAYS}-day month.
            </p>
          </div>
        </div>
      ) : (
        <Empty>No hires on the platform yet. The median time from shortlist to hire shows here after the first ones.</Empty>
      )}
    </Panel>
  );
}

const formatDays = (d: number) => (Number.isInteger(d) ? String(d) : d.toFixed(1));

/** A ring filled to `value` (0..1); decorative, the figure beside it says the same. */
function Donut({ value }: { value: number }) {
  const r = 34;
  const length = 2 * Math.PI * r;
  return (
    <svg viewBox="0 0 80 80" className="h-20 w-20 shrink-0 -rotate-90" aria-hidden="true" data-testid="hiring-donut">
      <circle cx="40" cy="40" r={r} fill="none" strokeWidth="10" className="stroke-brand-50" />
      <circle
        cx="40"
        cy="40"
        r={r}
        fill="none"
        strokeWidth="10"
        strokeLinecap="round"
        strokeDasharray={`${Math.max(value * length, 0.01)} ${length}`}
        className="stroke-brand-600"
      />
    </svg>
  );
}

function Trends({ data }: { data: TalentInsights['trends'] | undefined }) {
  const top = Math.max(1, ...(data ?? []).map((t) => t.count));
  return (
    <Panel id="trends-title" title="Technology and Trends" icon={TrendingUp} iconClass="bg-success-soft text-success" fill>
      <p className="text-sm text-muted">The pool's most listed skills, and how many more in the last 30 days.</p>
      {!data ? (
        <Loading rows={4} />
      ) : data.length === 0 ? (
        <Empty>No vetted profiles list skills yet. The most listed skills show here as the talent pool grows.</Empty>
      ) : (
        <ul className="mt-4 space-y-3">
          {data.map((t) => (
            <li key={t.skill}>
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <Link
                  to={`${paths.company.talent}?${new URLSearchParams({ skill: t.skill })}`}
                  className="font-medium text-ink hover:text-brand-700"
                >
                  {t.skill}
                </Link>
                <span className="shrink-0 text-muted">
                  {countLabel(t.count, 'profile')}
                  <span className={cn('ml-2 font-semibold', t.change30d > 0 ? 'text-success' : 'text-muted')}>
                    {t.change30d > 0 ? `+${t.change30d}` : t.change30d < 0 ? `−${-t.change30d}` : '±0'}
                    <span className="sr-only"> in 30 days</span>
                  </span>
                </span>
              </div>
              <div className="mt-1 h-1.5 rounded-full bg-surface" aria-hidden="true">
                <div className="h-full rounded-full bg-brand-500" style={{ width: `${(t.count / top) * 100}%` }} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function Panel({
  id,
  title,
  icon: Icon,
  iconClass,
  fill = false,
  children,
}: {
  id: string;
  title: string;
  icon: LucideIcon;
  iconClass: string;
  /** Fills its grid cell (the two panels side by side). */
  fill?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn('rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-sm sm:p-6', fill && 'xl:h-full')}
    >
      <h2 id={id} className="flex items-center gap-3 text-lg font-semibold">
        <span className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-xl ${iconClass}`}>
          <Icon className="h-5 w-5" aria-hidden="true" />
        </span>
        {title}
      </h2>
      <div className="mt-2">{children}</div>
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="mt-4 rounded-xl bg-surface px-4 py-5 text-sm text-muted">{children}</p>;
}

function Loading({ rows }: { rows: number }) {
  return (
    <div aria-hidden="true" className="mt-4 animate-pulse space-y-3">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="h-5 rounded bg-line" />
      ))}
    </div>
  );
}
