import type { Terms } from '@talentloop/contract/api/engagements';
import { describe, expect, it } from 'vitest';
import { termsChanges } from './terms-diff.ts';

const base: Terms = {
  version: 1,
  status: 'accepted',
  roleTitle: 'Backend engineer',
  scope: 'Build the payments API.',
  kind: 'hourly',
  currency: 'USD',
  rateMinor: 8_000,
  weeklyCapHours: 40,
  milestones: [],
  startDate: '2026-11-02',
  noticeDays: 30,
  timeZone: 'UTC',
  fees: { perHour: null, total: null },
  feeBps: 1500,
  proposedAt: '2026-11-01T10:00:00Z',
  decidedAt: null,
  declineReason: null,
};

describe('termsChanges', () => {
  it('names each change from the terms in force to the new version, written as people read it', () => {
    const next = { ...base, version: 2, status: 'proposed' as const, rateMinor: 9_000, noticeDays: 45 };
    expect(termsChanges(base, next)).toEqual([
      { what: 'Hourly rate', from: '$80.00 an hour', to: '$90.00 an hour' },
      { what: 'Notice period', from: '30 days', to: '45 days' },
    ]);
    expect(termsChanges(base, { ...base, version: 2 })).toEqual([]);
  });

  it('shows milestones added, changed and removed', () => {
    const fixed = {
      ...base,
      kind: 'fixed' as const,
      rateMinor: null,
      weeklyCapHours: null,
      milestones: [
        {
          id: 'a',
          title: 'Designs',
          amountMinor: 50_000,
          dueDate: '2026-12-01',
          fee: { grossMinor: 50_000, feeMinor: 7_500, netMinor: 42_500 },
        },
      ],
    };
    const next = {
      ...fixed,
      version: 2,
      milestones: [
        {
          id: null,
          title: 'Build',
          amountMinor: 90_000,
          dueDate: '2026-12-20',
          fee: { grossMinor: 90_000, feeMinor: 13_500, netMinor: 76_500 },
        },
      ],
    };
    expect(termsChanges(fixed, next)).toEqual([
      { what: 'Milestone', from: 'Designs: $500.00, due Dec 1, 2026', to: 'removed' },
      { what: 'Milestone', from: 'new', to: 'Build: $900.00, due Dec 20, 2026' },
    ]);
  });
});
