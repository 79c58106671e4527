import { paths } from './paths.ts';

// spec: auth-onboarding §2 Access rules, §4 Onboarding stage
export const ONBOARDING_STAGES = ['PROFILE_BASICS', 'EDUCATION_DETAILS', 'WORK_PREFERENCES', 'COMPLETED'] as const;
export type OnboardingStage = (typeof ONBOARDING_STAGES)[number];
export const COMPLETED: OnboardingStage = 'COMPLETED';

export const WIZARD_TABS = ['profile-basics', 'education-and-experience', 'work-preference'] as const;
export type WizardTab = (typeof WIZARD_TABS)[number];

/** Where a signed-in user belongs for their onboarding stage. */
export function stageDestination(stage: string | null | undefined): string {
  switch (stage) {
    case 'COMPLETED':
      return paths.freelancer.dashboard;
    case 'PROFILE_BASICS':
      return paths.freelancer.profileSetup;
    case 'EDUCATION_DETAILS':
      return `${paths.freelancer.profileSetup}?stage=education-and-experience`;
    case 'WORK_PREFERENCES':
      return `${paths.freelancer.profileSetup}?stage=work-preference`;
    default:
      return paths.freelancer.login;
  }
}

/** The wizard tab a stored stage opens. spec: auth-onboarding §2 Onboarding wizard */
export function stageTab(stage: string | null | undefined): WizardTab {
  if (stage === 'EDUCATION_DETAILS') return 'education-and-experience';
  if (stage === 'WORK_PREFERENCES' || stage === 'COMPLETED') return 'work-preference';
  return 'profile-basics';
}

/** Whether a wizard tab may be opened at a stage. */
export function isTabOpen(tab: WizardTab, stage: string | null | undefined): boolean {
  if (tab === 'profile-basics') return true;
  if (tab === 'education-and-experience') return stage === 'EDUCATION_DETAILS' || stage === 'WORK_PREFERENCES' || stage === 'COMPLETED';
  return stage === 'WORK_PREFERENCES' || stage === 'COMPLETED';
}

/** Index of a stage in the order; unknown stages count as the start. */
export function stageIndex(stage: string | null | undefined): number {
  const i = ONBOARDING_STAGES.indexOf(stage as OnboardingStage);
  return Math.max(0, i);
}
