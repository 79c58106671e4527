import { z } from 'zod';

// Checks across fields that run as soon as the fields they read are valid, even while other fields
// still fail. A plain `.superRefine` on the object is skipped once a field's issue aborts (a
// required field's `abort: true`, a wrong type), and its `when` option does not overrule that, so a
// form showed its errors one Save at a time (issue 19: every form shows all its errors at once).

/**
 * The check as a schema of its own, to intersect with `schema` (`schema.and(crossCheck(...))`, or
 * several): it reads the named fields as `schema` parses them, runs `check` when they are valid,
 * and yields {}, so the parsed value and the fields' own issues are `schema`'s alone.
 */
export function crossCheck<S extends z.ZodObject, K extends keyof z.output<S> & string>(
  schema: S,
  fields: readonly K[],
  check: (values: Pick<z.output<S>, K>, ctx: z.RefinementCtx) => void,
) {
  const picked = schema.pick(Object.fromEntries(fields.map((f) => [f, true])) as never);
  const part = z.preprocess((raw, ctx) => {
    const parsed = picked.safeParse(raw);
    if (parsed.success) check(parsed.data as Pick<z.output<S>, K>, ctx);
    return {};
  }, z.object({}));
  // Typed as adding nothing, so `schema.and(part)` keeps `schema`'s input and output types.
  return part as unknown as z.ZodType<object, unknown>;
}

/** `schema` with one such check. */
export function withCrossCheck<S extends z.ZodObject, K extends keyof z.output<S> & string>(
  schema: S,
  fields: readonly K[],
  check: (values: Pick<z.output<S>, K>, ctx: z.RefinementCtx) => void,
) {
  return schema.and(crossCheck(schema, fields, check));
}
