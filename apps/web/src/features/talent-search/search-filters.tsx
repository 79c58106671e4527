import { LEVELS, LEVEL_LABELS, LEVEL_RANGES } from '@talentloop/contract/rules/level';
import { TALENT_HOURS_OPTIONS, TALENT_SKILLS_MAX } from '@talentloop/contract/api/talent-search';
import { HOURLY_RATE_MAX, HOURLY_RATE_MIN } from '@talentloop/contract/limits';
import { COUNTRY_OPTIONS } from '../../ui/profile-form/country-options.ts';
import { LANGUAGES } from '@talentloop/contract/lists/languages';
import { ChevronDown, X } from 'lucide-react';
import { type KeyboardEvent, memo, useEffect, useState } from 'react';
import { SearchCombobox } from '../../ui/profile-form/search-combobox.tsx';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { inputClass } from '../../ui/field.tsx';
import { FieldError } from '../../ui/form-field.tsx';
import { cn } from '../../ui/cn.ts';
import type { SearchProblem, TalentFilters } from './search-params.ts';

// The search's filters (issue 20). Each change is a new history entry (the page pushes it), so Back
// undoes it. Rates are numbers, applied when the field is left or Enter is pressed.

// Native selects: long lists (about 250 countries) cost nothing to mount and get the phone's own
// picker; '' is 'any'.
type Option = { value: string; label: string };
const withAny = (label: string, options: readonly Option[]): Option[] => [{ value: '', label }, ...options];

const COUNTRY_OPTIONS_OR_ANY = withAny('Any country', COUNTRY_OPTIONS);
const LEVEL_OPTIONS = withAny(
  'Any level',
  // The level companies see, from work history (decision 163): the one level of cards and profiles.
  LEVELS.map((l) => ({ value: l, label: `${LEVEL_LABELS[l]} (${LEVEL_RANGES[l]} of work)` })),
);
const LANGUAGE_OPTIONS = withAny(
  'Any language',
  LANGUAGES.map((l) => ({ value: l.code, label: l.name })),
);
const HOURS_OPTIONS = withAny(
  'Any availability',
  TALENT_HOURS_OPTIONS.map((h) => ({ value: String(h), label: `At least ${h} hours a week` })),
);

type Patch = Partial<Omit<TalentFilters, 'q'>>;

export const SearchFilters = memo(function SearchFilters({
  filters,
  onChange,
  problems,
}: {
  filters: TalentFilters;
  onChange: (patch: Patch) => void;
  /** Refusals of the current search, the page's own check or the server's. */
  problems: readonly SearchProblem[];
}) {
  const rateProblems = problems.filter((p) => p.field === 'rateMin' || p.field === 'rateMax');
  const skillProblems = problems.filter((p) => p.field === 'skill');
  const otherProblems = problems.filter((p) => !rateProblems.includes(p) && !skillProblems.includes(p));

  return (
    <div className="space-y-5">
      <SkillFilter skills={filters.skill} onChange={(skill) => onChange({ skill })} problem={skillProblems[0]?.message} />

      <Choice
        id="filter-country"
        label="Country"
        value={filters.country}
        options={COUNTRY_OPTIONS_OR_ANY}
        onChange={(country) => onChange({ country })}
      />
      <Choice
        id="filter-level"
        label="Experience level"
        value={filters.level}
        options={LEVEL_OPTIONS}
        onChange={(level) => onChange({ level })}
      />
      <RateFilter min={filters.rateMin} max={filters.rateMax} onChange={onChange} problem={rateProblems[0]?.message} />
      <Choice
        id="filter-hours"
        label="Weekly availability"
        value={filters.hours}
        options={HOURS_OPTIONS}
        onChange={(hours) => onChange({ hours })}
      />
      <Choice
        id="filter-language"
        label="Language"
        value={filters.language}
        options={LANGUAGE_OPTIONS}
        onChange={(language) => onChange({ language })}
      />

      {otherProblems.length > 0 && (
        <Alert>
          {otherProblems.map((p) => (
            <p key={p.message}>{p.message}</p>
          ))}
        </Alert>
      )}
    </div>
  );
});

function Choice({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly Option[];
  onChange: (value: string) => void;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <NativeSelect id={id} value={value} options={options} onChange={onChange} />
    </div>
  );
}

/** A native select styled like the inputs; a value the list does not hold (from a shared link) is shown as typed. */
export function NativeSelect({
  id,
  value,
  options,
  onChange,
  className,
}: {
  id: string;
  value: string;
  options: readonly Option[];
  onChange: (value: string) => void;
  className?: string;
}) {
  const known = options.some((o) => o.value === value);
  return (
    <div className={cn('relative', className)}>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={cn(inputClass(false), 'appearance-none pr-10')}>
        {!known && <option value={value}>{value}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ChevronDown className="pointer-events-none absolute top-1/2 right-3.5 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden="true" />
    </div>
  );
}

/** Skills from the reference search; a freelancer must list all of them. */
function SkillFilter({ skills, onChange, problem }: { skills: string[]; onChange: (skills: string[]) => void; problem?: string }) {
  const [text, setText] = useState('');
  const full = skills.length >= TALENT_SKILLS_MAX;

  function add(name: string) {
    const skill = name.trim();
    setText('');
    if (!skill || skills.some((s) => s.toLowerCase() === skill.toLowerCase())) return;
    onChange([...skills, skill]);
  }

  return (
    <div className="space-y-2">
      <div className="space-y-1.5">
        <label htmlFor="filter-skill" className="block text-sm font-medium text-ink">
          Skills
        </label>
        <SearchCombobox
          id="filter-skill"
          kind="skill"
          value={text}
          onChange={setText}
          onPick={add}
          onEnter={() => add(text)}
          placeholder={full ? `At most ${TALENT_SKILLS_MAX} skills` : 'e.g. React, Figma'}
          disabled={full}
          maxLength={100}
          invalid={Boolean(problem)}
          describedBy={problem ? 'filter-skill-error' : 'filter-skill-hint'}
        />
        {problem ? (
          <FieldError id="filter-skill-error">{problem}</FieldError>
        ) : (
          <p id="filter-skill-hint" className="text-xs text-muted">
            Freelancers with all of these skills.
          </p>
        )}
      </div>
      {skills.length > 0 && (
        <ul aria-label="Chosen skills" className="flex flex-wrap gap-1.5">
          {skills.map((s) => (
            <li
              key={s}
              className="inline-flex min-h-8 items-center gap-1 rounded-full border border-brand-100 bg-brand-50 py-0.5 pr-0.5 pl-3 text-sm font-medium text-brand-900"
            >
              {s}
              <button
                type="button"
                onClick={() => onChange(skills.filter((x) => x !== s))}
                aria-label={`Remove skill ${s}`}
                className="inline-flex h-7 w-7 items-center justify-center rounded-full text-brand-700 hover:bg-brand-100"
              >
                <X className="h-3.5 w-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Minimum and maximum hourly rate, applied when a field is left or Enter is pressed. */
function RateFilter({ min, max, onChange, problem }: { min: string; max: string; onChange: (patch: Patch) => void; problem?: string }) {
  const [minText, setMinText] = useState(min);
  const [maxText, setMaxText] = useState(max);
  // Back, Forward or a loosened filter change the address: the fields follow it.
  useEffect(() => setMinText(min), [min]);
  useEffect(() => setMaxText(max), [max]);

  const apply = () => {
    if (minText.trim() !== min || maxText.trim() !== max) onChange({ rateMin: minText.trim(), rateMax: maxText.trim() });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      apply();
    }
  };
  const field = (id: string, label: string, value: string, set: (v: string) => void, placeholder: string) => (
    <div className="min-w-0 flex-1 space-y-1">
      <label htmlFor={id} className="block text-xs text-muted">
        {label}
      </label>
      <div className="relative">
        <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted" aria-hidden="true">
          $
        </span>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={HOURLY_RATE_MIN}
          max={HOURLY_RATE_MAX}
          step={1}
          value={value}
          placeholder={placeholder}
          onChange={(e) => set(e.target.value)}
          onBlur={apply}
          onKeyDown={onKeyDown}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'filter-rate-error' : undefined}
          className={`${inputClass(Boolean(problem))} pl-7`}
        />
      </div>
    </div>
  );

  return (
    <fieldset className="space-y-1.5">
      <legend className="text-sm font-medium text-ink">Hourly rate (USD)</legend>
      <div className="flex items-end gap-2">
        {field('filter-rate-min', 'Minimum', minText, setMinText, String(HOURLY_RATE_MIN))}
        <span className="pb-3 text-muted" aria-hidden="true">
          –
        </span>
        {field('filter-rate-max', 'Maximum', maxText, setMaxText, String(HOURLY_RATE_MAX))}
      </div>
      <FieldError id="filter-rate-error">{problem}</FieldError>
    </fieldset>
  );
}

/** Clears every filter (the text stays). */
export function ClearFilters({ onClear }: { onClear: () => void }) {
  return (
    <Button variant="ghost" onClick={onClear} className="px-3">
      Clear filters
    </Button>
  );
}
