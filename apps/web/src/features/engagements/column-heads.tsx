/** One column heading: its words and the classes beside `py-1 font-medium` (padding, alignment). */
export type ColumnHead = { label: string; className?: string };

/** The `<thead>` of the engagement pages' tables (terms, hours, money): one row of column headings. */
export function ColumnHeads({ columns, className, rowClassName }: { columns: ColumnHead[]; className?: string; rowClassName?: string }) {
  return (
    <thead className={className}>
      <tr className={rowClassName}>
        {columns.map((c) => (
          <th key={c.label} scope="col" className={['py-1', c.className, 'font-medium'].filter(Boolean).join(' ')}>
            {c.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
