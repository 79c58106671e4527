import { OTP_LENGTH } from '@talentloop/contract';
import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';
import { cn } from './cn.ts';

/**
 * One box per digit. Typing moves forward, backspace moves back, pasting the whole code fills every
 * box. spec: auth-onboarding §5 One-time code
 */
export function OtpInput({
  value,
  onChange,
  invalid,
  disabled,
  describedBy,
}: {
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  disabled?: boolean;
  describedBy?: string;
}) {
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  const digits = Array.from({ length: OTP_LENGTH }, (_, i) => value[i] ?? '');
  const focus = (i: number) => refs.current[Math.max(0, Math.min(OTP_LENGTH - 1, i))]?.focus();

  function setDigit(i: number, d: string) {
    const next = [...digits];
    next[i] = d;
    onChange(next.join('').slice(0, OTP_LENGTH));
  }

  function onInput(i: number, raw: string) {
    const d = raw.replace(/\D/g, '');
    if (!d) return setDigit(i, '');
    if (d.length > 1) return fill(d, i);
    setDigit(i, d);
    focus(i + 1);
  }

  function fill(text: string, from = 0) {
    const d = text.replace(/\D/g, '').slice(0, OTP_LENGTH - from);
    const next = [...digits];
    for (let k = 0; k < d.length; k++) next[from + k] = d[k] ?? '';
    onChange(next.join(''));
    focus(from + d.length);
  }

  function onKeyDown(i: number, e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Backspace' && !digits[i]) {
      e.preventDefault();
      setDigit(Math.max(0, i - 1), '');
      focus(i - 1);
    } else if (e.key === 'ArrowLeft') focus(i - 1);
    else if (e.key === 'ArrowRight') focus(i + 1);
  }

  function onPaste(i: number, e: ClipboardEvent<HTMLInputElement>) {
    e.preventDefault();
    fill(e.clipboardData.getData('text'), i === 0 || !/^\d{5}$/.test(e.clipboardData.getData('text').trim()) ? i : 0);
  }

  return (
    <fieldset className="flex justify-center gap-2 sm:gap-3" aria-describedby={describedBy}>
      <legend className="sr-only">Verification code</legend>
      {digits.map((d, i) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: one box per position
          key={i}
          ref={(el) => {
            refs.current[i] = el;
          }}
          value={d}
          disabled={disabled}
          inputMode="numeric"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          maxLength={OTP_LENGTH}
          aria-label={`Digit ${i + 1} of ${OTP_LENGTH}`}
          aria-invalid={invalid || undefined}
          onChange={(e) => onInput(i, e.target.value)}
          onKeyDown={(e) => onKeyDown(i, e)}
          onPaste={(e) => onPaste(i, e)}
          onFocus={(e) => e.target.select()}
          className={cn(
            'h-14 w-12 rounded-xl border bg-white text-center text-2xl font-semibold text-ink shadow-sm sm:w-14',
            'focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200',
            invalid ? 'border-danger' : 'border-line',
          )}
        />
      ))}
    </fieldset>
  );
}
