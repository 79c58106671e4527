import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

type Loaded = (values: FieldValues, context: unknown, options: Parameters<Resolver>[2]) => ReturnType<Resolver>;

/**
 * A react-hook-form resolver whose zod schema (and zod itself) loads on its own, not with the page:
 * the form renders without it, `preload()` fetches it right after the first paint, and a check that
 * comes first simply waits for it. The schema is the contract's, so a form-valid input is still a
 * wire-valid one (issue 12, first-load JS).
 */
export function lazyZodResolver<S extends z.ZodType<FieldValues, FieldValues>>(load: () => Promise<S>) {
  let loading: Promise<Loaded> | null = null;
  const get = () => {
    loading ??= Promise.all([import('@hookform/resolvers/zod'), load()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as unknown as Loaded,
      (err) => {
        loading = null;
        throw err;
      },
    );
    return loading;
  };
  const resolver: Resolver<z.input<S>, unknown, z.output<S>> = async (values, context, options) =>
    (await get())(values, context, options as unknown as Parameters<Resolver>[2]) as never;
  return Object.assign(resolver, {
    /** Starts the download; a failed one is tried again at the next check. */
    preload: () => {
      get().catch(() => {});
    },
  });
}
