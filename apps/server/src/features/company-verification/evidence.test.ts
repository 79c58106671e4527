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

  test('is lost when the company is renamed to a name unlike its domain; a rename that still resembles it, or no rename, keeps it', () => {
    const named = { websiteUrl: 'https://www.acme-labs.co.uk', verifiedEmail: 'jane@acme-labs.co.uk', companyName: 'Acme Labs' };
    expect(instantEvidenceLost(named, { ...named, companyName: 'Microsoft' })).toBe(
      "Your company name changed to Microsoft, which does not resemble your website's domain (acme-labs.co.uk). Verify your company again.",
    );
    expect(instantEvidenceLost(named, { ...named, companyName: 'Acme Labs International Ltd' })).toBeNull();
    expect(instantEvidenceLost(named, { ...named, companyName: 'acme labs ltd.' })).toBeNull();
    // Evidence from before the name check (no name in it), or an unchanged name that never resembled: not re-judged.
    expect(instantEvidenceLost({ ...named, companyName: null }, { ...named, companyName: 'Microsoft' })).toBeNull();
    const legacy = { ...named, companyName: 'Globex' };
    expect(instantEvidenceLost(legacy, legacy)).toBeNull();
  });
});
