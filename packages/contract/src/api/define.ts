import type { z } from 'zod';
import type { ErrorCode } from '../errors.ts';

/** Where the server mounts every endpoint: an endpoint's path is relative to it. */
export const API_PREFIX = '/api';

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
  /**
   * The path's `:name` parameters, one key each (a contract test holds the two in step); the shared
   * route registration validates them and the OpenAPI document lists them.
   */
  params?: z.ZodObject;
  response: z.ZodType;
  tag: string;
  /**
   * A multipart upload (no JSON body): its fields, files and part limits, read on the server by one
   * module (http/multipart.ts) and built on the web by the api client from this same declaration.
   * It may also answer 413 and 415 and the per-account upload limit (429), plus its files' codes.
   */
  multipart?: Multipart;
  /**
   * An endpoint that answers a file's bytes, not JSON: the Content-Type is one of `types` (the
   * stored file's), `response` documents the bytes, and the server's handler sends them itself.
   */
  download?: { types: readonly string[] };
  /**
   * Catalogue codes this endpoint answers beyond the ones every endpoint of its kind may answer
   * (validation, access, limits, 500, 503: see error-responses.ts); listed in the OpenAPI document.
   */
  errors?: readonly ErrorCode[];
};

/** A kind of file an upload may accept, decided from the bytes (never the name or the declared type). */
export type FileKind = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | 'pdf' | 'doc' | 'docx';

/** A text part of a multipart body: JSON text parsed, then checked by its schema; or plain text checked by its schema. */
export type MultipartField =
  | {
      type: 'json';
      schema: z.ZodType;
      /** Answered when the text is missing or is not JSON. */
      malformed: ErrorCode;
      description: string;
    }
  | { type: 'text'; schema: z.ZodType; description: string };

/** A file part of a multipart body. */
export type MultipartFile = {
  kinds: readonly FileKind[];
  /** Each file is cut off at this size while it streams in (`tooLarge`). */
  maxBytes: number;
  maxCount: number;
  /** A required file that is absent or empty answers `missing`. */
  required: boolean;
  tooLarge: ErrorCode;
  /** Bytes that are none of `kinds`. */
  wrongKind: ErrorCode;
  missing?: { code: ErrorCode; message?: string };
  description: string;
};

export type Multipart = {
  /** Text parts by name; parts not named here are ignored. JSON fields are parsed one by one, text fields together as one object. */
  fields: Record<string, MultipartField>;
  files: Record<string, MultipartFile>;
  /** Counts and sizes over the whole body: more parts, fields or files answer 413 (`tooManyFiles` for files when given). */
  limits: { parts: number; fields: number; files: number; fieldBytes: number; tooManyFiles?: ErrorCode };
  /** A file part not declared, or beyond its `maxCount`: read and dropped, or refused (400). */
  otherFiles: 'drop' | 'refuse';
  /** What the body carries, for the 415 message ("Send the photo as multipart/form-data."). */
  what?: string;
};

/** The catalogue codes a multipart declaration answers for its own fields and files. */
export function multipartCodes(multipart: Multipart): ErrorCode[] {
  const codes = new Set<ErrorCode>();
  for (const field of Object.values(multipart.fields)) if (field.type === 'json') codes.add(field.malformed);
  for (const file of Object.values(multipart.files)) {
    codes.add(file.tooLarge);
    codes.add(file.wrongKind);
    if (file.missing) codes.add(file.missing.code);
  }
  if (multipart.limits.tooManyFiles) codes.add(multipart.limits.tooManyFiles);
  return [...codes];
}

const PATH_PARAM = /:([A-Za-z][A-Za-z0-9]*)/g;

/** The `:name` parameters of a path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(PATH_PARAM)].map((m) => m[1] as string);
}

/**
 * The endpoint's path with its `:name` parameters filled in, each encoded (relative to the API
 * base, like the path). A missing value is a bug in the caller: it throws.
 */
export function fillPath(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(PATH_PARAM, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}

/** The fixed start of a path, up to its first `:name` parameter ('/files/:id' gives '/files/'). */
export function pathPrefix(path: string): string {
  const at = path.indexOf(':');
  return at === -1 ? path : path.slice(0, at);
}

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
/** The text fields of a multipart endpoint, as the caller gives them (JSON fields as values, serialized by the client). */
export type UploadFieldsOf<E extends Endpoint> = E['multipart'] extends Multipart
  ? { [K in keyof E['multipart']['fields']]: z.input<E['multipart']['fields'][K]['schema']> }
  : never;
/** The files of a multipart endpoint by part name: one file or several (each appended under the same name). */
export type UploadFilesOf<E extends Endpoint> = E['multipart'] extends Multipart
  ? { [K in keyof E['multipart']['files']]?: Blob | readonly Blob[] | null }
  : never;
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;
