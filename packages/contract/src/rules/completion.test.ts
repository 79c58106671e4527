import { describe, expect, it } from 'vitest';
import { basicsCompletion, educationCompletion, overallCompletion, preferenceCompletion } from './completion.ts';

describe('completion percentages', () => {
  it('counts nine basics items, rounded', () => {
    expect(basicsCompletion({})).toBe(0);
    expect(basicsCompletion({ firstName: 'A' })).toBe(11);
    expect(basicsCompletion({ firstName: 'A', lastName: 'B' })).toBe(22);
    expect(
      basicsCompletion({
        firstName: 'A',
        lastName: 'B',
        description: 'bio',
        occupation: 'Web Developer',
        hourlyRate: '25',
        experienceLevel: 'expert',
        skills: [1],
        languages: [1],
        hasPhoto: true,
      }),
    ).toBe(100);
  });
  it('does not count blank text or a zero rate', () => {
    expect(basicsCompletion({ firstName: '  ', hourlyRate: 0 })).toBe(0);
    expect(basicsCompletion({ hourlyRate: 'abc' })).toBe(0);
  });
  it('gives education and work half each', () => {
    expect(educationCompletion(0, 0)).toBe(0);
    expect(educationCompletion(2, 0)).toBe(50);
    expect(educationCompletion(1, 1)).toBe(100);
  });
  it('gives each work preference select half', () => {
    expect(preferenceCompletion({ workHours: '5-10' })).toBe(50);
    expect(preferenceCompletion({ workHours: '5-10', projectDuration: '6+ months' })).toBe(100);
  });
  it('averages the sections, rounded', () => {
    expect(overallCompletion([100, 50, 0])).toBe(50);
    expect(overallCompletion([11, 0, 0])).toBe(4);
  });
});
