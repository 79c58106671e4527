import { describe, expect, test } from 'vitest';
import { instantEvidenceLost } from './evidence.ts';

const checked = { websiteUrl: 'https://www.acme.co.uk', verifiedEmail: 'jane@mail.acme.co.uk' };

describe('instantEvidenceLost: whether an instant verification still holds after a change', () => {
  test('holds while the website and the verified email keep their registrable domains', () => {
    expect(instantEvidenceLost(checked, checked)).toBeNull();
    expect(instantEvidenceLost(checked, { websiteUrl: 'http://acme.co.uk/about', verifiedEmail: 'ops@acme.co.uk' })).toBeNull();
  });

  test('is lost when the website moves to another registrable domain or is removed', () => {
    expect(instantEvidenceLost(checked, { ...checked, websiteUrl: 'https://www.other.co.uk' })).toContain('other.co.uk');
    expect(instantEvidenceLost(checked, { ...checked, websiteUrl: null })).toContain('none');
  });

  test('is lost when the verified email moves to another registrable domain', () => {
    expect(instantEvidenceLost(checked, { ...checked, verifiedEmail: 'jane@acme.com' })).toContain('verified company email');
    expect(instantEvidenceLost(checked, { ...checked, verifiedEmail: null })).toContain('verified company email');
  });
});
