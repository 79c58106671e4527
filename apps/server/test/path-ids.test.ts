import crypto from 'node:crypto';
import type { Endpoint } from '@talentloop/contract';
import { createShortlist, getShortlist } from '@talentloop/contract/api/shortlists';
import { ERRORS } from '@talentloop/contract/errors';
import { notFoundOf } from '@talentloop/contract/validation/ids';
import { describe, expect, test } from 'vitest';
import { type TestApp, call, expectFailure, expectOk, okBody, pathOf, request, useApi } from './helpers.ts';
import { createOperator, reviewedFreelancer, startLoopApp, verifiedCompany } from './talent/loop-support.ts';

declare global {
  interface ImportMeta {
    // Vite's static import of every module matching a pattern (vitest runs on Vite).
    glob: (pattern: string | string[], options: { eager: true }) => Record<string, Record<string, unknown>>;
  }
}

// Ids typed at the edge (issue 33, decision 179): a path id is declared with the contract's
// uuidParam(code), so route() refuses a malformed one with that endpoint's own catalogue 404
// before any handler runs, and handlers pass a lower-cased UUID string to services that never parse it.

const env = useApi();

const modules = import.meta.glob(['../../../packages/contract/src/api/*.ts', '!../../../packages/contract/src/api/*.test.ts'], {
  eager: true,
});
const isEndpoint = (value: unknown): value is Endpoint =>
  !!value && typeof value === 'object' && 'method' in value && 'path' in value && 'response' in value;
/** Every endpoint with at least one uuidParam in its path, with the code each answers. */
const withIds = Object.values(modules)
  .flatMap((exports) => Object.values(exports).filter(isEndpoint))
  .map((endpoint) => ({
    endpoint,
    ids: Object.entries(endpoint.params?.shape ?? {}).flatMap(([name, schema]) => {
      const code = notFoundOf(schema);
      return code ? [{ name, code }] : [];
    }),
  }))
  .filter(({ ids }) => ids.length > 0);

describe('path ids', () => {
  test('the table: own id (either case), malformed ids, an unknown id and another company’s id', async () => {
    const app = await startLoopApp(env);
    const [mine, theirs] = [await verifiedCompany(app, 'Acme Labs'), await verifiedCompany(app, 'Borealis Works')];
    const listOf = async (token: string) =>
      okBody(await call(app, createShortlist, { body: { name: 'Senior Designer' } }, { token })).shortlist;
    const [own, other] = [await listOf(mine.token), await listOf(theirs.token)];

    const rows: { label: string; shortlistId: string; status: number }[] = [
      { label: 'own id', shortlistId: own.id, status: 200 },
      { label: 'own id in upper case', shortlistId: own.id.toUpperCase(), status: 200 },
      { label: 'malformed: words', shortlistId: 'not-a-uuid', status: 404 },
      { label: 'malformed: a number', shortlistId: '123', status: 404 },
      { label: 'malformed: one character too many', shortlistId: `${own.id}0`, status: 404 },
      { label: 'malformed: no dashes', shortlistId: own.id.replaceAll('-', ''), status: 404 },
      { label: 'an id nobody has', shortlistId: crypto.randomUUID(), status: 404 },
      { label: 'another company’s id', shortlistId: other.id, status: 404 },
    ];
    for (const row of rows) {
      const res = await call(app, getShortlist, { params: { shortlistId: row.shortlistId } }, { token: mine.token });
      if (row.status === 200) {
        expectOk(res);
        expect(res.body.shortlist.id, row.label).toBe(own.id);
      } else {
        expectFailure(res, 404, 'TL_CORE_13013_E', row.label);
      }
    }
    // The other company still reaches its own list: the refusal was about the caller, not the id.
    expectOk(await call(app, getShortlist, { params: { shortlistId: other.id } }, { token: theirs.token }));
  });

  test('every endpoint with a path id answers its own catalogue 404 for a malformed one, never 400', async () => {
    expect(withIds.length).toBeGreaterThan(25);
    const app: TestApp = await startLoopApp(env);
    const operator = await createOperator(app);
    const tokens: Record<string, string> = {
      freelancer: (await reviewedFreelancer(app)).token,
      client: (await verifiedCompany(app)).token,
      operator: operator.accessToken,
    };
    const wrong: string[] = [];
    for (const { endpoint, ids } of withIds) {
      const role = endpoint.access === 'public' ? undefined : endpoint.access[0];
      const token = role ? tokens[role] : undefined;
      // Each id in turn malformed, the others well-formed (nobody's): the malformed one's code answers.
      for (const bad of ids) {
        const params = Object.fromEntries(ids.map(({ name }) => [name, name === bad.name ? 'not-a-uuid' : crypto.randomUUID()]));
        for (const name of Object.keys(endpoint.params?.shape ?? {})) params[name] ??= 'any-slug';
        const json = endpoint.method === 'POST' || endpoint.method === 'PUT' ? {} : undefined;
        const res = await request(app.baseUrl, endpoint.method, pathOf(endpoint, params), {
          json,
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        const code = (res.body as { responseCode?: string } | undefined)?.responseCode;
        if (res.status !== 404 || code !== bad.code || ERRORS[bad.code].status !== 404) {
          wrong.push(`${endpoint.method} ${endpoint.path} :${bad.name}: ${res.status} ${code}, expected 404 ${bad.code}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
