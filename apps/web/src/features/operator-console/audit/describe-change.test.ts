import { describe, expect, test } from 'vitest';
import { describeChange } from './describe-change.ts';

describe('describeChange', () => {
  test('lists only the fields that changed, in words', () => {
    expect(describeChange({ status: 'new', note: '' }, { status: 'contacted', note: '' })).toEqual(['status: new → contacted']);
    expect(describeChange({ vettingStatus: 'in_review' }, { vettingStatus: 'vetted' })).toEqual(['vetting status: in_review → vetted']);
  });

  test('a field that appears or disappears reads as (none) on its missing side', () => {
    expect(describeChange(null, { roles: ['freelancer', 'operator'] })).toEqual(['roles: (none) → ["freelancer","operator"]']);
    expect(describeChange({ suspendedAt: '2026-11-25T10:00:00.000Z' }, { suspendedAt: null })).toEqual([
      'suspended at: 2026-11-25T10:00:00.000Z → (none)',
    ]);
  });

  test('long values are shortened', () => {
    const [line] = describeChange({ note: '' }, { note: 'x'.repeat(200) });
    expect(line?.length).toBeLessThan(100);
    expect(line?.endsWith('…')).toBe(true);
  });
});
