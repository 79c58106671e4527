import type { TimelineEntry } from '@talentloop/contract/api/talent-pool';
import { describe, expect, it } from 'vitest';
import { timelineTitle, timelineTone, waitingForCompanies } from './timeline-text.ts';

const entry = (kind: TimelineEntry['kind'], extra: Partial<TimelineEntry> = {}): TimelineEntry => ({
  id: kind,
  kind,
  at: '2026-11-25T10:00:00.000Z',
  reason: null,
  companyName: null,
  role: null,
  candidateId: null,
  ...extra,
});

describe('timeline entries as the freelancer reads them', () => {
  it('names the company and the role of shortlist entries', () => {
    expect(timelineTitle(entry('shortlisted', { companyName: 'Acme GmbH', role: 'Frontend lead' }))).toBe(
      'Shortlisted by Acme GmbH for Frontend lead',
    );
    expect(timelineTitle(entry('interview', { companyName: 'Acme GmbH', role: 'Frontend lead' }))).toBe(
      'Interview with Acme GmbH for Frontend lead',
    );
    expect(timelineTitle(entry('not_selected', { companyName: 'Acme GmbH' }))).toBe('Not selected by Acme GmbH');
  });

  it('marks outcomes by tone', () => {
    expect(timelineTone('selected')).toBe('good');
    expect(timelineTone('declined')).toBe('bad');
    expect(timelineTone('changes_requested')).toBe('warn');
    expect(timelineTone('in_review')).toBe('neutral');
  });

  it('keeps the waiting text until a company acts', () => {
    expect(waitingForCompanies([entry('vetted'), entry('submitted')])).toBe(true);
    expect(waitingForCompanies([entry('shortlisted'), entry('vetted')])).toBe(false);
  });
});
