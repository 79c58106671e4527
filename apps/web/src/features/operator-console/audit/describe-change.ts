// How the audit log reads an entry's change: each field that differs between before and after, as
// 'field: old → new'. Values are shown as text (never markup), long ones shortened.

const MAX = 80;

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX ? `${text.slice(0, MAX - 1)}…` : text;
}

const label = (key: string) =>
  key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();

export function describeChange(before: unknown, after: unknown): string[] {
  const b = before && typeof before === 'object' ? (before as Record<string, unknown>) : {};
  const a = after && typeof after === 'object' ? (after as Record<string, unknown>) : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k])).map((k) => `${label(k)}: ${show(b[k])} → ${show(a[k])}`);
}
