import { WIZARD_TABS, type WizardTab, isTabOpen, stageTab } from '@talentloop/contract';

// spec: auth-onboarding §2 Onboarding wizard: tabs gated by the stored stage, the URL's `stage`
// query names the tab; profile basics is the page without a query.

export const TAB_LABELS: Record<WizardTab, string> = {
  'profile-basics': 'Profile Basics',
  'education-and-experience': 'Education & Experience',
  'work-preference': 'Work Preference',
};

export function parseTab(value: string | null): WizardTab {
  return (WIZARD_TABS as readonly string[]).includes(value ?? '') ? (value as WizardTab) : 'profile-basics';
}

/** The tab to show: the requested one when the stage opens it, else the stage's own tab. */
export function resolveTab(requested: WizardTab, stage: string | null): WizardTab {
  return isTabOpen(requested, stage) ? requested : stageTab(stage);
}

/** The search string of a tab's URL. */
export function tabSearch(tab: WizardTab): string {
  return tab === 'profile-basics' ? '' : `?stage=${tab}`;
}
