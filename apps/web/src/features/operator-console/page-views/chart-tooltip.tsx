// The page-views chart's tooltip (issue 32): recharts' own writes each line's name and number in the
// line's colour, and the lighter ones (the grey 'Other') are below WCAG AA's 4.5:1 on white. Here
// the text is the theme's ink and each line's colour is a swatch beside it (a graphic: 3:1).

export type TooltipItem = { name: string; value: number; colour: string; dashed?: boolean };

export function ChartTooltip({ title, items }: { title: string; items: readonly TooltipItem[] }) {
  const sorted = [...items].sort((a, b) => b.value - a.value);
  return (
    <div className="rounded-xl border border-line bg-white px-3 py-2 text-xs text-ink shadow-md">
      <p className="font-semibold">{title}</p>
      <ul className="mt-1.5 space-y-1">
        {sorted.map((item) => (
          <li key={item.name} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              data-swatch=""
              className="inline-block h-0 w-3 shrink-0 border-t-2"
              style={{ borderColor: item.colour, borderTopStyle: item.dashed ? 'dashed' : 'solid' }}
            />
            <span className="min-w-0 flex-1 truncate">{item.name}</span>
            <span className="font-medium tabular-nums">{new Intl.NumberFormat('en').format(item.value)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
