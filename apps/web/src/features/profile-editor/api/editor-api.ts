import type { Endpoint, RequestOf, ResponseOf } from '@talentloop/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { callLazy } from '../../../lib/lazy-endpoint.ts';

// One query per editor section, loaded when the section opens (its cache is dropped when it closes,
// so every opening shows the saved state), and the completion percentage every load and save
// answers. spec: profile-company §4 Freelancer editor, general

export const editorKeys = {
  all: ['profile-editor'] as const,
  section: (name: string) => [...editorKeys.all, name] as const,
  completion: () => [...editorKeys.all, 'completion'] as const,
};

type WithCompletion = { competitionPercentage: number };

/**
 * An endpoint, or a loader of one: what the page shows up front (the profile card, the completion
 * card) passes a loader, so the endpoint's module (zod schemas) loads after the first paint (issue 19).
 */
type EndpointOrLoader<E extends Endpoint> = E | (() => Promise<E>);
const callEndpoint = <E extends Endpoint>(endpoint: EndpointOrLoader<E>, body?: RequestOf<E>, opts?: Parameters<typeof call>[2]) =>
  typeof endpoint === 'function' ? callLazy(endpoint, body, opts) : call(endpoint, body, opts);

const profileEditorApi = () => import('@talentloop/contract/api/profile-editor');
/** GET /freelancer/profile-details, loaded with its first call. */
export const loadProfileDetails = () => profileEditorApi().then((m) => m.getProfileDetails);
const loadProfileCompletion = () => import('@talentloop/contract/api/profile-completion').then((m) => m.getProfileCompletion);

/** A section's saved state; the completion card follows its percentage. */
export function useSectionQuery<E extends Endpoint>(name: string, endpoint: EndpointOrLoader<E>) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: editorKeys.section(name),
    queryFn: async ({ signal }) => {
      const data = await callEndpoint(endpoint, undefined, { signal });
      const pct = (data as Partial<WithCompletion>).competitionPercentage;
      if (typeof pct === 'number') queryClient.setQueryData(editorKeys.completion(), pct);
      return data;
    },
    gcTime: 0,
    retry: false,
  });
}

/**
 * Saves a section: the section's cached load becomes `toLoad(answer)` (so the form shows the
 * server's list and version) and the completion card the answer's percentage.
 */
export function useSectionSave<E extends Endpoint, L>(name: string, endpoint: E, toLoad: (res: ResponseOf<E>) => L) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<E>) => call(endpoint, body),
    onSuccess: (res) => {
      queryClient.setQueryData(editorKeys.section(name), toLoad(res));
      const pct = (res as Partial<WithCompletion>).competitionPercentage;
      if (typeof pct === 'number') queryClient.setQueryData(editorKeys.completion(), pct);
    },
  });
}

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

/** Lets another section (portfolio, photo) report a new percentage. */
export function useSetCompletion() {
  const queryClient = useQueryClient();
  return (pct: number) => queryClient.setQueryData(editorKeys.completion(), pct);
}
