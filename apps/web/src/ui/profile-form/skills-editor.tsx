import { SKILL_YEAR_OPTIONS } from '@talentloop/contract/lists/profile';
import { skillToAddProblem } from '@talentloop/contract/validation/wizard-rules';
import { Plus } from 'lucide-react';
import { type Ref, useRef, useState } from 'react';
import { Button } from '../button.tsx';
import { FieldError, FormField } from '../form-field.tsx';
import { SelectInput } from '../select-input.tsx';
import { Chips } from './chips.tsx';
import { SearchCombobox } from './search-combobox.tsx';

export type SkillValue = { skillName: string; experienceLevel: number; freelancerSkillId?: string | null };

const YEAR_OPTIONS = SKILL_YEAR_OPTIONS.map((o) => ({ value: String(o.value), label: o.label }));
const yearsLabel = (years: number) => SKILL_YEAR_OPTIONS.find((o) => o.value === years)?.label ?? `${years} years`;

/**
 * A skill (searched from 1 character) with years of experience, added as a chip.
 * spec: auth-onboarding §5 Wizard: profile basics (adding a skill), §9 Skill experience
 */
export function SkillsEditor({
  value,
  onChange,
  error,
  inputRef,
}: {
  value: SkillValue[];
  onChange: (skills: SkillValue[]) => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const [name, setName] = useState('');
  const [years, setYears] = useState('');
  const [problem, setProblem] = useState<ReturnType<typeof skillToAddProblem>>(null);
  const nameRef = useRef<HTMLInputElement | null>(null);

  function add() {
    const found = skillToAddProblem(value, { skillName: name, years: years === '' ? null : Number(years) });
    setProblem(found);
    if (found) return;
    onChange([...value, { skillName: name.trim(), experienceLevel: Number(years) }]);
    setName('');
    setYears('');
    nameRef.current?.focus();
  }

  const message = problem?.message ?? error;
  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_13rem_auto] sm:items-end">
        <FormField label="Skill" id="skill-name">
          {() => (
            <SearchCombobox
              id="skill-name"
              kind="skill"
              value={name}
              onChange={(v) => {
                setName(v);
                if (problem?.field === 'skillName') setProblem(null);
              }}
              onEnter={add}
              placeholder="e.g. React, Figma, SEO"
              maxLength={60}
              invalid={problem?.field === 'skillName' || Boolean(error && !problem)}
              describedBy={message ? 'skills-error' : undefined}
              inputRef={(el) => {
                nameRef.current = el;
                if (typeof inputRef === 'function') inputRef(el);
              }}
            />
          )}
        </FormField>
        <FormField label="Experience" id="skill-years">
          {() => (
            <SelectInput
              id="skill-years"
              value={years}
              onChange={(v) => {
                setYears(v);
                if (problem?.field === 'years') setProblem(null);
              }}
              options={YEAR_OPTIONS}
              placeholder="Years"
              invalid={problem?.field === 'years'}
              describedBy={problem?.field === 'years' ? 'skills-error' : undefined}
            />
          )}
        </FormField>
        <Button variant="secondary" onClick={add} className="w-full sm:w-auto">
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add<span className="sr-only"> skill</span>
        </Button>
      </div>
      <FieldError id="skills-error">{message}</FieldError>
      <Chips
        label="Your skills"
        items={value.map((s) => ({ key: s.skillName, name: s.skillName, detail: yearsLabel(s.experienceLevel) }))}
        onRemove={(key) => onChange(value.filter((s) => s.skillName !== key))}
      />
    </div>
  );
}
