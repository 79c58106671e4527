import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

// How long after a route change a lazily loaded page may take to show its heading.
const WAIT_FOR_PAGE_MS = 5_000;

/**
 * After a client-side route change, focus that fell to the page body (the link, button or dialog
 * that was pressed is gone) moves to the new page's main heading, so keyboard and screen-reader
 * users go on from the top of the new page (issue 12). Focus the user or the page has placed
 * elsewhere is never taken; the first load keeps the browser's own start.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every new path, which is the point
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const deadline = performance.now() + WAIT_FOR_PAGE_MS;
    let frame = 0;
    const rescue = () => {
      const active = document.activeElement;
      const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
      if ((!active || active === document.body) && heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
        return;
      }
      if (performance.now() < deadline) frame = requestAnimationFrame(rescue);
    };
    frame = requestAnimationFrame(rescue);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
  return null;
}
