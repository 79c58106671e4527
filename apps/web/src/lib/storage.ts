/** Storage that never throws (private mode, disabled storage). */
function safe(storage: () => Storage) {
  return {
    get(key: string): string | null {
      try {
        return storage().getItem(key);
      } catch {
        return null;
      }
    },
    set(key: string, value: string | null) {
      try {
        if (value === null) storage().removeItem(key);
        else storage().setItem(key, value);
      } catch {
        // storage unavailable: state simply is not persisted
      }
    },
  };
}
export const local = safe(() => window.localStorage);
export const session = safe(() => window.sessionStorage);
