import { describe, expect, it } from 'vitest';
import { waitingLabel } from './format.ts';

// Waiting labels are read by people: a week is written as a date they read, never an ISO day.

describe('waiting labels', () => {
  it('writes a timesheet’s week as people read dates, whatever the server’s label says', () => {
    expect(waitingLabel({ kind: 'timesheet', label: 'Week of 2026-11-23 to approve', weekStart: '2026-11-23' })).toBe(
      'Week of Mon, Nov 23 to approve',
    );
    expect(waitingLabel({ kind: 'timesheet_query', label: 'Week of 2026-11-23 queried', weekStart: '2026-11-23' })).toBe(
      'Week of Mon, Nov 23 queried',
    );
  });

  it('keeps the other waits as written, and no label shows an ISO day', () => {
    expect(waitingLabel({ kind: 'milestone_review', label: 'Review Wireframes', weekStart: null })).toBe('Review Wireframes');
    for (const kind of ['timesheet', 'timesheet_query'] as const)
      expect(waitingLabel({ kind, label: 'Week of 2027-01-04', weekStart: '2027-01-04' })).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});
