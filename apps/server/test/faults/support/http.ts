import http from 'node:http';

// HTTP from this process: calls with their timing, a request on a fresh connection, cookies.

// Response bodies are JSON of many shapes; the scenarios read fields and assert on them.
// biome-ignore lint/suspicious/noExplicitAny: test code reads arbitrary JSON fields
export type Json = any;

export type Answer = { status: number; body: Json; headers: Headers; ms: number; setCookies: string[] };

export async function call(
  server: { baseUrl: string },
  method: string,
  pathname: string,
  opts: { json?: unknown; token?: string; cookies?: string; ip?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (opts.json !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.cookies) headers.cookie = opts.cookies;
  if (opts.ip) headers['x-forwarded-for'] = opts.ip;
  const started = Date.now();
  const res = await fetch(`${server.baseUrl}${pathname}`, {
    method,
    headers,
    body: opts.json === undefined ? undefined : JSON.stringify(opts.json),
    signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
  }).catch((err: Error) => {
    throw withServerLog(err, server, `${method} ${pathname}`);
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {}
  return { status: res.status, body, headers: res.headers, ms: Date.now() - started, setCookies: res.headers.getSetCookie() };
}

/**
 * A refused or broken request names the server's state: when the server is a process of this suite
 * that has ended, the error carries how it ended and the end of its log (a crash must not read as a
 * bare ECONNREFUSED).
 */
function withServerLog(err: Error, server: object, what: string): Error {
  const proc = server as { child?: { exitCode: number | null; signalCode: string | null }; tail?: (n?: number) => string };
  if (!proc.child || !proc.tail) return err;
  const ended = proc.child.exitCode !== null || proc.child.signalCode !== null;
  const state = ended ? `the server process had ended (${proc.child.exitCode ?? proc.child.signalCode})` : 'the server process was running';
  return new Error(`${what}: ${err.message} (${(err.cause as Error | undefined)?.message ?? 'no cause'}); ${state}:\n${proc.tail(60)}`, {
    cause: err,
  });
}

export const get = (server: { baseUrl: string }, pathname: string, opts?: Parameters<typeof call>[3]) =>
  call(server, 'GET', pathname, opts);

/** One request on a fresh connection (no keep-alive pool): what a new client sees. */
export function freshRequest(
  server: { port: number },
  pathname: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: server.port, path: pathname, agent: false, timeout: 10_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end();
  });
}

/** The failure envelope of the intended 503. */
export function isIntended503(answer: { status: number; body: unknown }): boolean {
  const body = answer.body as { status?: string; responseCode?: string; responseMessage?: string } | undefined;
  return answer.status === 503 && body?.status === 'failure' && body.responseCode === 'TL_CORE_00503_E' && !!body.responseMessage;
}

/** Cookie pairs from Set-Cookie lines, merged into a jar string. */
export function mergeCookies(jar: string, setCookies: string[]): string {
  const pairs = new Map<string, string>();
  for (const pair of jar.split('; ').filter(Boolean)) pairs.set(pair.slice(0, pair.indexOf('=')), pair);
  for (const line of setCookies) {
    const [pair = ''] = line.split(';');
    const name = pair.slice(0, pair.indexOf('='));
    if (pair.slice(name.length + 1) === '') pairs.delete(name);
    else pairs.set(name, pair);
  }
  return [...pairs.values()].join('; ');
}

export function cookieValue(setCookies: string[], name: string): string | undefined {
  for (const line of setCookies) {
    const [pair = ''] = line.split(';');
    if (pair.startsWith(`${name}=`)) return decodeURIComponent(pair.slice(name.length + 1));
  }
  return undefined;
}
