/** Placeholder sized like a step's form while its saved data loads. */
export function StepSkeleton() {
  return (
    <div className="animate-pulse space-y-8">
      <span className="sr-only" role="status">
        Loading…
      </span>
      {[0, 1, 2].map((block) => (
        <div key={block} className="space-y-4">
          <div className="h-4 w-40 rounded bg-line" />
          <div className="grid gap-4 md:grid-cols-2">
            <div className="space-y-2">
              <div className="h-3.5 w-24 rounded bg-line" />
              <div className="h-11 rounded-xl bg-surface" />
            </div>
            <div className="space-y-2">
              <div className="h-3.5 w-24 rounded bg-line" />
              <div className="h-11 rounded-xl bg-surface" />
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}
