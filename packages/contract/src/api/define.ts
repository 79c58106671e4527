import type { z } from 'zod';
import type { ErrorCode } from '../errors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call an endpoint. */
export type Role = 'freelancer' | 'client' | 'operator';
/**
 * `'public'`: anyone (no token needed). A list of roles: a signed-in user holding one of them.
 * The shared route registration refuses an endpoint that declares neither (denied by default).
 */
export type Access = 'public' | readonly Role[];

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
  /** Who may call it (see Access). Required: an endpoint that names no role and no public flag is refused. */
  access: Access;
  body?: z.ZodType;
  query?: z.ZodType;
  response: z.ZodType;
  tag: string;
  /** A multipart upload (no JSON body): it may also answer 413 and 415 and the per-account upload limit (429). */
  upload?: boolean;
  /**
   * Catalogue codes this endpoint answers beyond the ones every endpoint of its kind may answer
   * (validation, access, limits, 500, 503: see error-responses.ts); listed in the OpenAPI document.
   */
  errors?: readonly ErrorCode[];
};

export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

export const ROLES: readonly Role[] = ['freelancer', 'client', 'operator'];

/** True when `access` is a valid declaration: 'public', or a non-empty list of known roles. */
export function isValidAccess(access: unknown): access is Access {
  if (access === 'public') return true;
  return Array.isArray(access) && access.length > 0 && access.every((r) => ROLES.includes(r as Role));
}

/** Whether a caller holding `roles` may use an endpoint with this access (public: anyone). */
export function allows(access: Access, roles: readonly string[] | undefined): boolean {
  if (access === 'public') return true;
  return !!roles && access.some((role) => roles.includes(role));
}

export type RequestOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;
