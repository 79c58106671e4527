/** Rows of db.execute on either driver (node-postgres answers { rows }, PGlite an array or { rows }). */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
