import type { Endpoint, RequestOf } from '@talentloop/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { callLazy } from '../../../lib/lazy-endpoint.ts';
import { completionIn, editorKeys } from './keys.ts';

// One editor section's saved state, read when the section opens; the completion card follows the
// percentage the answer carries.

/**
 * An endpoint, or a loader of one: what the page shows up front (the profile card, the completion
 * card) passes a loader, so the endpoint's module (zod schemas) loads after the first paint (issue 19).
 */
export type EndpointOrLoader<E extends Endpoint> = E | (() => Promise<E>);
const callEndpoint = <E extends Endpoint>(endpoint: EndpointOrLoader<E>, body?: RequestOf<E>, opts?: Parameters<typeof call>[2]) =>
  typeof endpoint === 'function' ? callLazy(endpoint, body, opts) : call(endpoint, body, opts);

/** GET /freelancer/profile-details, loaded with its first call. */
export const loadProfileDetails = () => import('@talentloop/contract/api/profile-editor').then((m) => m.getProfileDetails);

/** A section's saved state; the completion card follows its percentage. */
export function useSectionQuery<E extends Endpoint>(name: string, endpoint: EndpointOrLoader<E>) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: editorKeys.section(name),
    queryFn: async ({ signal }) => {
      const data = await callEndpoint(endpoint, undefined, { signal });
      const pct = completionIn(data);
      if (pct !== undefined) queryClient.setQueryData(editorKeys.completion(), pct);
      return data;
    },
    gcTime: 0,
    retry: false,
  });
}
