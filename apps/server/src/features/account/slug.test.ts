import { describe, expect, it } from 'vitest';
import { SLUG_PATTERN, makeSlug } from './slug.ts';

describe('public slugs', () => {
  it('are the name in ASCII with a random 6-character suffix', () => {
    expect(makeSlug('José María', "O'Brien-Smith")).toMatch(/^jose-maria-o-brien-smith-[a-z2-9]{6}$/);
  });

  it('fall back to "talent" for a name with no Latin letters, and stay within the pattern', () => {
    expect(makeSlug('Ζωή', 'Παππά')).toMatch(/^talent-[a-z2-9]{6}$/);
    const long = makeSlug('A'.repeat(50), 'B'.repeat(50));
    expect(long.length).toBeLessThanOrEqual(47);
    expect(long).toMatch(SLUG_PATTERN);
    expect(long).not.toContain('--');
  });

  it('differ for the same name', () => {
    const slugs = new Set(Array.from({ length: 50 }, () => makeSlug('Ada', 'Lovelace')));
    expect(slugs.size).toBe(50);
  });
});
