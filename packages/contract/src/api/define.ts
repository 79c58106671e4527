import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One endpoint, defined once: the server route and the web client both use it, so the wire shape
 * cannot drift. Paths are relative to the API base (`/api`).
 * Wire schemas put a TL_CORE code as the issue message where the spec names one; the server answers
 * that code for the first failing field.
 */
export type Endpoint = {
  method: HttpMethod;
  path: string;
  summary: string;
  /** Needs a Bearer access token. */
  auth: boolean;
  body?: z.ZodType;
  query?: z.ZodType;
  response: z.ZodType;
  tag: string;
};

export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

export type RequestOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;
