import { z } from 'zod';
import { ERRORS, type ErrorCode, isErrorCode } from '../errors.ts';
import { type Endpoint, multipartCodes } from './define.ts';

// The failures an endpoint may answer, derived from its definition, so the OpenAPI document lists
// them beside its success response (the server's swagger transform adds them; they never serialize
// a reply). Each failure status is the catalogue's envelope with `responseCode` limited to the
// codes of that status.

/** Every endpoint: the per-address request limit, an unexpected failure, the database unreachable or the instance draining. */
const ALWAYS: readonly ErrorCode[] = ['TL_CORE_00429_E', 'TL_CORE_00500_E', 'TL_CORE_00503_E'];
/** A JSON body: invalid (400), too large (413), not JSON (415); a request body slower than the timeout (408). */
const WITH_BODY: readonly ErrorCode[] = ['TL_CORE_00400_E', 'TL_CORE_00408_E', 'TL_CORE_00413_E', 'TL_CORE_00415_E'];
/** A query string or path parameters: invalid (400). */
const WITH_INPUT: readonly ErrorCode[] = ['TL_CORE_00400_E'];
/** A path naming a resource: not found (404). */
const WITH_PARAMS: readonly ErrorCode[] = ['TL_CORE_00404_E'];
/** Not public: no session (401), a role not listed (403). */
const GUARDED: readonly ErrorCode[] = ['TL_CORE_00401_E', 'TL_CORE_00403_E'];
/** A multipart upload: malformed (400), too many parts (413), not multipart (415), the per-account upload limit (429). */
const UPLOAD: readonly ErrorCode[] = ['TL_CORE_00400_E', 'TL_CORE_00408_E', 'TL_CORE_00413_E', 'TL_CORE_00415_E', 'TL_CORE_10106_E'];

type SchemaNode = { _zod?: { def?: Record<string, unknown> & { error?: unknown; checks?: SchemaNode[] } } };

/** A schema's or check's own error customisation, when it names a catalogue code. */
function ownCode(node: SchemaNode): string | null {
  const error = node._zod?.def?.error;
  if (typeof error !== 'function') return null;
  try {
    const out = (error as (issue: unknown) => unknown)({ input: undefined, code: 'custom' });
    const text = typeof out === 'string' ? out : (out as { message?: unknown } | undefined)?.message;
    return typeof text === 'string' && isErrorCode(text) ? text : null;
  } catch {
    return null;
  }
}

/**
 * The catalogue codes a request schema answers for bad input: every code its fields and checks name
 * as their error (`z.string({ error: 'TL_CORE_01026_E' }).min(1, 'TL_CORE_01026_E')`), found by
 * walking the schema, so a field's code is documented where the field is (issue 32: the document
 * listed 400 TL_CORE_00400_E where the server answered the field's own code).
 */
export function schemaCodes(schema: unknown): ErrorCode[] {
  const found = new Set<ErrorCode>();
  const seen = new Set<unknown>();
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    const def = (node as SchemaNode)._zod?.def;
    if (!def) return;
    const own = ownCode(node as SchemaNode);
    if (own) found.add(own as ErrorCode);
    for (const check of def.checks ?? []) {
      const code = ownCode(check);
      if (code) found.add(code as ErrorCode);
    }
    const shape = def.shape as Record<string, unknown> | undefined;
    if (shape) for (const child of Object.values(shape)) walk(child);
    for (const key of ['innerType', 'in', 'out', 'element', 'left', 'right', 'valueType', 'keyType', 'catchall', 'rest']) walk(def[key]);
    for (const key of ['options', 'items']) if (Array.isArray(def[key])) for (const child of def[key] as unknown[]) walk(child);
  };
  walk(schema);
  return [...found];
}

/** The catalogue codes an endpoint may answer, by HTTP status (ascending, each list sorted). */
export function errorCodesOf(endpoint: Endpoint): Map<number, ErrorCode[]> {
  const codes = new Set<ErrorCode>(ALWAYS);
  const add = (list: readonly ErrorCode[]) => {
    for (const code of list) codes.add(code);
  };
  if (endpoint.body) add([...WITH_BODY, ...schemaCodes(endpoint.body)]);
  if (endpoint.query) add([...WITH_INPUT, ...schemaCodes(endpoint.query)]);
  if (endpoint.path.includes(':')) add([...WITH_INPUT, ...WITH_PARAMS]);
  if (endpoint.access !== 'public' || endpoint.auth) add(GUARDED);
  if (endpoint.multipart) add([...UPLOAD, ...multipartCodes(endpoint.multipart)]);
  add(endpoint.errors ?? []);
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of [...codes].sort()) {
    const status = ERRORS[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return new Map([...byStatus.entries()].sort((a, b) => a[0] - b[0]));
}

/** The envelope of a failure with one of `codes` (all of one status). */
export function errorEnvelope(codes: readonly [ErrorCode, ...ErrorCode[]]) {
  return z
    .object({
      status: z.literal('failure'),
      responseCode: z.enum(codes),
      responseMessage: z.string(),
    })
    .describe(codes.map((code) => `${code}: ${ERRORS[code].title}`).join('; '));
}

/** The failure responses of an endpoint, by status, for the OpenAPI document. */
export function errorResponsesOf(endpoint: Endpoint): Record<number, z.ZodType> {
  const out: Record<number, z.ZodType> = {};
  for (const [status, codes] of errorCodesOf(endpoint)) {
    const [first, ...rest] = codes;
    if (first) out[status] = errorEnvelope([first, ...rest]);
  }
  return out;
}
