import { api } from '@talentloop/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from './api-client.ts';

/** Public settings from the server (Google client id, feature switches), fetched once. */
export function usePublicConfig() {
  return useQuery({ queryKey: ['config'], queryFn: () => call(api.config), staleTime: Number.POSITIVE_INFINITY });
}
