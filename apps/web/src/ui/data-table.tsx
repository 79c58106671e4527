import { type Key, type ReactNode, useCallback, useSyncExternalStore } from 'react';
import { cn } from './cn.ts';

// One responsive table (decision 189): a table with its column headers from the spec's breakpoint
// (768 px) up, and below it every row a card, its cells stacked in a grid. It stays one <table>
// at every width (a screen reader reads rows and cells either way); on cards the headers are only
// read, and a column that needs one says its name before its value ('Role: '). The console's
// accounts, partner requests and audit log use it; a page with no rows shows its empty state instead.

/** The spec's breakpoint: cards below it, a table from it up. */
export const TABLE_MIN_WIDTH = '(min-width: 768px)';

export type DataColumn<Row> = {
  key: string;
  /** The column's header (read on cards). */
  header: ReactNode;
  /** The cell's content. */
  cell: (row: Row) => ReactNode;
  /** Classes of the header cell on the table (its width). */
  headerClassName?: string;
  /** Classes of the cell at every width. */
  className?: string;
  /** Classes of the cell on a card only (its place in the card's grid: 'col-span-2', 'justify-self-end'). */
  cardClassName?: string;
  /** Classes of the cell in the table only ('whitespace-nowrap'). */
  tableClassName?: string;
  /** On a card, say the column's name before the value: visibly, or to screen readers only ('sr'). */
  cardLabel?: 'sr' | 'visible';
};

/** Whether the media query matches now, following its changes (true where there is no window). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => (typeof window === 'undefined' || !window.matchMedia ? true : window.matchMedia(query).matches),
    () => true,
  );
}

export function DataTable<Row>({
  rows,
  columns,
  rowKey,
  caption,
  rowClassName,
  cardColumns = 1,
  fixed = false,
  empty,
}: {
  rows: readonly Row[];
  columns: readonly DataColumn<Row>[];
  rowKey: (row: Row) => Key;
  /** The table's name, read by screen readers. */
  caption?: string;
  /** Classes of a row at every width (selection, hover). */
  rowClassName?: (row: Row) => string | false | undefined;
  /** How many columns a card's grid has. */
  cardColumns?: 1 | 2;
  /** Fixed column widths on the table (the header classes set them). */
  fixed?: boolean;
  /** What shows when there are no rows (no table at all). */
  empty?: ReactNode;
}) {
  const wide = useMediaQuery(TABLE_MIN_WIDTH);
  if (rows.length === 0 && empty !== undefined) return <>{empty}</>;
  const layout = wide ? 'table' : 'cards';
  return (
    <div className="overflow-hidden rounded-[var(--radius-card)] border border-line bg-white shadow-sm">
      <table data-layout={layout} className={cn('w-full text-left text-sm', wide && fixed && 'table-fixed')}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className={wide ? 'border-b border-line bg-surface text-xs font-semibold tracking-wide text-muted uppercase' : 'sr-only'}>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={cn(wide && 'px-4 py-3', wide && column.headerClassName)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              className={cn(
                'align-top',
                !wide && 'grid gap-x-3 gap-y-1 px-4 py-3',
                !wide && (cardColumns === 2 ? 'grid-cols-2' : 'grid-cols-1'),
                rowClassName?.(row),
              )}
            >
              {columns.map((column) => (
                <td
                  key={column.key}
                  className={cn(column.className, wide ? cn('px-4 py-3', column.tableClassName) : cn('min-w-0', column.cardClassName))}
                >
                  {!wide && column.cardLabel && (
                    <span className={column.cardLabel === 'sr' ? 'sr-only' : 'text-xs font-semibold text-muted'}>{column.header}: </span>
                  )}
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
