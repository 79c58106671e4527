import { z } from 'zod';
import type { ErrorCode } from '../errors.ts';

// Ids: every record's id is a UUID. One check for the ids a request or a token carries, so a
// malformed one is an unknown record (404, or no session), never a database error.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// The same, without a flag (a JSON Schema pattern has none): the OpenAPI document shows it.
const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** True for a UUID in its text form (either case). */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** An id from a path or body: the UUID in lower case (as stored), else null. */
export const uuidOrNull = (value: unknown): string | null => (isUuid(value) ? value.toLowerCase() : null);

/**
 * A path's id parameter, typed at the edge: a UUID, lower-cased (as stored). Anything else answers
 * `notFound`, the endpoint's own catalogue 404 (the route's validation reads a catalogue code as the
 * issue's message and answers it), never a 400: a malformed id names no record, like another
 * user's. Handlers get a `string` they pass on as is; no service parses it again.
 */
export function uuidParam(notFound: ErrorCode, description = 'A UUID; anything else is not found') {
  const schema = uuidSchema(notFound, description);
  NOT_FOUND.set(schema, notFound);
  return schema;
}

/**
 * An id in a request body, typed at the edge as `uuidParam` types a path's: a UUID, lower-cased;
 * anything else answers `notFound`, the endpoint's own catalogue 404 (the id names no record the
 * caller has), never a 400 and never a database error. `required` is the message of a missing one
 * (or of one that is not text). Services take the `string` as it is and never parse it again.
 */
export function uuidField(notFound: ErrorCode, opts: { required?: string; description?: string } = {}) {
  return uuidSchema(notFound, opts.description ?? 'A UUID; anything else is not found', opts.required);
}

function uuidSchema(notFound: ErrorCode, description: string, required?: string) {
  return (required === undefined ? z.string() : z.string({ error: required }))
    .regex(UUID_PATTERN, { message: notFound })
    .transform((id) => id.toLowerCase())
    .meta({ description });
}

const NOT_FOUND = new WeakMap<z.ZodType, ErrorCode>();

/** The catalogue code a `uuidParam` answers for a malformed id; undefined for any other schema (tests list them). */
export const notFoundOf = (schema: unknown): ErrorCode | undefined => NOT_FOUND.get(schema as z.ZodType);
