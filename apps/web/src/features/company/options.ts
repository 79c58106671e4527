import { COMPANY_SIZES, INDUSTRIES, PHONE_CODES, SOCIAL_PLATFORMS } from '@talentloop/contract/lists/company';
import type { SelectOption } from '../../ui/select-input.tsx';

export const INDUSTRY_OPTIONS: readonly SelectOption[] = INDUSTRIES.map((i) => ({ value: i, label: i }));
export const SIZE_OPTIONS: readonly SelectOption[] = COMPANY_SIZES.map((s) => ({ value: s.code, label: s.label }));
/** The one list of countries to pick from (the wizard's and the editor's too). */
export { COUNTRY_OPTIONS } from '../../ui/profile-form/country-options.ts';
// No flag emoji: many systems draw them as empty boxes.
export const PHONE_CODE_OPTIONS: readonly SelectOption[] = PHONE_CODES.map((p) => ({
  value: p.code,
  label: p.code,
  leading: p.country,
  textValue: p.country,
}));
export const PLATFORM_OPTIONS: readonly SelectOption[] = SOCIAL_PLATFORMS.map((p) => ({ value: p.name, label: p.name }));

/** What a failed save shows. */
export const SAVE_FAILED = { title: 'Could not save', message: 'Please check the form and try again.' };
