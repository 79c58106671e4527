import { FlaskConical } from 'lucide-react';

/** Above a profile made by `npm run seed:demo`: it is made up, whoever looks at it. */
export function DemoNote() {
  return (
    <p className="mb-4 flex items-center gap-2 rounded-xl bg-warning-soft px-4 py-3 text-sm text-ink">
      <FlaskConical className="h-4 w-4 shrink-0 text-warning" aria-hidden="true" />
      <span>
        <strong className="font-semibold">Demo profile.</strong> Made up to show the product; this person does not exist.
      </span>
    </p>
  );
}
