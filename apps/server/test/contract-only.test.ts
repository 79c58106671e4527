import { defineEndpoint } from '@talentloop/contract/api/define';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { OUTSIDE_CONTRACT, contractOnly, route } from '../src/http/route.ts';

// Every route under /api is a contract endpoint (issue 19): app.ts puts contractOnly() on the /api
// scope, so a route registered by hand, outside the contract, stops the server at start-up.

const ping = defineEndpoint({
  tag: 'test',
  method: 'GET',
  path: '/ping/:id',
  params: z.object({ id: z.string() }),
  summary: 'ping',
  auth: false,
  access: 'public',
  response: z.object({ id: z.string() }),
});

async function appWith(register: (scope: import('fastify').FastifyInstance) => void) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(
    async (scope) => {
      contractOnly(scope);
      register(scope);
    },
    { prefix: '/api' },
  );
  return app;
}

describe('only contract endpoints under /api', () => {
  test('a route registered through route() from the contract is served', async () => {
    const app = await appWith((scope) => route(scope, ping, {}, async (request) => ({ id: request.params.id })));
    const res = await app.inject({ method: 'GET', url: '/api/ping/7' });
    expect(res.json()).toEqual({ id: '7' });
    await app.close();
  });

  test('a route registered by hand is refused at start-up, naming it', async () => {
    await expect(appWith((scope) => scope.get('/by-hand', async () => ({})))).rejects.toThrow(
      'GET /api/by-hand is not a contract endpoint',
    );
  });

  test('a route that says it is outside the contract (docs, bench, test seeding) is let through', async () => {
    const app = await appWith((scope) => scope.get('/docs-like', { config: OUTSIDE_CONTRACT }, async () => ({ ok: true })));
    expect((await app.inject({ method: 'GET', url: '/api/docs-like' })).json()).toEqual({ ok: true });
    await app.close();
  });
});
