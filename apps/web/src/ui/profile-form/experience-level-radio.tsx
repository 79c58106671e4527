import { EXPERIENCE_LEVELS } from '@talentloop/contract/lists/profile';
import { RadioGroup } from 'radix-ui';
import { type KeyboardEvent, type Ref, useRef } from 'react';
import { cn } from '../cn.ts';

const ARROW_KEYS = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'];

/**
 * Experience level as cards with their year ranges. spec: auth-onboarding §9 Experience levels
 *
 * Arrow keys check the card they move focus to (WAI-ARIA radio group). Radix does this only while the
 * key is still down when focus lands, which a quick tap misses (focus moves on a timer, key-up comes
 * first), so the group remembers the arrow press itself and the card that takes focus from it is checked.
 */
export function ExperienceLevelRadio({
  id,
  value,
  onChange,
  invalid,
  labelledBy,
  describedBy,
  rootRef,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  labelledBy: string;
  describedBy?: string;
  rootRef?: Ref<HTMLDivElement>;
}) {
  const arrowPressed = useRef(false);
  const noteKey = (event: KeyboardEvent) => {
    arrowPressed.current = ARROW_KEYS.includes(event.key) && !(event.metaKey || event.ctrlKey || event.altKey || event.shiftKey);
  };
  const checkIfByArrow = (code: string) => {
    if (!arrowPressed.current) return;
    arrowPressed.current = false;
    if (code !== value) onChange(code);
  };
  return (
    <RadioGroup.Root
      id={id}
      ref={rootRef}
      value={value}
      onValueChange={onChange}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      onKeyDownCapture={noteKey}
      onPointerDownCapture={() => {
        arrowPressed.current = false;
      }}
      className="grid grid-cols-2 gap-2.5 sm:grid-cols-3 xl:grid-cols-5"
    >
      {EXPERIENCE_LEVELS.map((level) => (
        <RadioGroup.Item
          key={level.code}
          value={level.code}
          onFocus={() => checkIfByArrow(level.code)}
          className={cn(
            'flex min-h-16 flex-col items-start justify-center rounded-xl border bg-white px-3.5 py-2.5 text-left transition-colors',
            'hover:border-brand-300 disabled:cursor-not-allowed disabled:opacity-60',
            'data-[state=checked]:border-brand-600 data-[state=checked]:bg-brand-50 data-[state=checked]:ring-1 data-[state=checked]:ring-brand-600',
            invalid ? 'border-danger' : 'border-line',
          )}
        >
          <span className="text-sm font-semibold text-ink">{level.label}</span>
          <span className="text-xs text-muted">{level.range}</span>
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
