import { type ApiResponse, type RequestOptions, type TestApp, request } from './helpers.ts';

/**
 * One browser of one person for the auth tests: its own cookie jar (what the server set, sent
 * back on every /api call) and, when the app trusts a proxy, its own client address.
 */
export type Browser = {
  cookies: Map<string, string>;
  get: (path: string, opts?: RequestOptions) => Promise<ApiResponse>;
  post: (path: string, json?: unknown, opts?: RequestOptions) => Promise<ApiResponse>;
};

export function openBrowser(app: TestApp, ip?: string): Browser {
  const cookies = new Map<string, string>();
  const call = async (method: string, path: string, opts: RequestOptions = {}) => {
    const headers = { ...(ip ? { 'x-forwarded-for': ip } : {}), ...opts.headers };
    const res = await request(app.baseUrl, method, path, {
      ...opts,
      headers,
      cookies: { ...Object.fromEntries(cookies), ...opts.cookies },
    });
    for (const [name, { value }] of res.cookies) {
      if (value) cookies.set(name, value);
      else cookies.delete(name);
    }
    return res;
  };
  return {
    cookies,
    get: (path, opts) => call('GET', path, opts),
    post: (path, json, opts) => call('POST', path, { json, ...opts }),
  };
}
