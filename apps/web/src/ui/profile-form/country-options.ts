import { COUNTRIES, dialCodeOf } from '@talentloop/contract/lists/countries';
import type { SelectOption } from '../select-input.tsx';

export const COUNTRY_OPTIONS: readonly SelectOption[] = COUNTRIES.map((c) => ({ value: c.code, label: c.name }));

/** Dialing codes are chosen by country (several share +1); the select's value is the country code. */
export const DIAL_OPTIONS: readonly SelectOption[] = COUNTRIES.map((c) => ({
  value: c.code,
  label: c.dialCode,
  leading: c.name,
  textValue: c.name,
}));

export { dialCodeOf };

/** The country shown for a saved dialing code: the profile's country when it has that code, else the first that does. */
export function dialCountry(dialingCode: string, preferredCountry: string): string {
  if (!dialingCode) return '';
  if (dialCodeOf(preferredCountry) === dialingCode) return preferredCountry;
  return COUNTRIES.find((c) => c.dialCode === dialingCode)?.code ?? '';
}
