import { AFTER_SELECTED } from '@talentloop/contract/api/shortlists';
import type { TimelineEntry } from '@talentloop/contract/api/talent-pool';
import { describe, expect, test } from 'vitest';
import { type OpenInterview, type TalentEventRow, buildTimeline, reviewOpensAt, whatHappensNext } from './timeline.ts';

const at = (iso: string) => new Date(iso);
const event = (id: string, kind: string, iso: string, extra: Partial<TalentEventRow> = {}): TalentEventRow => ({
  id,
  kind,
  createdAt: at(iso),
  reason: null,
  companyName: null,
  role: null,
  candidateId: null,
  ...extra,
});

describe('the status timeline built from events', () => {
  test('is newest first, never shows removed events, and carries company, role and candidacy only on shortlist entries', () => {
    const timeline = buildTimeline([
      event('1', 'submitted', '2026-01-01T10:00:00Z'),
      event('2', 'changes_requested', '2026-01-02T10:00:00Z', { reason: 'Add a photo' }),
      event('3', 'in_review', '2026-01-03T10:00:00Z'),
      event('4', 'vetted', '2026-01-04T10:00:00Z', { companyName: 'ignored', role: 'ignored', candidateId: 'ignored' }),
      event('5', 'shortlisted', '2026-01-05T10:00:00Z', { companyName: 'Acme', role: 'Designer', candidateId: 'c-5' }),
      event('6', 'removed', '2026-01-06T10:00:00Z', { companyName: 'Acme', role: 'Designer' }),
      event('7', 'unknown-kind', '2026-01-07T10:00:00Z'),
    ]);
    expect(timeline.map((e) => e.id)).toEqual(['5', '4', '3', '2', '1']);
    expect(timeline[0]).toEqual({
      id: '5',
      kind: 'shortlisted',
      at: '2026-01-05T10:00:00.000Z',
      reason: null,
      companyName: 'Acme',
      role: 'Designer',
      candidateId: 'c-5',
    });
    expect(timeline[1]).toMatchObject({ kind: 'vetted', companyName: null, role: null, candidateId: null });
    expect(timeline[3]).toMatchObject({ kind: 'changes_requested', reason: 'Add a photo' });
  });

  test('events at the same instant keep the later row first', () => {
    const same = '2026-01-01T10:00:00Z';
    expect(buildTimeline([event('a', 'submitted', same), event('b', 'vetted', same)]).map((e) => e.id)).toEqual(['b', 'a']);
  });
});

describe('what happens next', () => {
  const now = at('2026-02-01T00:00:00Z');
  const base = { timeline: [] as TimelineEntry[], canRequestReviewAt: null, now, discoverable: true };
  const entry = (kind: TimelineEntry['kind'], companyName: string | null = 'Acme'): TimelineEntry => ({
    id: kind,
    kind,
    at: now.toISOString(),
    reason: null,
    companyName,
    role: 'Designer',
    candidateId: 'c-1',
  });

  test('names one sentence per vetting state', () => {
    expect(whatHappensNext({ ...base, status: 'in_review' })).toMatch(/reviewing your profile/);
    expect(whatHappensNext({ ...base, status: 'changes_requested' })).toBe(
      'Read the reason from our team, edit your profile, then press Send for review.',
    );
    expect(whatHappensNext({ ...base, status: 'not_submitted' })).toMatch(/Finish your profile/);
    expect(whatHappensNext({ ...base, status: 'vetted' })).toMatch(/Companies can now find you/);
    expect(whatHappensNext({ ...base, status: 'vetted', discoverable: false })).toMatch(/cannot find it/);
  });

  test('a declined freelancer learns when they can ask again, and that they can once the wait is over', () => {
    const opens = reviewOpensAt('declined', at('2026-01-20T00:00:00Z'));
    expect(opens?.toISOString()).toBe('2026-02-19T00:00:00.000Z');
    expect(whatHappensNext({ ...base, status: 'declined', canRequestReviewAt: opens })).toBe(
      'You can improve your profile and ask for another review from 19 February 2026.',
    );
    expect(whatHappensNext({ ...base, status: 'declined', canRequestReviewAt: at('2026-01-31T00:00:00Z') })).toMatch(
      /ask for another review now/,
    );
    expect(reviewOpensAt('vetted', now)).toBeNull();
  });

  test('a vetted freelancer reads the latest shortlist entry', () => {
    const next = (timeline: TimelineEntry[]) => whatHappensNext({ ...base, status: 'vetted', timeline });
    expect(next([entry('shortlisted')])).toMatch(/^Acme shortlisted you/);
    expect(next([entry('interview'), entry('shortlisted')])).toMatch(/^Acme wants to interview you/);
    expect(next([entry('selected'), entry('interview')])).toMatch(/^Acme selected you/);
    expect(next([entry('not_selected'), entry('selected', 'Other')])).toMatch(/did not work out/);
    expect(next([entry('shortlisted', null)])).toMatch(/^A company shortlisted you/);
    expect(next([entry('vetted')])).toMatch(/Companies can now find you/);
  });

  test('an interview in motion is the next step, until the candidacy is decided', () => {
    const next = (timeline: TimelineEntry[], openInterview: OpenInterview | null) =>
      whatHappensNext({ ...base, status: 'vetted', timeline, openInterview });
    expect(next([entry('shortlisted')], { status: 'proposed', companyName: 'Acme' })).toBe(
      'Acme invited you to an interview: choose one of the proposed times under Interviews, or ask for others.',
    );
    expect(next([entry('shortlisted')], { status: 'new_times_requested', companyName: 'Acme' })).toMatch(
      /^You asked Acme for other interview times/,
    );
    expect(next([entry('interview')], { status: 'accepted', companyName: 'Acme' })).toMatch(/^Your interview with Acme is booked/);
    expect(next([entry('interview')], null)).toMatch(/^Acme wants to interview you; when they propose times/);
    expect(next([entry('selected')], { status: 'accepted', companyName: 'Acme' })).toMatch(/^Acme selected you/);
    // After Selected: what the product keeps (the hire, its finish and review), no promised contact (issue 32).
    expect(next([entry('selected')], null)).toBe(AFTER_SELECTED.freelancer('Acme'));
    expect(next([entry('selected')], null)).not.toMatch(/contact you|next steps/);
    expect(next([entry('not_selected')], { status: 'proposed', companyName: 'Acme' })).toMatch(/did not work out/);
    expect(
      whatHappensNext({
        ...base,
        status: 'vetted',
        timeline: [],
        discoverable: false,
        openInterview: { status: 'proposed', companyName: 'Acme' },
      }),
    ).toMatch(/^Acme invited you to an interview/);
    expect(whatHappensNext({ ...base, status: 'in_review', openInterview: { status: 'proposed', companyName: 'Acme' } })).toMatch(
      /reviewing your profile/,
    );
  });
});
