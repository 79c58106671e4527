import { cn } from './cn.ts';

/** A bar of `levels` segments with the level's name, announced politely. */
export function StrengthMeter({ label, index, levels }: { label: string | null; index: number; levels: number }) {
  if (!label) return null;
  const colour = index < levels / 3 ? 'bg-danger' : index < (2 * levels) / 3 ? 'bg-warning' : 'bg-success';
  return (
    <div className="mt-2" aria-live="polite">
      <div className="flex gap-1" aria-hidden="true">
        {Array.from({ length: levels }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed segments
          <span key={i} className={cn('h-1.5 flex-1 rounded-full', i <= index ? colour : 'bg-line')} />
        ))}
      </div>
      <p className="mt-1 text-xs text-muted">
        Password strength: <span className="font-semibold text-ink">{label}</span>
      </p>
    </div>
  );
}
