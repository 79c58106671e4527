import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERRORS } from '../errors.ts';
import type { Endpoint } from './define.ts';
import { errorCodesOf, errorResponsesOf, schemaCodes } from './error-responses.ts';

/** A schema where the derivation only needs one to be present. */
const ANY = z.object({});

// Every endpoint module of this folder, including ones added later (as define.test.ts finds them).
const modules = import.meta.glob(['./*.ts', '!./*.test.ts'], { eager: true });
const endpoints = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, v]) => !!v && typeof v === 'object' && 'method' in v && 'path' in v && 'response' in v)
    .map(([name, v]) => ({ name: `${file}:${name}`, endpoint: v as Endpoint })),
);

describe('error responses derived from the contract', () => {
  it('every endpoint answers a 4xx and 500 and 503, each code under its catalogue status', () => {
    expect(endpoints.length).toBeGreaterThan(20);
    for (const { name, endpoint } of endpoints) {
      const byStatus = errorCodesOf(endpoint);
      expect(
        [...byStatus.keys()].some((s) => s >= 400 && s < 500),
        name,
      ).toBe(true);
      expect(byStatus.get(500), name).toContain('TL_CORE_00500_E');
      expect(byStatus.get(503), name).toEqual(['TL_CORE_00503_E']);
      for (const [status, codes] of byStatus) for (const code of codes) expect(ERRORS[code].status, `${name} ${code}`).toBe(status);
      for (const code of endpoint.errors ?? []) expect(byStatus.get(ERRORS[code].status), `${name} ${code}`).toContain(code);
    }
  });

  it('access, input and uploads decide the generic failures', () => {
    const base = { method: 'GET', path: '/x', summary: 'x', tag: 'x', response: ANY } as const;
    const open = errorCodesOf({ ...base, auth: false, access: 'public' });
    expect([...open.keys()]).toEqual([429, 500, 503]);
    const guarded = errorCodesOf({ ...base, auth: true, access: ['freelancer'] });
    expect(guarded.get(401)).toEqual(['TL_CORE_00401_E']);
    expect(guarded.get(403)).toEqual(['TL_CORE_00403_E']);
    const withBody = errorCodesOf({ ...base, method: 'POST', auth: false, access: 'public', body: ANY });
    expect([...withBody.keys()]).toEqual([400, 408, 413, 415, 429, 500, 503]);
    const multipart = {
      fields: {},
      files: {
        documentFile: {
          kinds: ['pdf'],
          maxBytes: 10,
          maxCount: 1,
          required: true,
          tooLarge: 'TL_CORE_11021_E',
          wrongKind: 'TL_CORE_11020_E',
          missing: { code: 'TL_CORE_11001_E' },
          description: 'x',
        },
      },
      limits: { parts: 2, fields: 1, files: 1, fieldBytes: 10 },
      otherFiles: 'refuse',
    } as const;
    const upload = errorCodesOf({ ...base, method: 'POST', auth: true, access: ['client'], multipart });
    expect(upload.get(415)).toEqual(['TL_CORE_00415_E', 'TL_CORE_11020_E']);
    expect(upload.get(413)).toEqual(['TL_CORE_00413_E', 'TL_CORE_11021_E']);
    expect(upload.get(400)).toEqual(['TL_CORE_00400_E', 'TL_CORE_11001_E']);
    expect(upload.get(429)).toEqual(['TL_CORE_00429_E', 'TL_CORE_10106_E']);
    const byId = errorCodesOf({ ...base, path: '/x/:id', auth: false, access: 'public' });
    expect(byId.get(404)).toEqual(['TL_CORE_00404_E']);
  });

  it('each failure schema is the envelope and accepts only its status’s codes', () => {
    const responses = errorResponsesOf({
      method: 'POST',
      path: '/auth/login',
      summary: 'x',
      tag: 'x',
      auth: false,
      access: 'public',
      response: ANY,
      errors: ['TL_CORE_01041_E'],
    });
    const locked = responses[423];
    expect(
      locked?.safeParse({ status: 'failure', responseCode: 'TL_CORE_01041_E', responseMessage: 'Too many attempts. Try later.' }).success,
    ).toBe(true);
    expect(locked?.safeParse({ status: 'failure', responseCode: 'TL_CORE_00500_E', responseMessage: 'x' }).success).toBe(false);
    expect(locked?.safeParse({ status: 'success', responseCode: 'TL_CORE_01041_E', responseMessage: 'x' }).success).toBe(false);
  });

  it('lists the codes a body schema names for its fields, nested, optional and refined ones included', () => {
    const body = z.object(
      {
        email: z.string({ error: 'TL_CORE_01026_E' }).min(1, 'TL_CORE_01026_E').refine(Boolean, 'TL_CORE_01007_E'),
        nested: z.object({ name: z.string().min(1, 'TL_CORE_01005_E') }).optional(),
        plain: z.string().min(1, 'not a code'),
      },
      { error: 'TL_CORE_01027_E' },
    );
    expect(schemaCodes(body).sort()).toEqual(['TL_CORE_01005_E', 'TL_CORE_01007_E', 'TL_CORE_01026_E', 'TL_CORE_01027_E']);
    const codes = errorCodesOf({ method: 'POST', path: '/x', summary: 'x', tag: 'x', auth: false, access: 'public', response: ANY, body });
    expect(codes.get(400)).toEqual(expect.arrayContaining(['TL_CORE_00400_E', 'TL_CORE_01026_E', 'TL_CORE_01027_E']));
  });
});
