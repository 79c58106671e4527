// @vitest-environment happy-dom
import type { SupportDayRead } from '@talentloop/contract/api/support-booking';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SupportBookingCalendar } from './support-booking-calendar.tsx';

afterEach(cleanup);

// Two support days in Berlin, as the server answers them: the first has a full call and a free one,
// the second is fully booked.
const DAYS: SupportDayRead[] = [
  {
    date: '2026-03-09',
    label: 'Limited Slot',
    slots: [
      { start: '2026-03-09T08:00:00.000Z', time: '09:00', remaining: 0, label: 'No available slot' },
      { start: '2026-03-09T08:30:00.000Z', time: '09:30', remaining: 1, label: 'Limited Slot' },
    ],
  },
  {
    date: '2026-03-10',
    label: 'No available slot',
    slots: [{ start: '2026-03-10T08:00:00.000Z', time: '09:00', remaining: 0, label: 'No available slot' }],
  },
];

function renderCalendar(onConfirm = vi.fn()) {
  render(
    <SupportBookingCalendar
      days={DAYS}
      timeZone="Europe/Berlin"
      capacity={2}
      visitorZone="America/New_York"
      initial={null}
      onBack={vi.fn()}
      onConfirm={onConfirm}
    />,
  );
  return onConfirm;
}

describe('support booking calendar', () => {
  it('Confirm Booking is enabled only once a day and a time are chosen, and returns the choice', () => {
    const onConfirm = renderCalendar();
    const confirm = screen.getByRole('button', { name: 'Confirm Booking' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('radio', { name: /Mon, 9 Mar/ }));
    expect((confirm as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('radio', { name: /^9:30 AM/ }));
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledWith({ date: '2026-03-09', time: '09:30', start: '2026-03-09T08:30:00.000Z' });
  });

  it('a full call and a day with no call left cannot be chosen', () => {
    renderCalendar();
    expect((screen.getByRole('radio', { name: /Tue, 10 Mar/ }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /Mon, 9 Mar/ }));
    expect((screen.getByRole('radio', { name: /^9:00 AM/ }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole('radio', { name: /^9:00 AM/ }).closest('label')?.textContent).toContain('Fully booked');
  });

  it("shows each call in support time and in the visitor's time, with the zones' offsets on that day", () => {
    renderCalendar();
    fireEvent.click(screen.getByRole('radio', { name: /Mon, 9 Mar/ }));
    // 9 March 2026: New York is already on summer time (GMT-4), Berlin not yet (GMT+1)
    const card = screen.getByRole('radio', { name: /^9:30 AM/ }).closest('label');
    expect(card?.textContent).toContain('4:30 AM your time');
    expect(card?.textContent).toContain('1 of 2 seats left');
    expect(screen.getByText(/^Timezone: Europe\/Berlin \(GMT\+1\)/).textContent).toContain('America/New_York (GMT-4)');
  });
});
