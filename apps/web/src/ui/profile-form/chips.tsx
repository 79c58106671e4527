import { X } from 'lucide-react';

/** Added entries as removable chips. */
export function Chips({
  label,
  items,
  onRemove,
  disabled,
}: {
  label: string;
  items: Array<{ key: string; name: string; detail: string }>;
  onRemove: (key: string) => void;
  disabled?: boolean;
}) {
  if (items.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {items.map((item) => (
        <li
          key={item.key}
          className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-brand-100 bg-brand-50 py-1 pr-1 pl-3.5 text-sm text-brand-900"
        >
          <span className="font-medium">{item.name}</span>
          <span className="text-brand-700/80">· {item.detail}</span>
          <button
            type="button"
            disabled={disabled}
            onClick={() => onRemove(item.key)}
            aria-label={`Remove ${item.name}`}
            className="ml-0.5 inline-flex h-7 w-7 items-center justify-center rounded-full text-brand-700 hover:bg-brand-100 disabled:opacity-50"
          >
            <X className="h-3.5 w-3.5" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}
