/**
 * A React key for a form seeded from a query's data: it changes when the data does, and not when a
 * background refetch answers with the same data. TanStack Query keeps the previous object when a
 * refetch returns equal data (structural sharing), so the object's identity is the key. Keying on
 * `dataUpdatedAt` instead remounts the form on every refetch, and a form mounted from cached data
 * refetches at once: whatever the user typed meanwhile was lost.
 */
const keys = new WeakMap<object, number>();
let last = 0;

export function loadKey(data: unknown): number {
  if (typeof data !== 'object' || data === null) return 0;
  let key = keys.get(data);
  if (key === undefined) {
    last += 1;
    key = last;
    keys.set(data, key);
  }
  return key;
}
