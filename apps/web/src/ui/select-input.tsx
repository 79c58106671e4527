import { Check, ChevronDown, ChevronUp } from 'lucide-react';
import { Select } from 'radix-ui';
import { type ReactNode, type Ref, memo } from 'react';
import { cn } from './cn.ts';
import { inputClass } from './field.tsx';

export type SelectOption = {
  value: string;
  /** What the closed select shows for this option. */
  label: string;
  /** Shown before the label in the list only (e.g. a country name before its dial code). */
  leading?: string;
  /** Shown after the label in the list only. */
  hint?: string;
  /** Text typed to jump to this option; defaults to the label. */
  textValue?: string;
};

type Props = {
  id: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  placeholder: string;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
  triggerRef?: Ref<HTMLButtonElement>;
  onBlur?: () => void;
  className?: string;
  leadingIcon?: ReactNode;
  /** From a FormField's control props (same as invalid / describedBy). */
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

/** A Radix select styled like our inputs; the label is the caller's `<label htmlFor={id}>`. */
export function SelectInput({
  id,
  value,
  onChange,
  options,
  placeholder,
  invalid,
  describedBy,
  disabled,
  triggerRef,
  onBlur,
  className,
  leadingIcon,
  'aria-invalid': ariaInvalid,
  'aria-describedby': ariaDescribedBy,
}: Props) {
  const isInvalid = invalid ?? ariaInvalid;
  const described = describedBy ?? ariaDescribedBy;
  // The wrapper also holds the hidden native select Radix adds inside forms, so it cannot shift the layout.
  return (
    <div className={cn('relative', className)}>
      <Select.Root value={value} onValueChange={onChange} disabled={disabled}>
        <Select.Trigger
          id={id}
          ref={triggerRef}
          onBlur={onBlur}
          aria-invalid={isInvalid || undefined}
          aria-describedby={described}
          className={cn(inputClass(isInvalid), 'flex items-center gap-2 text-left data-[placeholder]:text-muted')}
        >
          {leadingIcon}
          <span className="min-w-0 flex-1 truncate">
            <Select.Value placeholder={placeholder} />
          </span>
          <Select.Icon>
            <ChevronDown className="h-4 w-4 shrink-0 text-muted" aria-hidden="true" />
          </Select.Icon>
        </Select.Trigger>
        <Select.Portal>
          <Select.Content
            position="popper"
            sideOffset={6}
            collisionPadding={12}
            className="z-50 max-h-[min(20rem,var(--radix-select-content-available-height))] min-w-[var(--radix-select-trigger-width)] max-w-[calc(100vw-1.5rem)] overflow-hidden rounded-xl border border-line bg-white shadow-xl shadow-ink/5"
          >
            <Select.ScrollUpButton className="flex h-7 items-center justify-center text-muted">
              <ChevronUp className="h-4 w-4" aria-hidden="true" />
            </Select.ScrollUpButton>
            <Select.Viewport className="p-1.5">
              <OptionList options={options} />
            </Select.Viewport>
            <Select.ScrollDownButton className="flex h-7 items-center justify-center text-muted">
              <ChevronDown className="h-4 w-4" aria-hidden="true" />
            </Select.ScrollDownButton>
          </Select.Content>
        </Select.Portal>
      </Select.Root>
    </div>
  );
}

// Long lists (countries) re-render only when the options change, not on every keystroke of the form.
const OptionList = memo(function OptionList({ options }: { options: readonly SelectOption[] }) {
  return options.map((o) => (
    <Select.Item
      key={o.value}
      value={o.value}
      textValue={o.textValue ?? o.label}
      className="relative flex min-h-10 cursor-pointer select-none items-center gap-2 rounded-lg py-2 pr-3 pl-8 text-sm text-ink outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800 data-[state=checked]:font-semibold"
    >
      <Select.ItemIndicator className="absolute left-2.5 inline-flex items-center">
        <Check className="h-4 w-4 text-brand-700" aria-hidden="true" />
      </Select.ItemIndicator>
      {o.leading && <span className="min-w-0 flex-1 truncate">{o.leading} </span>}
      <Select.ItemText>{o.label}</Select.ItemText>
      {o.hint && <span className="ml-auto pl-3 text-xs font-normal text-muted">{o.hint}</span>}
    </Select.Item>
  ));
});
