import { findConversationOfCandidate as endpoint } from '@talentloop/contract/api/messages';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { messageKeys } from './keys.ts';

// The conversation of a candidate, if one was opened (the candidate card's and the profile's Message).

export const findConversation = (candidateId: string, signal?: AbortSignal) =>
  call(endpoint, undefined, { query: { candidateId }, signal });

export const useConversationOfCandidate = (candidateId: string) =>
  useQuery({ queryKey: messageKeys.ofCandidate(candidateId), queryFn: ({ signal }) => findConversation(candidateId, signal) });
