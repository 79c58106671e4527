import { RotateCcw } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Button } from '../button.tsx';

// The parts every profile-editor section shares: the card with its heading, the loading skeleton,
// the load error, the 'changed elsewhere' notice with its reload action, and the Save bar.
// spec: profile-company §4 Freelancer editor, general

export const SAVING_LABEL = 'Saving...';
export const STALE_MESSAGE = 'This section was changed elsewhere. Reload it to see the latest version.';

/** A section of the editor: a card headed by the section's name (the page's h2). */
export function EditorSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-sm sm:p-6">
      <div className="mb-5 border-b border-line pb-4">
        <h2 id={`${id}-heading`} className="text-lg font-bold tracking-tight text-ink">
          {title}
        </h2>
        {description && <p className="mt-1 text-sm text-muted">{description}</p>}
      </div>
      {children}
    </section>
  );
}

/** Placeholder sized like a section's form while it loads. */
export function SectionSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="animate-pulse space-y-6" data-testid="section-skeleton">
      <span className="sr-only" role="status">
        Loading…
      </span>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder rows
        <div key={i} className="grid gap-4 md:grid-cols-2">
          <div className="space-y-2">
            <div className="h-3.5 w-24 rounded bg-line" />
            <div className="h-11 rounded-xl bg-surface" />
          </div>
          <div className="space-y-2">
            <div className="h-3.5 w-24 rounded bg-line" />
            <div className="h-11 rounded-xl bg-surface" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** A section that failed to load: the spec's message and a retry (the one load-error part). */
export { LoadError as SectionLoadError } from '../section-boundary.tsx';

/** A save refused because the section was saved elsewhere since it was loaded: say so, offer the reload. */
export function StaleNotice({ onReload, reloading }: { onReload: () => void; reloading?: boolean }) {
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-danger/30 bg-danger-soft p-4 sm:flex-row sm:items-center sm:justify-between">
      <div role="alert" className="text-sm font-medium text-danger">
        {STALE_MESSAGE}
      </div>
      <Button variant="secondary" onClick={onReload} pending={reloading} className="shrink-0">
        {!reloading && <RotateCcw className="h-4 w-4" aria-hidden="true" />}
        Reload section
      </Button>
    </div>
  );
}

// The section (by its heading's id) whose save is running or has just ended: it outlives a remount.
let justSaved: string | null = null;

/** The Save button of a section: disabled until something changed, 'Saving...' while saving. */
export function SaveBar({
  dirty,
  saving,
  onSave,
  children,
}: {
  dirty: boolean;
  saving: boolean;
  /** Without it the button submits its form. */
  onSave?: () => void;
  /** Shown at the start of the bar (e.g. a note). */
  children?: ReactNode;
}) {
  // The form is disabled while it saves and Save is disabled after it (nothing changed since); the
  // section may also remount its form with the saved data. Either way focus would be left on the page
  // body: once a save has ended it goes to the section's heading instead (issue 12). Focus the user
  // has put elsewhere stays where it is.
  const bar = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const headingId = bar.current?.closest('[aria-labelledby$="-heading"]')?.getAttribute('aria-labelledby');
    if (!headingId) return;
    if (saving) {
      justSaved = headingId;
      return;
    }
    if (justSaved !== headingId || dirty) return;
    justSaved = null;
    const active = document.activeElement;
    const heading = document.getElementById(headingId);
    if (heading && (!active || active === document.body || active === button.current)) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
  }, [saving, dirty]);
  return (
    <div ref={bar} className="flex flex-col-reverse gap-3 border-t border-line pt-5 sm:flex-row sm:items-center sm:justify-between">
      <div className="text-sm text-muted">{children ?? (dirty && !saving ? 'You have unsaved changes.' : null)}</div>
      <Button
        ref={button}
        type={onSave ? 'button' : 'submit'}
        onClick={onSave}
        disabled={!dirty}
        pending={saving}
        className="w-full sm:w-auto sm:min-w-32"
      >
        {saving ? SAVING_LABEL : 'Save'}
      </Button>
    </div>
  );
}
