import { LANGUAGES } from '@talentloop/contract/lists/languages';
import { PROFICIENCIES } from '@talentloop/contract/lists/profile';
import { languageToAddProblem } from '@talentloop/contract/validation/wizard-rules';
import { Plus } from 'lucide-react';
import { type Ref, useState } from 'react';
import { Button } from '../button.tsx';
import { FieldError, FormField } from '../form-field.tsx';
import { SelectInput } from '../select-input.tsx';
import { Chips } from './chips.tsx';

export type LanguageValue = { languageCode: string; proficiency: (typeof PROFICIENCIES)[number] };

const LANGUAGE_OPTIONS = LANGUAGES.map((l) => ({ value: l.code, label: l.name }));
const PROFICIENCY_OPTIONS = PROFICIENCIES.map((p) => ({ value: p, label: p }));
const languageName = (code: string) => LANGUAGES.find((l) => l.code === code.toLowerCase())?.name ?? code.toUpperCase();

/** A language with its proficiency, added as a chip. spec: auth-onboarding §5 (adding a language), §9 */
export function LanguagesEditor({
  value,
  onChange,
  error,
  triggerRef,
}: {
  value: LanguageValue[];
  onChange: (languages: LanguageValue[]) => void;
  error?: string;
  triggerRef?: Ref<HTMLButtonElement>;
}) {
  const [code, setCode] = useState('');
  const [proficiency, setProficiency] = useState('');
  const [problem, setProblem] = useState<ReturnType<typeof languageToAddProblem>>(null);

  function add() {
    const found = languageToAddProblem(value, { languageCode: code, proficiency });
    setProblem(found);
    if (found) return;
    onChange([...value, { languageCode: code, proficiency: proficiency as LanguageValue['proficiency'] }]);
    setCode('');
    setProficiency('');
  }

  const message = problem?.message ?? error;
  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_13rem_auto] sm:items-end">
        <FormField label="Language" id="language-code">
          {() => (
            <SelectInput
              id="language-code"
              value={code}
              onChange={(v) => {
                setCode(v);
                if (problem?.field === 'languageCode') setProblem(null);
              }}
              options={LANGUAGE_OPTIONS}
              placeholder="Select a language"
              invalid={problem?.field === 'languageCode' || Boolean(error && !problem)}
              describedBy={message && problem?.field !== 'proficiency' ? 'languages-error' : undefined}
              triggerRef={triggerRef}
            />
          )}
        </FormField>
        <FormField label="Proficiency" id="language-proficiency">
          {() => (
            <SelectInput
              id="language-proficiency"
              value={proficiency}
              onChange={(v) => {
                setProficiency(v);
                if (problem?.field === 'proficiency') setProblem(null);
              }}
              options={PROFICIENCY_OPTIONS}
              placeholder="Level"
              invalid={problem?.field === 'proficiency'}
              describedBy={problem?.field === 'proficiency' ? 'languages-error' : undefined}
            />
          )}
        </FormField>
        <Button variant="secondary" onClick={add} className="w-full sm:w-auto">
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add<span className="sr-only"> language</span>
        </Button>
      </div>
      <FieldError id="languages-error">{message}</FieldError>
      <Chips
        label="Your languages"
        items={value.map((l) => ({ key: l.languageCode.toLowerCase(), name: languageName(l.languageCode), detail: l.proficiency }))}
        onRemove={(key) => onChange(value.filter((l) => l.languageCode.toLowerCase() !== key))}
      />
    </div>
  );
}
