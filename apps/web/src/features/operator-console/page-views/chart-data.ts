import type { PageViewSeries } from '@talentloop/contract/api/analytics';
import { countLabel } from '../../../lib/plural.ts';

// Page views as a chart draws them (issue 21): dates along x, the most viewed paths as lines, the
// rest summed as one 'Other' line, so a chart of many paths stays readable. Pure: the table beside
// the chart shows the same numbers from the same shape.

/** The server's bucket for every path that is not a page of the app (analytics known-paths.ts). */
const SERVER_OTHER_PATH = 'other';
export const OTHER_KEY = 'other';
export const DEFAULT_TOP_PATHS = 5;

export type ChartSeries = {
  /** The row field holding this line's values ('p0', 'p1', ... or 'other'): paths hold characters chart keys must not. */
  key: string;
  label: string;
  total: number;
  /** The paths this line sums (one, or every path not in the top). */
  paths: string[];
};

export type ChartRow = { date: string } & Record<string, number | string>;

export type ChartData = { series: ChartSeries[]; rows: ChartRow[]; total: number };

/** How a counted path reads in the chart and the table. */
export function pathLabel(path: string): string {
  return path === SERVER_OTHER_PATH ? 'Not an app page' : path;
}

/**
 * The chart of `days` (oldest first) and each path's daily counts: the `top` paths with the most
 * views (ties by path) as their own lines, every other path summed into 'Other' (only when there
 * is more than one such path; a single one keeps its own line). Days a path has no count are 0.
 */
export function shapeChartData(input: { days: readonly string[]; paths: readonly PageViewSeries[] }, top = DEFAULT_TOP_PATHS): ChartData {
  const sorted = [...input.paths]
    .map((p) => ({ ...p, total: p.daily.reduce((a, b) => a + b, 0) }))
    .sort((a, b) => b.total - a.total || a.path.localeCompare(b.path));
  const keep = sorted.length > top + 1 ? sorted.slice(0, top) : sorted;
  const rest = sorted.slice(keep.length);
  const series: ChartSeries[] = keep.map((p, i) => ({ key: `p${i}`, label: pathLabel(p.path), total: p.total, paths: [p.path] }));
  if (rest.length > 0) {
    series.push({
      key: OTHER_KEY,
      label: `Other (${countLabel(rest.length, 'path')})`,
      total: rest.reduce((a, p) => a + p.total, 0),
      paths: rest.map((p) => p.path),
    });
  }
  const rows = input.days.map((date, d) => {
    const row: ChartRow = { date };
    keep.forEach((p, i) => {
      row[`p${i}`] = p.daily[d] ?? 0;
    });
    if (rest.length > 0) row[OTHER_KEY] = rest.reduce((a, p) => a + (p.daily[d] ?? 0), 0);
    return row;
  });
  return { series, rows, total: sorted.reduce((a, p) => a + p.total, 0) };
}

/** The lines' colours (most viewed first) and the dashed 'Other' line's. */
export const LINE_COLOURS = ['#4338ca', '#0e7490', '#b45309', '#be185d', '#15803d'] as const;
export const OTHER_COLOUR = '#8a909c';
/** Text in the chart (axis ticks, tooltip, legend): the theme's muted and ink colours. */
export const CHART_TEXT = { muted: '#565d6d', ink: '#1f2430' } as const;

/** The colour of series `index` (its key says whether it is 'Other'). */
export const seriesColour = (key: string, index: number): string =>
  key === OTHER_KEY ? OTHER_COLOUR : (LINE_COLOURS[index % LINE_COLOURS.length] ?? LINE_COLOURS[0]);

const luminance = (hex: string): number => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

/** WCAG 2 contrast ratio of two '#rrggbb' colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
