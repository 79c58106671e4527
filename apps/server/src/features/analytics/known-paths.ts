import { paths } from '@talentloop/contract';

// Page views are counted for the web app's own routes only (the contract's route catalogue);
// every other path shares one bucket, so random paths cannot grow the table. issue 8.

/** The bucket of every path that is not a web route. Not a path (no leading '/'), so it meets none. */
export const OTHER_PATH = 'other';

/** Every string in the route catalogue, however deeply nested. */
function routeStrings(node: unknown, into: string[] = []): string[] {
  if (typeof node === 'string') into.push(node);
  else if (node && typeof node === 'object') for (const value of Object.values(node)) routeStrings(value, into);
  return into;
}

/** One matcher per route: literal segments, and ':name' segments matching any one segment. */
const matchers = routeStrings(paths)
  .filter((route) => route.startsWith('/'))
  .map((route) => ({ route, segments: route.split('/').map((segment) => (segment.startsWith(':') ? null : segment.toLowerCase())) }));

/**
 * The path a view is counted under: the route itself for a web route (a trailing slash and letter
 * case ignored, as the router ignores them), else OTHER_PATH.
 */
export function countedPath(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const segments = trimmed.toLowerCase().split('/');
  for (const { route, segments: pattern } of matchers) {
    if (pattern.length !== segments.length) continue;
    // Parameters are not kept (an id in a path could name a person): the route pattern is counted.
    if (pattern.every((segment, i) => segment === null || segment === segments[i])) return route;
  }
  return OTHER_PATH;
}
