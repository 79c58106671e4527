// The editor's sections, in the menu's order; `?section=` names the open one (About Me when absent).
// spec: profile-company §2 Freelancer profile editor (menu entries; Privacy Settings, Notifications and
// Account Security added, ours: the same account basics a company has in its settings)

export const EDITOR_SECTIONS = [
  { key: 'about-me', label: 'About Me' },
  { key: 'skills', label: 'Skills' },
  { key: 'education', label: 'Education' },
  { key: 'portfolio', label: 'Portfolio' },
  { key: 'certification', label: 'Certification' },
  { key: 'work-experience', label: 'Work Experience' },
  { key: 'work-preferences', label: 'Work Preferences' },
  { key: 'privacy', label: 'Privacy Settings' },
  { key: 'notifications', label: 'Notifications' },
  { key: 'security', label: 'Account Security' },
  { key: 'payouts', label: 'Payout Details' },
] as const;
export type EditorSectionKey = (typeof EDITOR_SECTIONS)[number]['key'];

export function parseSection(value: string | null): EditorSectionKey {
  return EDITOR_SECTIONS.find((s) => s.key === value)?.key ?? 'about-me';
}

/** The search string of a section's address. */
export const sectionSearch = (key: EditorSectionKey) => (key === 'about-me' ? '' : `?section=${key}`);
