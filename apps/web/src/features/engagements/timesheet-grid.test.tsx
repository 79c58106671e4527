// @vitest-environment happy-dom
import { TERMS_MESSAGES, type Timesheet } from '@talentloop/contract/api/engagements';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOURS_MESSAGES, parseHours } from './hours.ts';
import { TimesheetGrid } from './timesheet-grid.tsx';

afterEach(cleanup);

const week = (patch: Partial<Timesheet> = {}): Timesheet => ({
  id: null,
  engagementId: '00000000-0000-4000-8000-000000000001',
  weekStart: '2026-11-23',
  openDays: ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'],
  status: 'draft',
  version: 0,
  lines: [],
  totalQuarterHours: 0,
  weeklyCapHours: 10,
  currency: 'USD',
  rateMinor: 8000,
  amountMinor: 0,
  fee: { grossMinor: 0, feeMinor: 0, netMinor: 0 },
  submittedAt: null,
  autoApproveAt: null,
  approvedAt: null,
  approvedBy: null,
  queryReason: null,
  invoiceId: null,
  ...patch,
});

const hours = (day: string) => screen.getByLabelText(`Hours on ${day}`) as HTMLInputElement;
const desc = (day: string) => screen.getByLabelText(`What you worked on, ${day}`) as HTMLInputElement;

describe('parseHours', () => {
  it('reads quarter hours typed as decimals or h:mm, and refuses anything finer or beyond 24 hours', () => {
    expect(parseHours('7.5')).toEqual({ quarterHours: 30 });
    expect(parseHours('7,25')).toEqual({ quarterHours: 29 });
    expect(parseHours('0:45')).toEqual({ quarterHours: 3 });
    expect(parseHours('24')).toEqual({ quarterHours: 96 });
    expect(parseHours('')).toBeNull();
    expect(parseHours('7.3')).toEqual({ error: HOURS_MESSAGES.quarter });
    expect(parseHours('7:20')).toEqual({ error: HOURS_MESSAGES.quarter });
    expect(parseHours('24.25')).toEqual({ error: TERMS_MESSAGES.hours });
    expect(parseHours('-1')).toEqual({ error: TERMS_MESSAGES.hours });
    expect(parseHours('abc')).toEqual({ error: TERMS_MESSAGES.hours });
  });
});

describe('TimesheetGrid', () => {
  it('shows the seven days, takes hours only on open days and saves quarter hours with descriptions', () => {
    const onSave = vi.fn();
    render(<TimesheetGrid timesheet={week()} onSave={onSave} onSubmit={vi.fn()} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(7);
    expect(screen.queryByLabelText('Hours on Sat, Nov 28')).toBeNull();
    expect(screen.getAllByText('Not open for hours')).toHaveLength(2);
    fireEvent.change(hours('Mon, Nov 23'), { target: { value: '7.5' } });
    fireEvent.change(desc('Mon, Nov 23'), { target: { value: 'API review' } });
    expect(screen.getByText('7.5 h')).toBeTruthy();
    // 7.5 h at $80.00: the contract's hoursAmount, written by formatMoney.
    expect(screen.getByText('$600.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(onSave).toHaveBeenCalledWith([{ day: '2026-11-23', quarterHours: 30, description: 'API review' }]);
  });

  it('refuses hours that are not quarter hours or beyond 24 a day, on the field, and saves nothing', () => {
    const onSave = vi.fn();
    render(<TimesheetGrid timesheet={week()} onSave={onSave} onSubmit={vi.fn()} />);
    fireEvent.change(hours('Mon, Nov 23'), { target: { value: '7.3' } });
    fireEvent.change(desc('Mon, Nov 23'), { target: { value: 'Work' } });
    fireEvent.change(hours('Tue, Nov 24'), { target: { value: '25' } });
    fireEvent.change(desc('Tue, Nov 24'), { target: { value: 'Work' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByText(HOURS_MESSAGES.quarter)).toBeTruthy();
    expect(screen.getByText(TERMS_MESSAGES.hours)).toBeTruthy();
    expect(hours('Mon, Nov 23').getAttribute('aria-invalid')).toBe('true');
  });

  it('says when the week is over its cap and neither saves nor submits', () => {
    const onSave = vi.fn();
    const onSubmit = vi.fn();
    render(<TimesheetGrid timesheet={week({ weeklyCapHours: 10 })} onSave={onSave} onSubmit={onSubmit} />);
    fireEvent.change(hours('Mon, Nov 23'), { target: { value: '8' } });
    fireEvent.change(desc('Mon, Nov 23'), { target: { value: 'Work' } });
    expect(screen.queryByText(TERMS_MESSAGES.overCap(10))).toBeNull();
    fireEvent.change(hours('Tue, Nov 24'), { target: { value: '2.25' } });
    fireEvent.change(desc('Tue, Nov 24'), { target: { value: 'Work' } });
    expect(screen.getByText(TERMS_MESSAGES.overCap(10))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit week' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('asks for a description on each day with hours', () => {
    const onSave = vi.fn();
    render(<TimesheetGrid timesheet={week()} onSave={onSave} onSubmit={vi.fn()} />);
    fireEvent.change(hours('Wed, Nov 25'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(screen.getByText(TERMS_MESSAGES.descriptionRequired)).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("shows a queried week's reason and marks the queried days; a submitted week is read only", () => {
    const lines = [{ day: '2026-11-23', quarterHours: 8, description: 'Calls', amountMinor: 16000, queried: true }];
    render(
      <TimesheetGrid
        timesheet={week({ status: 'queried', version: 3, lines, queryReason: 'Two hours of calls seems long.' })}
        onSave={vi.fn()}
        onSubmit={vi.fn()}
      />,
    );
    expect(screen.getByText(/Two hours of calls seems long\./)).toBeTruthy();
    expect(screen.getByText('Queried')).toBeTruthy();
    expect(hours('Mon, Nov 23').value).toBe('2');
    cleanup();
    render(<TimesheetGrid timesheet={week({ status: 'submitted', version: 4, lines })} onSave={vi.fn()} onSubmit={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
    expect(screen.queryByLabelText('Hours on Mon, Nov 23')).toBeNull();
    expect(screen.getAllByText('No hours')).toHaveLength(6);
  });
});
