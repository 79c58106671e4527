import {
  CALL_TIMEOUT_MS,
  type Endpoint,
  type Multipart,
  REFRESH_TIMEOUT_MS,
  ROUTES,
  type RequestOf,
  type ResponseOf,
  type UploadFieldsOf,
  type UploadFilesOf,
  type api,
} from '@talentloop/contract';
import { API_PREFIX, fillPath } from '@talentloop/contract/api/define';
import { INVALID_ORIGIN, NO_ACCESS_TOKEN } from '@talentloop/contract/validation/session-messages';
import { sessionStore } from './session-store.ts';

// spec: auth-onboarding §4 Session, §7 Calls. The access token is held here, in memory only.

export const API_BASE: string = import.meta.env.VITE_API_BASE ?? API_PREFIX;

/** A failed call: HTTP status plus the server's body ({status, responseCode, responseMessage}). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: { responseCode?: string; responseMessage?: string } | undefined;
  constructor(status: number, body: { responseCode?: string; responseMessage?: string } | undefined, message?: string) {
    super(message ?? body?.responseMessage ?? `Request failed (${status})`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
  get code(): string | undefined {
    return this.body?.responseCode;
  }
  /** No answer from the server at all (offline, timeout). */
  get isNetwork(): boolean {
    return this.status === 0;
  }
}

let accessToken: string | null = null;
let lastRefreshAt = 0;
let refreshing: Promise<ResponseOf<typeof api.refresh>> | null = null;
let onSessionLost: () => void = () => {};

export const tokenState = {
  get: () => accessToken,
  lastRefreshAt: () => lastRefreshAt,
  set(token: string | null) {
    accessToken = token;
    if (token) lastRefreshAt = Date.now();
  },
};

/** What to do when the session cannot be renewed (clear and go to /login). */
export function setSessionLostHandler(handler: () => void) {
  onSessionLost = handler;
}

type CallOptions = {
  /** Query parameters; an array repeats the name (`skill=a&skill=b`), undefined and '' are left out. */
  query?: Record<string, string | number | readonly string[] | undefined>;
  /** Values of the path's `:name` parameters, encoded here. */
  params?: Record<string, string>;
  formData?: FormData;
  signal?: AbortSignal;
};

async function send(
  endpoint: Pick<Endpoint, 'method' | 'path' | 'auth'>,
  body: unknown,
  opts: CallOptions,
  timeoutMs: number,
): Promise<Response> {
  const url = new URL(API_BASE + fillPath(endpoint.path, opts.params), window.location.origin);
  for (const [k, v] of Object.entries(opts.query ?? {})) {
    for (const one of Array.isArray(v) ? v : [v]) if (one !== undefined && one !== '') url.searchParams.append(k, String(one));
  }
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (endpoint.auth && accessToken) headers.Authorization = `Bearer ${accessToken}`;
  let payload: BodyInit | undefined;
  if (opts.formData) payload = opts.formData;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const signals = [AbortSignal.timeout(timeoutMs), ...(opts.signal ? [opts.signal] : [])];
  try {
    return await fetch(url, {
      method: endpoint.method,
      headers,
      body: payload,
      credentials: 'include',
      signal: AbortSignal.any(signals),
    });
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    throw new ApiError(0, undefined, 'Failed to connect to server. Please try again later.');
  }
}

async function parse<E extends Endpoint>(res: Response): Promise<ResponseOf<E>> {
  const data = await res.json().catch(() => undefined);
  if (!res.ok) throw new ApiError(res.status, data);
  return data as ResponseOf<E>;
}

/**
 * Renews the access token from the refresh cookie. Concurrent callers share one request.
 * spec: §4 Session, §8 Session errors.
 */
export function refreshSession(): Promise<ResponseOf<typeof api.refresh>> {
  refreshing ??= (async () => {
    try {
      const res = await send(ROUTES.refresh, undefined, {}, REFRESH_TIMEOUT_MS);
      const allowed = res.headers.get('Access-Control-Allow-Origin');
      if (allowed && allowed !== '*' && allowed !== window.location.origin) throw new ApiError(res.status, undefined, INVALID_ORIGIN);
      const data = await parse<typeof api.refresh>(res);
      if (!data.accessToken) throw new ApiError(res.status, undefined, NO_ACCESS_TOKEN);
      tokenState.set(data.accessToken);
      const { accessToken: _t, status: _s, responseCode: _c, ...user } = data;
      sessionStore.setUser(user);
      return data;
    } catch (err) {
      if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
        tokenState.set(null);
        onSessionLost();
      }
      throw err;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/** Calls an endpoint of the contract. A 401 on a protected call triggers one shared refresh and one retry. */
export async function call<E extends Endpoint>(endpoint: E, body?: RequestOf<E>, opts: CallOptions = {}): Promise<ResponseOf<E>> {
  const res = await send(endpoint, body, opts, CALL_TIMEOUT_MS);
  if (res.status === 401 && endpoint.auth) {
    await refreshSession();
    return parse<E>(await send(endpoint, body, opts, CALL_TIMEOUT_MS));
  }
  return parse<E>(res);
}

/** What an upload sends: its declared text fields (JSON fields as values) and files by part name. */
export type UploadInput<E extends Endpoint> = { fields?: Partial<UploadFieldsOf<E>>; files?: UploadFilesOf<E> };

/**
 * The multipart body of an upload, built from the endpoint's declaration (the same one the server
 * reads it by, issue 19): each declared field (JSON fields as JSON text), then each declared
 * file part, several files repeating the name. Anything not declared is left out.
 */
export function toFormData(multipart: Multipart, input: { fields?: object; files?: object }): FormData {
  const form = new FormData();
  const fields = (input.fields ?? {}) as Record<string, unknown>;
  const files = (input.files ?? {}) as Record<string, Blob | readonly Blob[] | null | undefined>;
  for (const [name, field] of Object.entries(multipart.fields)) {
    const value = fields[name];
    if (value !== undefined) form.append(name, field.type === 'json' ? JSON.stringify(value) : String(value));
  }
  for (const name of Object.keys(multipart.files)) {
    const value = files[name];
    for (const file of value ? (Array.isArray(value) ? value : [value as Blob]) : []) form.append(name, file);
  }
  return form;
}

/** Calls a multipart endpoint of the contract: the body is built from its declaration (toFormData). */
export function upload<E extends Endpoint & { multipart: Multipart }>(
  endpoint: E,
  input: UploadInput<E>,
  opts: Omit<CallOptions, 'formData' | 'query'> = {},
): Promise<ResponseOf<E>> {
  return call(endpoint, undefined, { ...opts, formData: toFormData(endpoint.multipart, input) });
}

/**
 * `call` by method and path alone (an entry of the contract's ROUTES), typed by the endpoint given
 * as E: screens that must not load the schema library up front (login, sign-up) call this.
 */
export function callRoute<E extends Endpoint>(
  route: Pick<E, 'method' | 'path' | 'auth'>,
  body?: RequestOf<E>,
  opts: CallOptions = {},
): Promise<ResponseOf<E>> {
  return call(route as E, body, opts);
}

/** Stores what a sign-in answered: token in memory, user in the session store. */
export function acceptSession(data: {
  accessToken?: string;
  email?: string;
  emailId?: string;
  firstName?: string;
  lastName?: string;
  profilePhotoUrl?: string | null;
  roles?: string[];
  onBoardingStage?: string | null;
}) {
  if (!data.accessToken) throw new ApiError(200, undefined, NO_ACCESS_TOKEN);
  tokenState.set(data.accessToken);
  sessionStore.setUser({
    email: data.email ?? data.emailId ?? '',
    firstName: data.firstName ?? '',
    lastName: data.lastName ?? '',
    profilePhotoUrl: data.profilePhotoUrl ?? null,
    roles: data.roles ?? [],
    onBoardingStage: data.onBoardingStage ?? null,
  });
}

export async function logout(): Promise<void> {
  try {
    await send(ROUTES.logout, undefined, {}, REFRESH_TIMEOUT_MS);
  } catch {
    // the local session is cleared regardless
  }
  tokenState.set(null);
  sessionStore.clear();
}
