import { describe, expect, it } from 'vitest';
import { EDITOR_SECTIONS, parseSection, sectionSearch } from './editor-menu.ts';

describe('profile editor menu', () => {
  it('lists the spec sections in order, About Me first, then Privacy Settings, Notifications, Account Security and Payout Details', () => {
    expect(EDITOR_SECTIONS.map((s) => s.label)).toEqual([
      'About Me',
      'Skills',
      'Education',
      'Portfolio',
      'Certification',
      'Work Experience',
      'Work Preferences',
      'Privacy Settings',
      'Notifications',
      'Account Security',
      'Payout Details',
    ]);
  });
  it('opens About Me for a missing or unknown section and round-trips the others through the address', () => {
    expect(parseSection(null)).toBe('about-me');
    expect(parseSection('nope')).toBe('about-me');
    for (const s of EDITOR_SECTIONS) expect(parseSection(new URLSearchParams(sectionSearch(s.key)).get('section'))).toBe(s.key);
  });
});
