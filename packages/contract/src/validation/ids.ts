// Ids: every record's id is a UUID. One check for the ids a request or a token carries, so a
// malformed one is an unknown record (404, or no session), never a database error.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID in its text form (either case). */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** An id from a path or body: the UUID in lower case (as stored), else null. */
export const uuidOrNull = (value: unknown): string | null => (isUuid(value) ? value.toLowerCase() : null);
