/** Query keys of the wizard, so each mutation invalidates exactly its own reads. */
export const onboardingKeys = {
  all: ['onboarding'] as const,
  profile: () => [...onboardingKeys.all, 'profile'] as const,
  educationWork: () => [...onboardingKeys.all, 'education-work'] as const,
  workPreference: () => [...onboardingKeys.all, 'work-preference'] as const,
  hourlyRate: (occupation: string, experienceLevel: string) => [...onboardingKeys.all, 'hourly-rate', occupation, experienceLevel] as const,
  search: (kind: string, text: string) => ['search', kind, text] as const,
};

/** The wizard's endpoints: loaded with their first call, not with the page (issue 19, first-load JS). */
export const onboardingApi = () => import('@talentloop/contract/api/onboarding');
