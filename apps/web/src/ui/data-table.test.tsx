// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { Inbox } from 'lucide-react';
import { afterEach, describe, expect, it } from 'vitest';
import { type DataColumn, DataTable } from './data-table.tsx';
import { EmptyState } from './queue-page.tsx';

type Account = { id: string; name: string; role: string };
const ROWS: Account[] = [
  { id: '1', name: 'Ada Lovelace', role: 'Freelancer' },
  { id: '2', name: 'Grace Hopper', role: 'Company' },
];
const COLUMNS: DataColumn<Account>[] = [
  { key: 'name', header: 'Account', cell: (a) => a.name, cardClassName: 'col-span-2' },
  { key: 'role', header: 'Role', cell: (a) => a.role, cardLabel: 'sr' },
];

/** The window's width as the browser would report it; the table follows `(min-width: 768px)`. */
function setWidth(width: number) {
  // biome-ignore lint/suspicious/noExplicitAny: happy-dom's own API
  (window as any).happyDOM.setViewport({ width, height: 800 });
}

afterEach(() => {
  cleanup();
  setWidth(1024);
});

describe('DataTable', () => {
  it('is a table with visible column headers at 768 px and wider', () => {
    setWidth(1440);
    render(<DataTable rows={ROWS} columns={COLUMNS} rowKey={(a) => a.id} />);
    const table = screen.getByRole('table');
    expect(table.getAttribute('data-layout')).toBe('table');
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Account', 'Role']);
    expect(table.querySelector('thead')?.className).not.toContain('sr-only');
    // No card labels in the table: the headers say what each column is.
    expect(screen.queryByText('Role:', { exact: false })).toBeNull();
  });

  it('turns each row into a card below 768 px: headers read only, labels before the values that need them', () => {
    setWidth(375);
    render(<DataTable rows={ROWS} columns={COLUMNS} rowKey={(a) => a.id} cardColumns={2} />);
    const table = screen.getByRole('table');
    expect(table.getAttribute('data-layout')).toBe('cards');
    // Still one table with its headers for screen readers, but not shown.
    expect(table.querySelector('thead')?.className).toContain('sr-only');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.className).toContain('grid');
    expect(rows[0]?.className).toContain('grid-cols-2');
    expect(rows[0]?.textContent).toBe('Ada LovelaceRole: Freelancer');
    const cells = within(rows[0] as HTMLElement).getAllByRole('cell');
    expect(cells[0]?.className).toContain('col-span-2');
  });

  it('shows the empty state, and no table, when there are no rows', () => {
    render(
      <DataTable
        rows={[]}
        columns={COLUMNS}
        rowKey={(a) => a.id}
        empty={<EmptyState icon={Inbox} title="No accounts yet" message="Accounts appear here as people sign up." />}
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No accounts yet')).toBeTruthy();
    expect(screen.getByText('Accounts appear here as people sign up.')).toBeTruthy();
  });
});
