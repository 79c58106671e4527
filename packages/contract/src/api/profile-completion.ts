import { z } from 'zod';
import { PROFILE_SECTION_WEIGHTS, type ProfileSectionKey } from '../rules/completion.ts';
import { defineEndpoint } from './define.ts';

// The completion percentage with each section's part (issue 19: the editor's completion card lists
// the sections left and what each adds). Computed on the server from saved data by the contract's
// weighting (rules/completion.ts). Imported directly ('@talentloop/contract/api/profile-completion').

const sectionShape = Object.fromEntries(
  (Object.keys(PROFILE_SECTION_WEIGHTS) as ProfileSectionKey[]).map((k) => [k, z.number().min(0).max(1)]),
) as Record<ProfileSectionKey, z.ZodNumber>;

/** How complete each of the seven sections is (0 to 1). */
export const ProfileCompletionSections = z.object(sectionShape);

export const getProfileCompletion = defineEndpoint({
  tag: 'profile-editor',
  method: 'GET',
  path: '/freelancer-settings/completion',
  summary: 'The completion percentage and how complete each of the seven sections is (0 to 1)',
  auth: true,
  access: ['freelancer'],
  response: z.object({
    status: z.literal('success'),
    competitionPercentage: z.number().int().min(0).max(100),
    sections: ProfileCompletionSections,
  }),
});
