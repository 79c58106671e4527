import { describe, expect, test } from 'vitest';
import { countLabel, pluralNoun } from './plural.ts';

describe('count labels', () => {
  test('one thing is singular; none, several and fractions are plural', () => {
    expect(countLabel(1, 'submission')).toBe('1 submission');
    expect(countLabel(0, 'submission')).toBe('0 submissions');
    expect(countLabel(2, 'submission')).toBe('2 submissions');
    expect(countLabel(1.5, 'day')).toBe('1.5 days');
  });

  test('an irregular plural is given; large numbers are grouped', () => {
    expect(countLabel(1, 'company', 'companies')).toBe('1 company');
    expect(countLabel(3, 'company', 'companies')).toBe('3 companies');
    expect(countLabel(1200, 'view')).toBe('1,200 views');
    expect(pluralNoun(1, 'profile in review', 'profiles in review')).toBe('profile in review');
    expect(pluralNoun(4, 'profile in review', 'profiles in review')).toBe('profiles in review');
  });
});
