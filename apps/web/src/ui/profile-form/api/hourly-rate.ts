import { hourlyRate } from '@talentloop/contract/api/onboarding';
import { DEFAULT_HOURLY_RANGE } from '@talentloop/contract/lists/profile';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

/** Typed occupations settle briefly before the suggestion is asked for; a picked one too. */
const RATE_SETTLE_MS = 400;

/**
 * The suggested hourly range for an occupation and experience level: asked for whenever both are
 * set, and the default 10-50 when either is missing. spec: auth-onboarding §4 Wizard details, §9
 */
export function useSuggestedRate(occupation: string, experienceLevel: string) {
  const settled = useDebouncedValue(occupation.trim(), RATE_SETTLE_MS);
  const enabled = settled !== '' && experienceLevel !== '';
  const query = useQuery({
    queryKey: ['hourly-rate', settled.toLowerCase(), experienceLevel],
    queryFn: ({ signal }) => call(hourlyRate, { occupation: settled, experienceLevel }, { signal }),
    enabled,
    staleTime: 10 * 60_000,
    placeholderData: keepPreviousData,
  });
  const range = enabled && query.data ? { min: query.data.minHourly, max: query.data.maxHourly } : DEFAULT_HOURLY_RANGE;
  return { range, isFetching: enabled && query.isFetching };
}
