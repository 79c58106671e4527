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
