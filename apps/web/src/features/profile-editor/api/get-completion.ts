import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callLazy } from '../../../lib/lazy-endpoint.ts';
import { loadProfileDetails } from './get-section.ts';
import { editorKeys } from './keys.ts';

const loadProfileCompletion = () => import('@talentloop/contract/api/profile-completion').then((m) => m.getProfileCompletion);

/** The completion percentage: from the last section load or save, else read with About Me. */
export function useCompletion() {
  return useQuery({
    queryKey: editorKeys.completion(),
    queryFn: async ({ signal }) => (await callLazy(loadProfileDetails, undefined, { signal })).competitionPercentage,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * Each section's part of the percentage, read again whenever the percentage changes (a save of any
 * section), so the card's list of what is left follows it. Not read once the profile is complete.
 */
export function useCompletionSections(percent: number | undefined) {
  return useQuery({
    queryKey: [...editorKeys.all, 'completion-sections', percent] as const,
    queryFn: async ({ signal }) => (await callLazy(loadProfileCompletion, undefined, { signal })).sections,
    enabled: percent !== undefined && percent < 100,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
