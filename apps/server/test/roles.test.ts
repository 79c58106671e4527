import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Endpoint, api } from '@talentloop/contract';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyRequest } from 'fastify';
import { describe, expect, test } from 'vitest';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { AppError } from '../src/http/app-error.ts';
import { registerErrorHandler } from '../src/http/error-handler.ts';
import { route } from '../src/http/route.ts';
import { users } from '../src/infra/db/schema.ts';
import { type ApiResponse, type TestApp, expectFailure, request, useApi } from './helpers.ts';

const env = useApi();

type Role = 'freelancer' | 'client' | 'operator';
const ROLES: Role[] = ['freelancer', 'client', 'operator'];

// Every endpoint the contract defines, read from its modules, so endpoints added later are covered
// without being listed here.
const apiFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../packages/contract/src/api');
const isEndpoint = (value: unknown): value is Endpoint =>
  !!value && typeof value === 'object' && 'method' in value && 'path' in value && 'response' in value;

async function contractEndpoints(): Promise<Array<{ name: string; endpoint: Endpoint }>> {
  const found = new Map<Endpoint, string>();
  for (const file of fs.readdirSync(apiFolder).sort()) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const mod = (await import(path.join(apiFolder, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) if (isEndpoint(value) && !found.has(value)) found.set(value, `${file}:${name}`);
  }
  return [...found].map(([endpoint, name]) => ({ name, endpoint }));
}

/** The endpoint's path under /api with any path parameter replaced by a fresh id. */
const concretePath = (endpoint: Endpoint) => `/api${endpoint.path.replace(/:[A-Za-z]+|\{[A-Za-z]+\}/g, () => crypto.randomUUID())}`;

async function call(app: TestApp, endpoint: Endpoint, token?: string): Promise<ApiResponse> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  // A Server-Sent Events stream (messages, issue 36) never ends: its status is read from the
  // answer's head, and the stream is then dropped.
  if (endpoint.response.meta()?.description === 'text/event-stream') {
    const controller = new AbortController();
    const res = await fetch(`${app.baseUrl}${concretePath(endpoint)}`, { headers, signal: controller.signal });
    const body = res.status === 200 ? {} : await res.json();
    controller.abort();
    return { status: res.status, body, headers: res.headers, cookies: new Map() };
  }
  const body = endpoint.method === 'GET' ? {} : { json: {} };
  return request(app.baseUrl, endpoint.method, concretePath(endpoint), { headers, ...body });
}

/** A verified account holding `role`, signed in after the role was given (the token carries it). */
async function accountWith(app: TestApp, role: Role): Promise<string> {
  const user = await app.createUser();
  if (role === 'freelancer') return user.accessToken;
  await app.db
    .update(users)
    .set({ roles: [role], userType: role === 'client' ? 'client' : 'freelancer' })
    .where(eq(users.email, user.email));
  return (await app.signIn(user.email, user.password)).accessToken;
}

/** One account per role, made one after another (each sign-up is its own browser's attempt). */
async function tokensByRole(app: TestApp): Promise<Record<Role, string>> {
  const tokens = {} as Record<Role, string>;
  for (const role of ROLES) tokens[role] = await accountWith(app, role);
  return tokens;
}

/** A registered route answers the role check before anything else; only a path nobody serves gets the not-found answer. */
const unregistered = (res: ApiResponse) => res.status === 404 && res.body?.responseCode === 'TL_CORE_00404_E';

describe('roles', () => {
  test('every role-restricted endpoint refuses the other roles with 403 and no token with 401', async () => {
    const app = await env.start({ config: { clientAccounts: true } });
    const tokens = await tokensByRole(app);
    const restricted = (await contractEndpoints()).filter(({ endpoint }) => endpoint.access !== 'public');
    const checked: string[] = [];
    for (const { name, endpoint } of restricted) {
      const label = `${name} ${endpoint.method} ${endpoint.path}`;
      const anonymous = await call(app, endpoint);
      if (unregistered(anonymous)) continue;
      expectFailure(anonymous, 401, 'TL_CORE_00401_E', `${label} without a token`);
      for (const role of ROLES) {
        if ((endpoint.access as readonly string[]).includes(role)) continue;
        expectFailure(await call(app, endpoint, tokens[role]), 403, 'TL_CORE_00403_E', `${label} as ${role}`);
      }
      checked.push(label);
    }
    // The wizard's six freelancer calls and the five searches are served today; more join as they are added.
    expect(checked.filter((l) => l.includes(' /freelancer')).length, `checked: ${checked.join(', ')}`).toBeGreaterThanOrEqual(6);
    expect(checked.filter((l) => l.includes(' /search/')).length).toBe(5);
    // Endpoints defined in the contract but not served yet (404 from no route) are checked once they are.
  });

  test('a role an endpoint names gets past the role check (GET endpoints)', async () => {
    const app = await env.start({ config: { clientAccounts: true } });
    const tokens = await tokensByRole(app);
    const gets = (await contractEndpoints()).filter(({ endpoint }) => endpoint.access !== 'public' && endpoint.method === 'GET');
    let checked = 0;
    for (const { name, endpoint } of gets) {
      for (const role of endpoint.access as readonly Role[]) {
        const res = await call(app, endpoint, tokens[role]);
        if (unregistered(res)) continue;
        expect([401, 403], `${name} ${endpoint.path} as ${role}: ${res.status} ${JSON.stringify(res.body)}`).not.toContain(res.status);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(10);
  });

  test('a client cannot read or write freelancer data, even with a valid body', async () => {
    const app = await env.start({ config: { clientAccounts: true } });
    const client = await accountWith(app, 'client');
    const auth = { headers: { authorization: `Bearer ${client}` } };
    expectFailure(await app.get('/api/freelancer/onboarding-profile', auth), 403, 'TL_CORE_00403_E');
    expectFailure(await app.get('/api/freelancer/work-preference', auth), 403, 'TL_CORE_00403_E');
    const save = await app.post(
      '/api/freelancer/work-preference',
      { minHoursPerWeek: 5, maxHoursPerWeek: 10, projectDurationPreference: 'short' },
      auth,
    );
    expectFailure(save, 403, 'TL_CORE_00403_E');
    // A client can still use the shared reference search.
    expect((await app.get('/api/search/skill?query=java', auth)).status).toBe(200);
  });

  test('a role taken away counts at once for endpoints that load the user', async () => {
    const app = await env.start();
    const user = await app.createUser();
    const auth = { headers: { authorization: `Bearer ${user.accessToken}` } };
    expect((await app.get('/api/freelancer/onboarding-profile', auth)).status).toBe(200);
    await app.db
      .update(users)
      .set({ roles: ['client'] })
      .where(eq(users.email, user.email));
    expectFailure(await app.get('/api/freelancer/onboarding-profile', auth), 403, 'TL_CORE_00403_E');
  });

  test('the OpenAPI document names the roles of each endpoint', async () => {
    const app = await env.start();
    const docs = await app.get('/api/docs');
    expect(docs.status).toBe(200);
    expect(docs.body.paths['/freelancer/onboarding-profile'].get.description).toBe('Access: freelancer');
    expect(docs.body.paths['/search/skill'].get.description).toBe('Access: freelancer, client, operator');
    expect(docs.body.paths['/auth/login'].post.description).toBe('Access: public');
  });

  test('an endpoint that declares no access is refused at registration', () => {
    const app = Fastify();
    const { access: _access, ...noAccess } = api.health;
    expect(() => route(app, noAccess as never, {}, async () => ({ status: 'ok', database: 'ok' }) as never)).toThrow(/declares no access/);
    expect(() => route(app, { ...api.health, access: [] } as never, {}, async () => ({ status: 'ok', database: 'ok' }) as never)).toThrow(
      /declares no access/,
    );
    expect(() =>
      route(app, { ...api.health, access: ['admin'] } as never, {}, async () => ({ status: 'ok', database: 'ok' }) as never),
    ).toThrow(/declares no access/);
  });

  test('a role-restricted endpoint registered without its auth guard answers 401, never 200', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    route(
      app,
      { ...api.health, path: '/guarded', access: ['operator'] } as never,
      {},
      async () => ({ status: 'ok', database: 'ok' }) as never,
    );
    const res = await app.inject({ method: 'GET', url: '/guarded' });
    expect(res.statusCode).toBe(401);
    await app.close();
  });

  test("a role-list endpoint registered with no guard passed runs the app's auth guard itself", async () => {
    // The app's guard, as app.ts decorates requireUser: a session sets the caller's roles, none is 401.
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    const sessions: Record<string, string[]> = { 'operator-session': ['operator'], 'client-session': ['client'] };
    app.decorate('authGuard', async (request: FastifyRequest) => {
      const roles = sessions[String(request.headers.authorization).replace(/^Bearer /, '')];
      if (!roles) throw new AppError('TL_CORE_00401_E');
      request.auth = { userId: crypto.randomUUID(), sessionId: crypto.randomUUID(), roles };
    });
    // Registered in a feature's scope (as app.ts registers them), with no guard in its options.
    await app.register(async (scope) => {
      route(
        scope,
        { ...api.health, path: '/guarded', access: ['operator'] } as never,
        {},
        async () => ({ status: 'ok', database: 'ok' }) as never,
      );
    });
    const as = (token?: string) =>
      app.inject({ method: 'GET', url: '/guarded', headers: token ? { authorization: `Bearer ${token}` } : {} });
    expect((await as()).statusCode).toBe(401);
    expect((await as('ended-session')).statusCode).toBe(401);
    expect((await as('client-session')).statusCode).toBe(403);
    const ok = await as('operator-session');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'ok', database: 'ok' });
    await app.close();
  });

  test("a feature's role-list endpoint (registered with no guard) answers 401 without a session and 200 with one", async () => {
    const app = await env.start();
    const user = await app.createUser();
    expectFailure(await request(app.baseUrl, 'GET', '/api/account/security'), 401, 'TL_CORE_00401_E');
    const res = await request(app.baseUrl, 'GET', '/api/account/security', { headers: { authorization: `Bearer ${user.accessToken}` } });
    expect(res.status).toBe(200);
    expect(res.body?.status).toBe('success');
  });

  test('a public endpoint cannot be given a guard (it would never run)', () => {
    const app = Fastify();
    expect(() => route(app, api.health, { guard: async () => {} }, async () => ({ status: 'ok', database: 'ok' }) as never)).toThrow(
      /is public: a guard would never run/,
    );
  });
});
