import { PAGE_VIEW_DAYS_DEFAULT } from '@talentloop/contract/api/analytics';
import { formatSupportDate } from '@talentloop/contract/rules/support-slots';
import { ChartLine } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { errorMessage } from '../../../lib/error-message.ts';
import { cn } from '../../../ui/cn.ts';
import { LoadError } from '../../../ui/section-boundary.tsx';
import { ConsolePage } from '../console-page.tsx';
import { CHART_TEXT, type ChartData, DEFAULT_TOP_PATHS, OTHER_KEY, pathLabel, seriesColour, shapeChartData } from './chart-data.ts';
import { ChartTooltip } from './chart-tooltip.tsx';
import { usePageViews } from '../api/get-page-views.ts';
import { countLabel } from '../../../lib/plural.ts';

// Page views (issue 21): daily views per path as a line chart (the most viewed paths, the rest as
// Other) and, beside it, the same numbers as tables: the tables are what a screen reader reads, the
// chart is hidden from it. recharts loads with this page only (the router loads the page lazily).

const RANGES = [7, 30, 90] as const;
const numbers = new Intl.NumberFormat('en');

const shortDay = (date: string) => formatSupportDate(date, 'd MMM');
const longDay = (date: string) => formatSupportDate(date, 'EEE, d MMM yyyy');

function rangeOf(params: URLSearchParams): number {
  const days = Number(params.get('days'));
  return (RANGES as readonly number[]).includes(days) ? days : PAGE_VIEW_DAYS_DEFAULT;
}

export function PageViewsPage() {
  const [params] = useSearchParams();
  const days = rangeOf(params);
  const views = usePageViews(days);
  const data = views.data;
  const chart = data ? shapeChartData(data, DEFAULT_TOP_PATHS) : null;

  return (
    <ConsolePage
      wide
      title="Page views"
      description="Views of each page of the app per day (UTC), counted without cookies or personal data. Pages with an id in their address count under their pattern."
      actions={<RangePicker current={days} />}
    >
      {views.isError ? (
        <LoadError
          message={
            errorMessage(views.error, {
              fallback: { title: 'Could not load', message: 'Could not load the page views. Please try again.' },
            }).message
          }
          onRetry={() => views.refetch()}
        />
      ) : !data || !chart ? (
        <div aria-hidden="true" className="grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <div className="h-96 animate-pulse rounded-[var(--radius-card)] bg-white" />
          <div className="h-96 animate-pulse rounded-[var(--radius-card)] bg-white" />
        </div>
      ) : (
        <div className="grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]" aria-busy={views.isFetching}>
          <ChartPanel chart={chart} days={data.days} />
          <TotalsTable paths={data.paths} total={data.total} days={data.days.length} />
          <div className="xl:col-span-2">
            <DailyTable chart={chart} />
          </div>
        </div>
      )}
    </ConsolePage>
  );
}

function RangePicker({ current }: { current: number }) {
  return (
    <nav aria-label="Range">
      <ul className="inline-flex gap-1 rounded-xl border border-line bg-white p-1 shadow-sm">
        {RANGES.map((days) => (
          <li key={days}>
            <Link
              to={days === PAGE_VIEW_DAYS_DEFAULT ? '?' : `?days=${days}`}
              aria-current={days === current ? 'page' : undefined}
              className={cn(
                'inline-flex min-h-10 items-center rounded-lg px-3.5 text-sm font-semibold',
                days === current ? 'bg-brand-700 text-white' : 'text-ink hover:bg-surface',
              )}
            >
              {days} days
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ChartPanel({ chart, days }: { chart: ChartData; days: string[] }) {
  const first = days[0];
  const last = days.at(-1);
  const summary =
    chart.total === 0
      ? 'No views in this range.'
      : `${countLabel(chart.total, 'view')} from ${first ? longDay(first) : ''} to ${last ? longDay(last) : ''}. Most viewed: ${chart.series
          .filter((s) => s.key !== OTHER_KEY)
          .slice(0, 3)
          .map((s) => `${s.label} (${numbers.format(s.total)})`)
          .join(', ')}.`;
  return (
    <figure className="min-w-0 rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-sm sm:p-5">
      <figcaption>
        <h2 className="font-semibold">Daily views</h2>
        <p className="mt-0.5 text-sm text-muted">
          {summary}
          <span className="sr-only"> The tables on this page list every number in the chart.</span>
        </p>
      </figcaption>
      {chart.total === 0 ? (
        <div className="mt-4 flex h-72 flex-col items-center justify-center rounded-xl border border-dashed border-line text-center">
          <ChartLine className="h-8 w-8 text-muted" aria-hidden="true" />
          <p className="mt-2 font-semibold">No views yet</p>
          <p className="mt-1 max-w-xs text-sm text-muted">Views are counted as people open pages of the app.</p>
        </div>
      ) : (
        <div aria-hidden="true" className="mt-4 h-72 sm:h-80">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={chart.rows} margin={{ top: 8, right: 12, bottom: 0, left: -12 }} accessibilityLayer={false}>
              <CartesianGrid stroke="#e4e7ec" vertical={false} />
              <XAxis
                dataKey="date"
                tickFormatter={shortDay}
                tick={{ fontSize: 12, fill: CHART_TEXT.muted }}
                minTickGap={24}
                tickLine={false}
              />
              <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: CHART_TEXT.muted }} tickLine={false} axisLine={false} width={48} />
              <Tooltip
                content={({ active, payload, label }) =>
                  active && payload?.length ? (
                    <ChartTooltip
                      title={longDay(String(label))}
                      items={chart.series.map((s, i) => ({
                        name: s.label,
                        value: Number(payload.find((p) => p.dataKey === s.key)?.value ?? 0),
                        colour: seriesColour(s.key, i),
                        dashed: s.key === OTHER_KEY,
                      }))}
                    />
                  ) : null
                }
              />
              {/* In the lines' order (most viewed first), not alphabetical; the names in ink, not the lines' colours. */}
              <Legend
                wrapperStyle={{ fontSize: 12 }}
                itemSorter={null}
                formatter={(value) => <span style={{ color: CHART_TEXT.ink }}>{value}</span>}
              />
              {chart.series.map((s, i) => (
                <Line
                  key={s.key}
                  type="monotone"
                  dataKey={s.key}
                  name={s.label}
                  stroke={seriesColour(s.key, i)}
                  strokeDasharray={s.key === OTHER_KEY ? '4 4' : undefined}
                  strokeWidth={2}
                  dot={false}
                  isAnimationActive={false}
                />
              ))}
            </LineChart>
          </ResponsiveContainer>
        </div>
      )}
    </figure>
  );
}

function TotalsTable({ paths, total, days }: { paths: { path: string; total: number }[]; total: number; days: number }) {
  return (
    <section aria-labelledby="page-view-totals" className="min-w-0 rounded-[var(--radius-card)] border border-line bg-white shadow-sm">
      <h2 id="page-view-totals" className="px-4 pt-4 font-semibold sm:px-5">
        Views per page, last {days} days
      </h2>
      {paths.length === 0 ? (
        <p className="px-4 pt-1 pb-4 text-sm text-muted sm:px-5">No page was viewed in this range.</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to be scrolled
        <section className="mt-2 max-h-96 overflow-y-auto" tabIndex={0} aria-label="Views per page, scrollable">
          <table className="w-full text-left text-sm">
            <thead className="sticky top-0 bg-surface text-xs font-semibold tracking-wide text-muted uppercase">
              <tr>
                <th scope="col" className="px-4 py-2 sm:px-5">
                  Page
                </th>
                <th scope="col" className="px-4 py-2 text-right">
                  Views
                </th>
                <th scope="col" className="px-4 py-2 text-right sm:pr-5">
                  Share
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {paths.map((p) => (
                <tr key={p.path}>
                  <th scope="row" className="px-4 py-2 font-medium break-all sm:px-5">
                    {pathLabel(p.path)}
                  </th>
                  <td className="px-4 py-2 text-right tabular-nums">{numbers.format(p.total)}</td>
                  <td className="px-4 py-2 text-right text-muted tabular-nums sm:pr-5">
                    {total ? `${Math.round((p.total / total) * 1000) / 10}%` : '–'}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t border-line font-semibold">
              <tr>
                <th scope="row" className="px-4 py-2 sm:px-5">
                  All pages
                </th>
                <td className="px-4 py-2 text-right tabular-nums">{numbers.format(total)}</td>
                <td className="px-4 py-2 text-right sm:pr-5" />
              </tr>
            </tfoot>
          </table>
        </section>
      )}
    </section>
  );
}

/** The chart's numbers: one row per day (newest first), one column per line. */
function DailyTable({ chart }: { chart: ChartData }) {
  if (chart.series.length === 0) return null;
  const rows = [...chart.rows].reverse();
  return (
    <details className="group rounded-[var(--radius-card)] border border-line bg-white shadow-sm">
      <summary className="flex min-h-11 cursor-pointer items-center px-4 font-semibold sm:px-5">
        Daily numbers (the chart as a table)
      </summary>
      <div className="overflow-x-auto border-t border-line">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Views per day of the pages drawn in the chart, newest day first</caption>
          <thead className="bg-surface text-xs font-semibold tracking-wide text-muted">
            <tr>
              <th scope="col" className="px-4 py-2 whitespace-nowrap sm:px-5">
                Day
              </th>
              {chart.series.map((s) => (
                <th key={s.key} scope="col" className="px-4 py-2 text-right whitespace-nowrap">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {rows.map((row) => (
              <tr key={row.date}>
                <th scope="row" className="px-4 py-1.5 font-medium whitespace-nowrap sm:px-5">
                  <time dateTime={row.date}>{longDay(row.date)}</time>
                </th>
                {chart.series.map((s) => (
                  <td key={s.key} className="px-4 py-1.5 text-right tabular-nums">
                    {numbers.format(Number(row[s.key] ?? 0))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
