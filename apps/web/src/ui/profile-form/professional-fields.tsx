import { dialCodeAfterCountryPick } from '@talentloop/contract/lists/countries';
import { DEFAULT_OCCUPATIONS } from '@talentloop/contract/lists/profile';
import { useState } from 'react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { HourlyRateField } from './about-fields.tsx';
import { BoundField, ChoiceField, SearchField } from './bound-fields.tsx';
import { COUNTRY_OPTIONS, dialCountry } from './country-options.ts';
import { ExperienceLevelRadio } from './experience-level-radio.tsx';
import { PhoneField } from './phone-field.tsx';

/** The professional fields both forms hold under the same names (the wizard's basics, the editor's About Me). */
export type ProfessionalValues = {
  countryCode: string;
  occupation: string;
  experienceLevel: string;
  hourlyRate: string;
  phone: { dialingCode: string; mobileNo: string };
};

/**
 * Country, occupation (searched from 3 characters, default suggestions before), experience level,
 * hourly rate with its suggested range, and the phone. A first country also proposes its dialing
 * code. Ids are `${idPrefix}-country`, `-occupation`, `-level`, `-rate`, `-phone` (`-phone-dial`).
 * spec: auth-onboarding §2 Profile Basics, §5; profile-company §4 About Me, §5 About Me
 */
export function ProfessionalFields<T extends ProfessionalValues>({ form: typed, idPrefix }: { form: UseFormReturn<T>; idPrefix: string }) {
  // The fields are the same in every form that has them; one view of the form types them once.
  const form = typed as unknown as UseFormReturn<ProfessionalValues>;
  const { errors } = form.formState;
  const [initial] = useState(() => form.getValues());
  // Which country the dialing code was picked from (several share +1).
  const [dialCountryCode, setDialCountryCode] = useState(() => dialCountry(initial.phone?.dialingCode ?? '', initial.countryCode ?? ''));
  const [occupation, experienceLevel] = useWatch({ control: form.control, name: ['occupation', 'experienceLevel'] });
  const id = (name: string) => `${idPrefix}-${name}`;

  return (
    <>
      <div className="grid gap-5 md:grid-cols-2">
        <ChoiceField
          control={form.control}
          name="countryCode"
          id={id('country')}
          label="Country"
          error={errors.countryCode?.message}
          options={COUNTRY_OPTIONS}
          placeholder="Select your country"
          onPicked={(code) => {
            // A first country proposes its dialing code; a code already there stays.
            const current = form.getValues('phone.dialingCode') ?? '';
            const next = dialCodeAfterCountryPick(code, current, !current);
            if (next !== current) {
              setDialCountryCode(code);
              form.setValue('phone.dialingCode', next, { shouldValidate: form.formState.isSubmitted, shouldDirty: true });
            }
          }}
        />
        <SearchField
          control={form.control}
          name="occupation"
          id={id('occupation')}
          label="Occupation"
          error={errors.occupation?.message}
          kind="occupation"
          suggestions={DEFAULT_OCCUPATIONS}
          placeholder="e.g. Web Developer"
        />
      </div>

      <BoundField
        control={form.control}
        name="experienceLevel"
        id={id('level')}
        label="Experience level"
        error={errors.experienceLevel?.message}
        group
      >
        {(control, field) => (
          <ExperienceLevelRadio
            id={control.id}
            rootRef={field.ref}
            value={field.value ?? ''}
            onChange={field.onChange}
            labelledBy={`${id('level')}-label`}
            invalid={control['aria-invalid']}
            describedBy={control['aria-describedby']}
          />
        )}
      </BoundField>

      <div className="grid gap-5 md:grid-cols-2">
        <HourlyRateField
          id={id('rate')}
          error={errors.hourlyRate?.message}
          input={form.register('hourlyRate')}
          occupation={occupation ?? ''}
          experienceLevel={experienceLevel ?? ''}
        />
        <Controller
          control={form.control}
          name="phone.dialingCode"
          render={({ field }) => (
            <PhoneField
              id={id('phone')}
              dialCountry={dialCountryCode}
              onDialChange={(country, code) => {
                setDialCountryCode(country);
                field.onChange(code);
              }}
              dialRef={field.ref}
              dialError={errors.phone?.dialingCode?.message}
              numberError={errors.phone?.mobileNo?.message}
              number={form.register('phone.mobileNo')}
            />
          )}
        />
      </div>
    </>
  );
}
