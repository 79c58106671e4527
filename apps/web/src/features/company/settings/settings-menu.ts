// The company settings screen's menu, in the spec's order; `?section=` names the open entry (Basic
// Information when absent). spec: profile-company §2 Company view profile

export const SETTINGS_SECTIONS = [
  { key: 'basic', label: 'Basic Information', text: 'Your company as vetted freelancers see it.' },
  { key: 'account', label: 'Account & Verification', text: 'How talent and our team reach you, and your verification.' },
  { key: 'notifications', label: 'Notifications & Communication', text: 'Choose which mails your company receives.' },
  { key: 'security', label: 'Security & Privacy', text: 'Your password and the devices signed in to your account.' },
  { key: 'delete', label: 'Delete Account', text: 'Remove your company account and all its data.' },
] as const;
export type SettingsSectionKey = (typeof SETTINGS_SECTIONS)[number]['key'];

export function parseSettingsSection(value: string | null): SettingsSectionKey {
  return SETTINGS_SECTIONS.find((s) => s.key === value)?.key ?? 'basic';
}

/** The search string of an entry's address. */
export const settingsSearch = (key: SettingsSectionKey) => (key === 'basic' ? '' : `?section=${key}`);
