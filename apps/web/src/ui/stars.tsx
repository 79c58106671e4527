import { Star } from 'lucide-react';
import { useId } from 'react';
import { cn } from './cn.ts';
import { countLabel } from '../lib/plural.ts';

// Stars (issue 22): a read-only row (one accessible name: '4.5 out of 5 stars') and a 1-to-5 input
// that is a real radio group: one tab stop, arrow keys move and choose, each star has its label.

const STAR_COUNT = 5;

/** A read-only row of stars; partly filled stars show the fraction. */
export function Stars({ value, size = 'sm', className }: { value: number; size?: 'sm' | 'md'; className?: string }) {
  const px = size === 'sm' ? 'h-4 w-4' : 'h-5 w-5';
  const rounded = Math.round(value * 10) / 10;
  return (
    <span role="img" aria-label={`${rounded} out of ${STAR_COUNT} stars`} className={cn('inline-flex items-center gap-0.5', className)}>
      {[0, 1, 2, 3, 4].map((i) => {
        const fill = Math.max(0, Math.min(1, value - i));
        return (
          <span key={`star-${i + 1}`} className={cn('relative inline-block', px)}>
            <Star className={cn('absolute inset-0 text-line', px)} fill="currentColor" strokeWidth={0} aria-hidden="true" />
            {fill > 0 && (
              <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                <Star className={cn('text-amber-500', px)} fill="currentColor" strokeWidth={0} aria-hidden="true" />
              </span>
            )}
          </span>
        );
      })}
    </span>
  );
}

const STAR_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

/**
 * A 1-to-5 star choice as a radio group named by `labelId` (the criterion's label). Native radios
 * give the keyboard behaviour (Tab in, arrows to move and choose); the stars are their labels.
 */
export function StarInput({
  name,
  value,
  onChange,
  labelId,
  describedBy,
  invalid,
  disabled,
}: {
  name: string;
  value: number | null;
  onChange: (stars: number) => void;
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
}) {
  const uid = useId();
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      className="flex items-center sm:gap-1"
    >
      {Array.from({ length: STAR_COUNT }, (_, i) => {
        const stars = i + 1;
        const id = `${uid}-${stars}`;
        const lit = value !== null && stars <= value;
        return (
          <span key={stars} className="relative">
            <input
              type="radio"
              id={id}
              name={name}
              value={stars}
              checked={value === stars}
              disabled={disabled}
              onChange={() => onChange(stars)}
              className="peer absolute inset-0 h-full w-full cursor-pointer opacity-0"
            />
            <label
              htmlFor={id}
              className={cn(
                // 40 px wide on phones (five stars and the word fit a 375 px dialog), 44 tall: above WCAG's 24 px target.
                'flex h-11 w-10 cursor-pointer items-center justify-center rounded-xl transition-colors sm:w-11',
                'peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 peer-focus-visible:ring-offset-1 hover:bg-amber-50',
              )}
            >
              {/* An unlit star is an outline in the muted colour (3:1 against white), a lit one filled. */}
              <Star
                className={cn('h-7 w-7', lit ? 'text-amber-500' : 'text-muted')}
                fill={lit ? 'currentColor' : 'none'}
                strokeWidth={lit ? 0 : 1.5}
                aria-hidden="true"
              />
              <span className="sr-only">
                {countLabel(stars, 'star')}, {STAR_WORDS[stars]}
              </span>
            </label>
          </span>
        );
      })}
      <span aria-hidden="true" className="ml-2 w-20 shrink-0 text-sm font-medium text-muted">
        {value ? STAR_WORDS[value] : ''}
      </span>
    </div>
  );
}
