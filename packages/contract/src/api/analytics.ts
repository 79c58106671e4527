import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { ROUTES } from './routes.ts';

// First-party page views: the path of the page and of the page before it, nothing else (no query
// string, no host, no personal data). spec: auth-onboarding §2 Route list; DESIGN.md "Beyond the spec".

export const PAGE_VIEW_PATH_MAX = 200;

// A path as the router sees it: starts with one '/', then URL path characters only. No '?', '#',
// whitespace, backslash or '//' (which a browser would read as another host).
const PATH_PATTERN = /^\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;

export function isPageViewPath(value: string): boolean {
  return value.length <= PAGE_VIEW_PATH_MAX && PATH_PATTERN.test(value);
}

const invalid = { error: 'TL_CORE_00400_E' };
const path = z.string(invalid).refine(isPageViewPath, 'TL_CORE_00400_E');

export const PageViewBody = z.object(
  {
    path,
    /** The in-app page the visitor came from; null on arrival from elsewhere. */
    referrer: path.nullable().optional(),
  },
  invalid,
);
export type PageViewBody = z.input<typeof PageViewBody>;

export const pageView = defineEndpoint({
  tag: 'analytics',
  ...ROUTES.pageView,
  summary: 'Count a page view (path and referrer path only; sent with navigator.sendBeacon)',
  auth: false,
  access: 'public',
  body: PageViewBody,
  response: z.object({ status: z.literal('success') }),
});

// ---- the operators' page views (operator console, issue 21) ----

/** Days the console's chart covers by default, and the most one request may ask for (a chart of 90 days stays legible). */
export const PAGE_VIEW_DAYS_DEFAULT = 30;
export const PAGE_VIEW_DAYS_MAX = 90;

export const PageViewsQuery = z.strictObject({
  days: z.coerce
    .number({ error: `days must be a whole number from 1 to ${PAGE_VIEW_DAYS_MAX}` })
    .int({ error: `days must be a whole number from 1 to ${PAGE_VIEW_DAYS_MAX}` })
    .min(1, { error: `days must be a whole number from 1 to ${PAGE_VIEW_DAYS_MAX}` })
    .max(PAGE_VIEW_DAYS_MAX, { error: `days must be a whole number from 1 to ${PAGE_VIEW_DAYS_MAX}` })
    .optional(),
});
export type PageViewsQuery = z.infer<typeof PageViewsQuery>;

export const PageViewSeries = z.object({
  /** The web route counted (its pattern, e.g. '/company/talent/:slug'), or 'other' for every path that is not one. */
  path: z.string(),
  /** Views over the whole range. */
  total: z.number().int().min(0),
  /** Views per day, one per entry of `days` (zero on days without views). */
  daily: z.array(z.number().int().min(0)),
});
export type PageViewSeries = z.infer<typeof PageViewSeries>;

export const listPageViews = defineEndpoint({
  tag: 'operator',
  method: 'GET',
  path: '/operator/page-views',
  summary:
    'Daily page views per path over the last `days` UTC days (default 30, today included), zero-filled, with each path’s total; most viewed first',
  auth: true,
  access: ['operator'],
  query: PageViewsQuery,
  response: z.object({
    status: z.literal('success'),
    /** The UTC days covered, oldest first (YYYY-MM-DD). */
    days: z.array(z.string()),
    paths: z.array(PageViewSeries),
    /** Views of every path over the range. */
    total: z.number().int().min(0),
  }),
});
