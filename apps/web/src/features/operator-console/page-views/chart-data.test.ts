import { describe, expect, test } from 'vitest';
import { CHART_TEXT, LINE_COLOURS, OTHER_COLOUR, OTHER_KEY, contrastRatio, pathLabel, shapeChartData } from './chart-data.ts';

const days = ['2026-11-23', '2026-11-24', '2026-11-25'];
const series = (path: string, daily: number[]) => ({ path, daily, total: daily.reduce((a, b) => a + b, 0) });

describe('page views chart data', () => {
  test('one row per day, oldest first, with one field per path', () => {
    const data = shapeChartData({ days, paths: [series('/', [1, 2, 3]), series('/login', [0, 0, 4])] });
    expect(data.series).toEqual([
      { key: 'p0', label: '/', total: 6, paths: ['/'] },
      { key: 'p1', label: '/login', total: 4, paths: ['/login'] },
    ]);
    expect(data.rows).toEqual([
      { date: '2026-11-23', p0: 1, p1: 0 },
      { date: '2026-11-24', p0: 2, p1: 0 },
      { date: '2026-11-25', p0: 3, p1: 4 },
    ]);
    expect(data.total).toBe(10);
  });

  test('the top paths by views get their own lines; the rest are summed per day as Other', () => {
    const data = shapeChartData(
      {
        days,
        paths: [
          series('/a', [1, 0, 0]),
          series('/b', [5, 5, 5]),
          series('/c', [0, 2, 0]),
          series('/d', [3, 3, 3]),
          series('/e', [0, 0, 1]),
        ],
      },
      2,
    );
    expect(data.series.map((s) => [s.key, s.label, s.total])).toEqual([
      ['p0', '/b', 15],
      ['p1', '/d', 9],
      [OTHER_KEY, 'Other (3 paths)', 4],
    ]);
    expect(data.series[2]?.paths).toEqual(['/c', '/a', '/e']);
    expect(data.rows.map((r) => r[OTHER_KEY])).toEqual([1, 2, 1]);
    // Every view is in exactly one line.
    const drawn = data.rows.reduce((sum, r) => sum + data.series.reduce((a, s) => a + Number(r[s.key]), 0), 0);
    expect(drawn).toBe(data.total);
  });

  test('a single path past the top keeps its own line rather than an Other of one', () => {
    const data = shapeChartData({ days, paths: [series('/a', [1, 1, 1]), series('/b', [2, 2, 2]), series('/c', [0, 1, 0])] }, 2);
    expect(data.series.map((s) => s.label)).toEqual(['/b', '/a', '/c']);
  });

  test('ties are ordered by path, so the lines do not swap between loads', () => {
    const data = shapeChartData({ days, paths: [series('/z', [1, 0, 0]), series('/m', [0, 1, 0])] });
    expect(data.series.map((s) => s.label)).toEqual(['/m', '/z']);
  });

  test('no views is no lines and a row of dates to draw an empty chart on', () => {
    const data = shapeChartData({ days, paths: [] });
    expect(data.series).toEqual([]);
    expect(data.rows).toEqual(days.map((date) => ({ date })));
    expect(data.total).toBe(0);
  });

  test('a missing day in a path counts as zero', () => {
    const data = shapeChartData({ days, paths: [{ path: '/', daily: [4], total: 4 }] });
    expect(data.rows.map((r) => r.p0)).toEqual([4, 0, 0]);
  });

  test('the server’s bucket of paths that are not pages reads as such', () => {
    expect(pathLabel('other')).toBe('Not an app page');
    expect(pathLabel('/company/talent/:slug')).toBe('/company/talent/:slug');
  });
});

describe('the chart’s colours on white', () => {
  test('the contrast ratio is WCAG’s: black on white 21, white on white 1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThan(4.5);
  });

  test('text (ticks, tooltip, legend) reaches AA’s 4.5:1; each line, a graphic, reaches 3:1', () => {
    for (const text of Object.values(CHART_TEXT)) expect(contrastRatio(text, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    for (const line of [...LINE_COLOURS, OTHER_COLOUR]) expect(contrastRatio(line, '#ffffff')).toBeGreaterThanOrEqual(3);
    // Why the tooltip does not write in the lines' colours: the 'Other' grey is no text colour.
    expect(contrastRatio(OTHER_COLOUR, '#ffffff')).toBeLessThan(4.5);
  });
});
