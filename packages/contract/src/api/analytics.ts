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
