import { EXPERIENCE_LEVELS } from '@talentloop/contract/lists/profile';
import { RadioGroup } from 'radix-ui';
import type { Ref } from 'react';
import { cn } from '../../ui/cn.ts';

/** Experience level as cards with their year ranges. spec: auth-onboarding §9 Experience levels */
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
  return (
    <RadioGroup.Root
      id={id}
      ref={rootRef}
      value={value}
      onValueChange={onChange}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      className="grid grid-cols-2 gap-2.5 sm:grid-cols-3 xl:grid-cols-5"
    >
      {EXPERIENCE_LEVELS.map((level) => (
        <RadioGroup.Item
          key={level.code}
          value={level.code}
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
