import { describe, expect, it } from 'vitest';
import { parseTab, resolveTab, tabSearch } from './wizard-tabs.ts';

describe('wizard tabs', () => {
  it('reads the stage query, with profile basics for anything unknown', () => {
    expect(parseTab('work-preference')).toBe('work-preference');
    expect(parseTab(null)).toBe('profile-basics');
    expect(parseTab('admin')).toBe('profile-basics');
  });
  it('keeps a requested tab only when the stage opens it', () => {
    expect(resolveTab('work-preference', 'PROFILE_BASICS')).toBe('profile-basics');
    expect(resolveTab('work-preference', 'EDUCATION_DETAILS')).toBe('education-and-experience');
    expect(resolveTab('profile-basics', 'WORK_PREFERENCES')).toBe('profile-basics');
    expect(resolveTab('education-and-experience', null)).toBe('profile-basics');
  });
  it('puts every tab but the first in the query', () => {
    expect(tabSearch('profile-basics')).toBe('');
    expect(tabSearch('education-and-experience')).toBe('?stage=education-and-experience');
  });
});
