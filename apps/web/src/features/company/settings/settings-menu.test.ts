import { describe, expect, it } from 'vitest';
import { SETTINGS_SECTIONS, parseSettingsSection, settingsSearch } from './settings-menu.ts';

describe('company settings menu', () => {
  it('lists the spec’s five entries in order', () => {
    expect(SETTINGS_SECTIONS.map((s) => s.label)).toEqual([
      'Basic Information',
      'Account & Verification',
      'Notifications & Communication',
      'Security & Privacy',
      'Delete Account',
    ]);
  });

  it('opens Basic Information for a missing or unknown section and keeps a known one', () => {
    expect(parseSettingsSection(null)).toBe('basic');
    expect(parseSettingsSection('nope')).toBe('basic');
    expect(parseSettingsSection('security')).toBe('security');
  });

  it('gives each entry its own address, Basic Information the bare one', () => {
    expect(settingsSearch('basic')).toBe('');
    expect(settingsSearch('notifications')).toBe('?section=notifications');
  });
});
