import { vi } from 'vitest';

// A stand-in for the API in the shortlists' component tests: answers by method and path (queued per
// route, the last answer repeating), and records every call with its JSON body.

export type Answer = { status: number; body: unknown };
export const ok = (body: Record<string, unknown>): Answer => ({ status: 200, body: { status: 'success', ...body } });
export const failure = (status: number, responseCode: string, responseMessage = 'x'): Answer => ({
  status,
  body: { status: 'failure', responseCode, responseMessage },
});

export function fakeServer() {
  const answers: Record<string, Answer[]> = {};
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init?: RequestInit) => {
      const path = new URL(String(input)).pathname.replace(/^\/api/, '');
      const method = init?.method ?? 'GET';
      calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const queue = answers[`${method} ${path}`] ?? [];
      const next = (queue.length > 1 ? queue.shift() : queue[0]) ?? failure(404, 'TL_CORE_00000_E', `no answer for ${method} ${path}`);
      return new Response(JSON.stringify(next.body), { status: next.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return {
    calls,
    /** What `METHOD /path` answers, in order (the last one repeats). */
    on(route: string, ...queue: Answer[]) {
      answers[route] = queue;
    },
    sent: (route: string) => calls.filter((c) => `${c.method} ${c.path}` === route),
  };
}
