import { describe, expect, test } from 'vitest';
import {
  INTERVIEW_MESSAGES as MSG,
  ProposeInterviewBody,
  interviewStatusLabel,
  isInterviewAhead,
  locationProblem,
  proposalTimesProblem,
} from './interviews.ts';

// The proposal's schema is the form's and the wire's: these are the rules both apply.

const base = {
  slug: 'asha-k',
  timeZone: 'America/New_York',
  times: [{ date: '2027-03-16', time: '10:00' }],
  durationMinutes: 60,
  location: 'https://meet.example.com/abc',
  note: '',
};

const firstMessage = (body: unknown) => {
  const r = ProposeInterviewBody.safeParse(body);
  return r.success ? null : r.error.issues[0]?.message;
};

describe('proposal rules without a clock', () => {
  test('a proposal on the grid, in the zone, with an https link passes', () => {
    expect(firstMessage(base)).toBeNull();
    expect(firstMessage({ ...base, location: '+1 415 555 0100' })).toBeNull();
  });

  test('off the grid, in the skipped hour, duplicated, overlapping, too many', () => {
    expect(firstMessage({ ...base, times: [{ date: '2027-03-16', time: '10:05' }] })).toBe(MSG.offGrid);
    expect(firstMessage({ ...base, times: [{ date: '2027-03-14', time: '02:15' }] })).toBe(MSG.notInZone);
    expect(firstMessage({ ...base, times: [base.times[0], base.times[0]] })).toBe(MSG.duplicate);
    expect(
      firstMessage({
        ...base,
        times: [
          { date: '2027-03-16', time: '10:00' },
          { date: '2027-03-16', time: '10:45' },
        ],
      }),
    ).toBe(MSG.overlapping);
    expect(
      firstMessage({
        ...base,
        durationMinutes: 45,
        times: [
          { date: '2027-03-16', time: '10:00' },
          { date: '2027-03-16', time: '10:45' },
        ],
      }),
    ).toBeNull();
    expect(firstMessage({ ...base, times: [1, 2, 3, 4].map((h) => ({ date: '2027-03-16', time: `1${h}:00` })) })).toBe(MSG.tooMany);
    expect(firstMessage({ ...base, times: [] })).toBe(MSG.tooFew);
    expect(firstMessage({ ...base, durationMinutes: 50 })).toBe(MSG.durationRequired);
  });

  test('a day that does not exist is no time at all', () => {
    expect(firstMessage({ ...base, times: [{ date: '2027-02-30', time: '10:00' }] })).toBe(MSG.timeRequired);
    expect(firstMessage({ ...base, times: [{ date: '2027-02-29', time: '10:00' }] })).toBe(MSG.timeRequired);
    expect(firstMessage({ ...base, times: [{ date: '2028-02-29', time: '10:00' }] })).toBeNull();
  });

  test('meeting places: https links and phone numbers only', () => {
    expect(locationProblem('https://meet.example.com/x')).toBeNull();
    expect(locationProblem('http://meet.example.com/x')).toBe(MSG.linkNotHttps);
    expect(locationProblem('javascript:alert(1)')).toBe(MSG.linkNotHttps);
    expect(locationProblem('https://user:pw@meet.example.com')).toBe(MSG.linkInvalid);
    expect(locationProblem('https://localhost')).toBe(MSG.linkInvalid);
    expect(locationProblem('meet.example.com')).toBe(MSG.linkNotHttps);
    expect(locationProblem('+49 30 901820')).toBeNull();
    expect(locationProblem('555')).toBe(MSG.phoneInvalid);
    expect(locationProblem('  ')).toBe(MSG.locationRequired);
  });

  test('notes: length and hidden characters', () => {
    expect(firstMessage({ ...base, note: 'x'.repeat(1_001) })).toBe(MSG.noteTooLong);
    expect(firstMessage({ ...base, note: 'line one\nline two' })).toBeNull();
    expect(firstMessage({ ...base, note: 'a\u202Eb' })).toMatch(/not allowed/);
  });
});

describe('proposal rules with a clock', () => {
  test('the first time in the past, too soon or too far is named', () => {
    const now = new Date('2027-03-16T13:00:00Z'); // 09:00 in New York
    expect(proposalTimesProblem({ ...base, times: [{ date: '2027-03-16', time: '10:00' }] }, now)).toBeNull();
    expect(proposalTimesProblem({ ...base, times: [{ date: '2027-03-16', time: '09:30' }] }, now)).toEqual({
      index: 0,
      message: MSG.tooSoon,
    });
    expect(
      proposalTimesProblem(
        {
          ...base,
          times: [
            { date: '2027-03-17', time: '10:00' },
            { date: '2027-03-15', time: '10:00' },
          ],
        },
        now,
      ),
    ).toEqual({ index: 1, message: MSG.past });
    expect(proposalTimesProblem({ ...base, times: [{ date: '2027-05-16', time: '10:00' }] }, now)).toEqual({
      index: 0,
      message: MSG.tooFar,
    });
  });
});

describe('upcoming or earlier, by end time', () => {
  const now = Date.parse('2027-03-16T12:00:00Z');
  const accepted = (endsAt: string) => ({ status: 'accepted' as const, endsAt, slots: [] });
  const proposed = (...ends: string[]) => ({ status: 'proposed' as const, endsAt: null, slots: ends.map((endsAt) => ({ endsAt })) });

  test('an accepted interview is ahead until its end, then it has ended (nobody marked it held)', () => {
    expect(isInterviewAhead(accepted('2027-03-16T12:30:00Z'), now)).toBe(true);
    expect(isInterviewAhead(accepted('2027-03-16T12:00:00Z'), now)).toBe(false);
    expect(interviewStatusLabel(accepted('2027-03-16T11:00:00Z'), now)).toBe('Ended');
    expect(interviewStatusLabel(accepted('2027-03-16T13:00:00Z'), now)).toBe('Accepted');
  });

  test('a proposal is ahead while one of its times is; a closed status never is', () => {
    expect(isInterviewAhead(proposed('2027-03-15T10:00:00Z', '2027-03-17T10:00:00Z'), now)).toBe(true);
    expect(isInterviewAhead(proposed('2027-03-15T10:00:00Z'), now)).toBe(false);
    expect(interviewStatusLabel(proposed('2027-03-15T10:00:00Z'), now)).toBe('Times passed');
    expect(isInterviewAhead({ status: 'new_times_requested', endsAt: null, slots: [] }, now)).toBe(true);
    expect(isInterviewAhead({ status: 'held', endsAt: '2027-03-20T10:00:00Z', slots: [] }, now)).toBe(false);
    expect(interviewStatusLabel({ status: 'cancelled', endsAt: null, slots: [] }, now)).toBe('Cancelled');
  });
});
