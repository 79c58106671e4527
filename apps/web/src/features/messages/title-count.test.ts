import { describe, expect, it } from 'vitest';
import { titleWithCount } from './title-count.ts';

describe('the unread count in the page title', () => {
  it('puts the count in front and replaces an older one', () => {
    expect(titleWithCount('Messages · Talentloop', 2)).toBe('(2) Messages · Talentloop');
    expect(titleWithCount('(2) Messages · Talentloop', 5)).toBe('(5) Messages · Talentloop');
    expect(titleWithCount('(99+) Messages · Talentloop', 1)).toBe('(1) Messages · Talentloop');
  });

  it('drops the count at zero and caps it at 99+', () => {
    expect(titleWithCount('(4) Find talent · Talentloop', 0)).toBe('Find talent · Talentloop');
    expect(titleWithCount('Home', 120)).toBe('(99+) Home');
  });
});
