import { type RefObject, useLayoutEffect } from 'react';
import { cn } from './cn.ts';

// The scrolling pill bar: one line of pills that scrolls sideways when it is wider than the screen
// (each pill snaps into place), never wrapping onto a second line. The profile editor's section
// menu and the company setup's tabs both use it (issue 19: the tabs wrapped on a phone).

/** The bar's frame: a white card around the row. */
export const pillBarFrameClass = 'rounded-[var(--radius-card)] border border-line bg-white p-2 shadow-sm';

/** The row of pills; `columnFrom: 'lg'` makes it a column from the desktop layout on. */
export const pillRowClass = (columnFrom?: 'lg') =>
  cn('-mx-1 flex snap-x gap-1 overflow-x-auto px-1 pb-1', columnFrom === 'lg' && 'lg:mx-0 lg:flex-col lg:overflow-visible lg:px-0 lg:pb-0');

/** One pill: current when `active`, or when it carries Radix's data-state="active" (a tab). */
export const pillClass = (active?: boolean) =>
  cn(
    'flex min-h-11 shrink-0 snap-start items-center rounded-xl px-3.5 text-sm font-medium whitespace-nowrap transition-colors',
    'data-[state=active]:bg-brand-50 data-[state=active]:text-brand-800',
    active ? 'bg-brand-50 text-brand-800' : 'text-ink hover:bg-surface',
  );

/**
 * Scrolls a scrolling pill row sideways so its current pill (`aria-current="page"` or Radix's
 * `data-state="active"`) is in view: on a phone a section opened from its address (a reload, a
 * link) would otherwise be marked current off the screen. Only the row scrolls, never the page.
 */
export function useCurrentPillInView(row: RefObject<HTMLElement | null>, current: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the current pill changes
  useLayoutEffect(() => {
    const el = row.current;
    if (!el || el.scrollWidth <= el.clientWidth) return;
    const pill = el.querySelector<HTMLElement>('[aria-current="page"], [data-state="active"]');
    if (!pill) return;
    const start = pill.getBoundingClientRect().left - el.getBoundingClientRect().left;
    const end = start + pill.offsetWidth;
    if (start < 0 || end > el.clientWidth) el.scrollLeft += start - (el.clientWidth - pill.offsetWidth) / 2;
  }, [current]);
}
