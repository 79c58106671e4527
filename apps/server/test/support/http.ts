import type { Endpoint, ErrorBody, Multipart, ResponseOf } from '@talentloop/contract';
import { expect } from 'vitest';
import type { z } from 'zod';

// HTTP from the tests: `call` for an endpoint of the contract (typed input and answer), `request`
// for anything else (a page, a raw or malformed body, a path outside the contract).

// Response bodies are JSON of many shapes; tests read fields and assert on them.
// biome-ignore lint/suspicious/noExplicitAny: test code reads arbitrary JSON fields
export type Json = any;

export type ApiResponse = {
  status: number;
  body: Json;
  headers: Headers;
  /** Cookies the response set, by name: value and the whole Set-Cookie line. */
  cookies: Map<string, { value: string; raw: string }>;
};

export type RequestOptions = {
  json?: unknown;
  /** A raw body (sent as is, with the given headers). */
  body?: string;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
};

function parseSetCookies(headers: Headers): ApiResponse['cookies'] {
  const cookies = new Map<string, { value: string; raw: string }>();
  for (const raw of headers.getSetCookie()) {
    const [pair = ''] = raw.split(';');
    const eq = pair.indexOf('=');
    cookies.set(pair.slice(0, eq).trim(), { value: decodeURIComponent(pair.slice(eq + 1).trim()), raw });
  }
  return cookies;
}

export async function request(baseUrl: string, method: string, path: string, opts: RequestOptions = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...opts.headers };
  let body: string | undefined = opts.body;
  if (opts.json !== undefined) {
    body = JSON.stringify(opts.json);
    headers['content-type'] ??= 'application/json';
  }
  if (opts.cookies) {
    headers.cookie = Object.entries(opts.cookies)
      .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
      .join('; ');
  }
  const res = await fetch(`${baseUrl}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: Json = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {}
  return { status: res.status, body: parsed, headers: res.headers, cookies: parseSetCookies(res.headers) };
}

// ---------------------------------------------------------------------------------------------
// Typed calls from the contract

/** The names of a path's parameters: `/public/talent/:slug` → `'slug'`. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/**
 * What a call of endpoint `E` sends: `params` for the path's `:name` parts, `body` (JSON) when it
 * has a body schema, `query` when it has a query schema, each typed from the contract.
 */
export type CallInput<E extends Endpoint> = ([ParamNames<E['path']>] extends [never]
  ? { params?: undefined }
  : { params: Record<ParamNames<E['path']>, string | number> }) &
  (E['body'] extends z.ZodType ? { body: z.input<E['body']> } : { body?: undefined }) &
  (E['query'] extends z.ZodType ? { query?: z.input<E['query']> } : { query?: undefined });

export type CallOptions = {
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** Cookies by name (the app's own code cookie is sent otherwise, as a browser would). */
  cookies?: Record<string, string>;
  headers?: Record<string, string>;
};

/** A 2xx answer: the body is the endpoint's response schema. */
export type Success<E extends Endpoint> = Omit<ApiResponse, 'body'> & { ok: true; body: ResponseOf<E> };
/** Any other answer: the catalogue's failure envelope. */
export type Failure = Omit<ApiResponse, 'body'> & { ok: false; body: ErrorBody };
export type CallResult<E extends Endpoint> = Success<E> | Failure;

/** Where a call goes: a TestApp (its browser's code cookie kept) or any server by its base URL. */
export type Target = { baseUrl: string; send?: (method: string, path: string, opts?: RequestOptions) => Promise<ApiResponse> };

/**
 * Input deliberately outside the contract's types, for tests that prove bad input is refused:
 * `call(app, savePrivacy, { body: invalid({ visibility: 'everyone' }) })`.
 */
export const invalid = (value: unknown): never => value as never;

/** `/api` + the endpoint's path with its `:name` parts filled from `params` (encoded). */
export function pathOf(endpoint: Endpoint, params: Record<string, string | number> = {}, query?: unknown): string {
  const filled = endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`call ${endpoint.method} ${endpoint.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const qs = search.toString();
  return `/api${filled}${qs ? `?${qs}` : ''}`;
}

/**
 * Calls one endpoint of the contract the way the web client does: method and path from its
 * definition (`:name` parts from `input.params`), a JSON body or a query string, a bearer token
 * and cookies from `opts`. The answer's body is typed as the endpoint's response when `ok` (2xx),
 * the failure envelope otherwise; `expectOk(res)` asserts 2xx and narrows.
 *
 *   import { exportAccount } from '@talentloop/contract/api/account';
 *   const res = await call(app, exportAccount, {}, { token: user.accessToken });
 */
// The input may be left out when nothing in it is required (no path parameters, no body).
export async function call<E extends Endpoint>(
  target: Target,
  endpoint: E,
  ...[input, opts]: Partial<CallInput<E>> extends CallInput<E>
    ? [input?: CallInput<E>, opts?: CallOptions]
    : [input: CallInput<E>, opts?: CallOptions]
): Promise<CallResult<E>> {
  const { params, body, query } = (input ?? {}) as { params?: Record<string, string | number>; body?: unknown; query?: unknown };
  const headers: Record<string, string> = { ...opts?.headers };
  if (opts?.token) headers.authorization = `Bearer ${opts.token}`;
  // A POST or PUT without a body schema still sends `{}`, as the web client does.
  const json = body ?? (endpoint.method === 'POST' || endpoint.method === 'PUT' ? {} : undefined);
  const path = pathOf(endpoint, params, query);
  const requestOpts: RequestOptions = { json, headers, cookies: opts?.cookies };
  const res = target.send
    ? await target.send(endpoint.method, path, requestOpts)
    : await request(target.baseUrl, endpoint.method, path, requestOpts);
  return { ...res, ok: res.status >= 200 && res.status < 300 } as CallResult<E>;
}

/** A file part of a multipart call. */
export type FilePart = { data: Buffer; name: string; type: string };

/**
 * What a multipart call of endpoint `E` sends, keyed by its declaration: text fields (a string is
 * sent as is, anything else as JSON text) and files (one or several under a part name).
 */
export type UploadInput<E extends Endpoint & { multipart: Multipart }> = {
  params?: Record<string, string | number>;
  fields?: { [K in keyof E['multipart']['fields']]?: unknown };
  files?: { [K in keyof E['multipart']['files']]?: FilePart | FilePart[] };
};

/** Calls a multipart endpoint of the contract as the web client does (`multipart/form-data`, a bearer token). */
export async function upload<E extends Endpoint & { multipart: Multipart }>(
  target: Target,
  endpoint: E,
  input: UploadInput<E>,
  opts: CallOptions = {},
): Promise<CallResult<E>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(input.fields ?? {})) {
    if (value !== undefined) form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  for (const [name, value] of Object.entries(input.files ?? {}) as Array<[string, FilePart | FilePart[] | undefined]>) {
    for (const file of value === undefined ? [] : Array.isArray(value) ? value : [value]) {
      form.append(name, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
    }
  }
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await fetch(`${target.baseUrl}${pathOf(endpoint, input.params)}`, { method: endpoint.method, headers, body: form });
  const text = await res.text();
  let body: Json = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {}
  return { status: res.status, body, headers: res.headers, cookies: new Map(), ok: res.status >= 200 && res.status < 300 } as CallResult<E>;
}

/** Asserts a 2xx answer (`status`, 200 unless given) and narrows its body to the endpoint's response. */
export function expectOk<E extends Endpoint>(res: CallResult<E> | undefined, status = 200): asserts res is Success<E> {
  expect(res?.status, JSON.stringify(res?.body)).toBe(status);
}

/** The body of a 2xx answer, typed as the endpoint's response; throws (not an assertion) for any other answer. */
export function okBody<E extends Endpoint>(res: CallResult<E>): ResponseOf<E> {
  if (!res.ok) throw new Error(`expected a 2xx answer, got ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

// ---------------------------------------------------------------------------------------------
// Assertions

/** A failure answered with the wire envelope: `{status: 'failure', responseCode, responseMessage}`. */
export function expectFailure(res: Pick<ApiResponse, 'status' | 'body'>, status: number, responseCode: string, label?: string): void {
  expect({ label, status: res.status, body: res.body }).toEqual({
    label,
    status,
    body: { status: 'failure', responseCode, responseMessage: expect.stringMatching(/\S/) },
  });
}
