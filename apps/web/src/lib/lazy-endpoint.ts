import type { Endpoint, Multipart, RequestOf, ResponseOf } from '@talentloop/contract';
import { type UploadInput, call, upload } from './api-client.ts';

type CallOptions = Parameters<typeof call>[2];

/**
 * `call` for an endpoint whose contract module (zod schemas, the phone metadata) loads on its own,
 * not with the page: the first call fetches the module (the bundler's own cache keeps it), later
 * ones reuse it. The signed-in pages call their endpoints this way so their first-load JS stays
 * small (issue 19; decision 54 did the same for the auth screens' form schemas).
 */
export function callLazy<E extends Endpoint>(load: () => Promise<E>, body?: RequestOf<E>, opts?: CallOptions): Promise<ResponseOf<E>> {
  return load().then((endpoint) => call(endpoint, body, opts));
}

/** `upload` for an endpoint whose contract module loads on its own (as callLazy). */
export function uploadLazy<E extends Endpoint & { multipart: Multipart }>(
  load: () => Promise<E>,
  input: UploadInput<E>,
  opts?: Parameters<typeof upload>[2],
): Promise<ResponseOf<E>> {
  return load().then((endpoint) => upload(endpoint, input, opts));
}
