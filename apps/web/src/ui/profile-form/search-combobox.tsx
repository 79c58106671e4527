import type { SearchKind } from '@talentloop/contract/api/search';
import { LoaderCircle, Search } from 'lucide-react';
import { type KeyboardEvent, type Ref, useId, useState } from 'react';
import { cn } from '../cn.ts';
import { inputClass } from '../field.tsx';
import { useSearch } from './api/search.ts';

type Props = {
  id: string;
  kind: SearchKind;
  value: string;
  onChange: (value: string) => void;
  /** A suggestion was picked; without it, picking fills the text in (onChange). */
  onPick?: (name: string) => void;
  onBlur?: () => void;
  /** Offered while the text is too short to search (or when the search fails). */
  suggestions?: readonly string[];
  /** Enter with no highlighted option (e.g. to add a typed skill). */
  onEnter?: () => void;
  placeholder?: string;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  maxLength?: number;
  /** From a FormField's control props (same as invalid / describedBy). */
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

/**
 * Free text with suggestions from the reference search (ARIA 1.2 combobox with a listbox popup).
 * Anything typed is kept; picking a suggestion fills it in. spec: auth-onboarding §7 Search triggers
 */
export function SearchCombobox({
  id,
  kind,
  value,
  onChange,
  onPick,
  onBlur,
  suggestions,
  onEnter,
  placeholder,
  invalid,
  describedBy,
  disabled,
  inputRef,
  maxLength = 100,
  'aria-invalid': ariaInvalid,
  'aria-describedby': ariaDescribedBy,
}: Props) {
  const isInvalid = invalid ?? ariaInvalid;
  const described = describedBy ?? ariaDescribedBy;
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const search = useSearch(kind, value, open);
  const typed = value.trim().toLowerCase();
  const fallback = (suggestions ?? []).filter((s) => s.toLowerCase().includes(typed) && s.toLowerCase() !== typed);
  const options = search.searching && !search.failed ? search.results.filter((r) => r.toLowerCase() !== typed) : fallback;
  const showPopup = open && (options.length > 0 || search.pending);
  const optionId = (i: number) => `${listId}-${i}`;

  function pick(name: string) {
    if (onPick) onPick(name);
    else onChange(name);
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((i) => (options.length ? (i + 1) % options.length : -1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => (options.length ? (i <= 0 ? options.length - 1 : i - 1) : -1));
    } else if (e.key === 'Enter') {
      const chosen = showPopup && active >= 0 ? options[active] : undefined;
      if (chosen !== undefined) {
        e.preventDefault();
        pick(chosen);
      } else if (onEnter) {
        e.preventDefault();
        setOpen(false);
        onEnter();
      }
    } else if (e.key === 'Escape' && showPopup) {
      e.preventDefault();
      setOpen(false);
    }
  }

  return (
    <div className="relative">
      <Search className="pointer-events-none absolute top-1/2 left-3.5 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden="true" />
      <input
        id={id}
        ref={inputRef}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        maxLength={maxLength}
        aria-autocomplete="list"
        aria-expanded={showPopup}
        aria-controls={listId}
        aria-activedescendant={showPopup && active >= 0 ? optionId(active) : undefined}
        aria-invalid={isInvalid || undefined}
        aria-describedby={described}
        disabled={disabled}
        placeholder={placeholder}
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          onBlur?.();
        }}
        onKeyDown={onKeyDown}
        className={cn(inputClass(isInvalid), 'pr-10 pl-10')}
      />
      {search.pending && open && (
        <LoaderCircle className="absolute top-1/2 right-3.5 h-4 w-4 -translate-y-1/2 animate-spin text-muted" aria-hidden="true" />
      )}
      <div
        className={cn(
          'absolute inset-x-0 top-full z-40 mt-1.5 overflow-hidden rounded-xl border border-line bg-white shadow-xl shadow-ink/5',
          !showPopup && 'hidden',
        )}
      >
        {options.length === 0 && search.pending && <p className="px-3.5 py-3 text-sm text-muted">Searching…</p>}
        <div id={listId} role="listbox" aria-label="Suggestions" className="max-h-64 overflow-y-auto p-1.5">
          {options.map((name, i) => (
            // Focus stays in the input (aria-activedescendant); the keyboard is handled there.
            // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the combobox input
            // biome-ignore lint/a11y/useFocusableInteractive: options are reached through aria-activedescendant
            <div
              key={name}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              // Keeps focus in the input so the pick lands before blur closes the list.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(name)}
              onMouseEnter={() => setActive(i)}
              className={cn('cursor-pointer rounded-lg px-3 py-2.5 text-sm text-ink', i === active && 'bg-brand-50 text-brand-800')}
            >
              {name}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
