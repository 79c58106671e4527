import { describe, expect, it } from 'vitest';
import { ERRORS } from '../errors.ts';
import { type Endpoint, allows, fillPath, isValidAccess, pathParamNames, pathPrefix } from './define.ts';

declare global {
  interface ImportMeta {
    // Vite's static import of every module matching a pattern (vitest runs on Vite).
    glob: (pattern: string | string[], options: { eager: true }) => Record<string, Record<string, unknown>>;
  }
}

// Every endpoint module of this folder, including ones added later: nothing has to be listed here.
const modules = import.meta.glob(['./*.ts', '!./*.test.ts'], { eager: true });

const isEndpoint = (value: unknown): value is { method: string; path: string; access?: unknown } =>
  !!value && typeof value === 'object' && 'method' in value && 'path' in value && 'response' in value;

const endpoints = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => isEndpoint(value))
    .map(([name, value]) => ({ name: `${file}:${name}`, endpoint: value as { method: string; path: string; access?: unknown } })),
);

describe('endpoint access', () => {
  it('finds the endpoint modules of the contract', () => {
    expect(endpoints.length).toBeGreaterThan(20);
    expect(endpoints.map((e) => e.endpoint.path)).toContain('/freelancer/onboarding-profile');
  });

  it('every exported endpoint declares who may call it', () => {
    const missing = endpoints
      .filter((e) => !isValidAccess(e.endpoint.access))
      .map((e) => `${e.name} ${e.endpoint.method} ${e.endpoint.path}`);
    expect(missing).toEqual([]);
  });

  it('every /freelancer endpoint is for freelancers only', () => {
    const wrong = endpoints
      .filter((e) => e.endpoint.path.startsWith('/freelancer'))
      .filter((e) => JSON.stringify(e.endpoint.access) !== JSON.stringify(['freelancer']))
      .map((e) => e.name);
    expect(wrong).toEqual([]);
  });

  it('an endpoint needs a token exactly when it names roles', () => {
    const wrong = endpoints.filter((e) => (e.endpoint as { auth?: boolean }).auth !== (e.endpoint.access !== 'public')).map((e) => e.name);
    expect(wrong).toEqual([]);
  });

  it('refuses a missing, empty or unknown access declaration', () => {
    expect(isValidAccess(undefined)).toBe(false);
    expect(isValidAccess([])).toBe(false);
    expect(isValidAccess(['admin'])).toBe(false);
    expect(isValidAccess('private')).toBe(false);
    expect(isValidAccess('public')).toBe(true);
    expect(isValidAccess(['client', 'operator'])).toBe(true);
  });

  it('allows a role list only to callers holding one of its roles', () => {
    expect(allows('public', undefined)).toBe(true);
    expect(allows(['freelancer'], undefined)).toBe(false);
    expect(allows(['freelancer'], ['client'])).toBe(false);
    expect(allows(['freelancer'], ['freelancer'])).toBe(true);
    expect(allows(['client', 'operator'], ['freelancer', 'operator'])).toBe(true);
  });
});

describe('path parameters', () => {
  it('every :name in a path is declared in params, and params declares nothing else', () => {
    const wrong = endpoints.flatMap(({ name, endpoint }) => {
      const inPath = pathParamNames(endpoint.path).sort();
      const declared = Object.keys((endpoint as Endpoint).params?.shape ?? {}).sort();
      return JSON.stringify(inPath) === JSON.stringify(declared) ? [] : [`${name} ${endpoint.path}: path ${inPath} declared ${declared}`];
    });
    expect(wrong).toEqual([]);
  });

  it('reads the parameter names of a path in order', () => {
    expect(pathParamNames('/company/shortlists/:shortlistId/candidates/:candidateId/remove')).toEqual(['shortlistId', 'candidateId']);
    expect(pathParamNames('/company/logo')).toEqual([]);
  });
});

describe('filling a path', () => {
  it('fills each :name with its value, encoded, and refuses a missing one', () => {
    expect(fillPath('/company/shortlists/:shortlistId/candidates/:candidateId', { shortlistId: 'a/b', candidateId: 'c d' })).toBe(
      '/company/shortlists/a%2Fb/candidates/c%20d',
    );
    expect(fillPath('/files/:id', { id: 'x', other: 'y' })).toBe('/files/x');
    expect(() => fillPath('/company/talent/:slug', {})).toThrow('Missing path parameter slug');
  });

  it('the fixed start of a path ends before its first parameter', () => {
    expect(pathPrefix('/files/:id')).toBe('/files/');
    expect(pathPrefix('/public/talent/:slug/portfolio/:itemId')).toBe('/public/talent/');
    expect(pathPrefix('/health')).toBe('/health');
  });
});

describe('downloads', () => {
  it('each download names the types it answers and is a GET', () => {
    const downloads = endpoints
      .map(({ name, endpoint }) => ({ name, endpoint: endpoint as Endpoint }))
      .filter(({ endpoint }) => endpoint.download);
    // index.ts re-exports some modules: one path once.
    expect([...new Set(downloads.map(({ endpoint }) => endpoint.path))].sort()).toEqual([
      '/company/invoices/:invoiceId/pdf',
      '/company/milestones/:milestoneId/files/:fileId',
      '/conversations/:conversationId/files/:fileId',
      '/disputes/:disputeId/files/:fileId',
      '/files/:id',
      '/freelancer/statements/:invoiceId/pdf',
      '/operator/disputes/:disputeId/files/:fileId',
      '/operator/partner-requests.csv',
      '/operator/payout-batches/:batchId/csv',
      '/operator/payout-batches/:batchId/sepa',
      '/operator/reports/money/csv',
      '/public/talent/:slug/portfolio/:itemId',
    ]);
    for (const { name, endpoint } of downloads) {
      expect(endpoint.method, name).toBe('GET');
      expect(endpoint.download?.types.length, name).toBeGreaterThan(0);
      for (const type of endpoint.download?.types ?? []) expect(type, name).toMatch(/^[a-z]+\/[a-z0-9.+-]+$/);
    }
  });
});

describe('multipart declarations', () => {
  const uploads = endpoints
    .filter((e) => (e.endpoint as Endpoint).multipart)
    .map((e) => ({ name: e.name, endpoint: e.endpoint as Endpoint }));

  it('finds the eight upload endpoints, none of them with a JSON body', () => {
    expect(uploads.map((u) => `${u.endpoint.method} ${u.endpoint.path}`).sort()).toEqual([
      'POST /company/logo',
      'POST /company/verification/documents',
      'POST /conversations/:conversationId/files',
      'POST /disputes/:disputeId/files',
      'POST /freelancer-settings/update-photo',
      'POST /freelancer/milestones/:milestoneId/files',
      'POST /freelancer/onboarding-profile',
      'PUT /freelancer-settings/portfolio-details',
    ]);
    expect(uploads.filter((u) => u.endpoint.body || u.endpoint.method === 'GET').map((u) => u.name)).toEqual([]);
  });

  it('each file declares kinds, a size and a count within the body’s limits, and codes of the right status', () => {
    const wrong: string[] = [];
    for (const { name, endpoint } of uploads) {
      const multipart = endpoint.multipart;
      if (!multipart) continue;
      const { limits } = multipart;
      if (Object.keys(multipart.fields).length > limits.fields) wrong.push(`${name}: more fields than the fields limit`);
      if (limits.parts < limits.fields + limits.files) wrong.push(`${name}: parts limit below fields + files`);
      for (const [part, file] of Object.entries(multipart.files)) {
        if (file.kinds.length === 0) wrong.push(`${name} ${part}: no kinds`);
        if (!(file.maxBytes > 0) || !(file.maxCount >= 1) || file.maxCount > limits.files) wrong.push(`${name} ${part}: size or count`);
        if (ERRORS[file.tooLarge].status !== 413) wrong.push(`${name} ${part}: tooLarge is not a 413`);
        if (ERRORS[file.wrongKind].status !== 415) wrong.push(`${name} ${part}: wrongKind is not a 415`);
        if (file.required && !file.missing) wrong.push(`${name} ${part}: required without a missing code`);
        if (file.missing && ERRORS[file.missing.code].status !== 400) wrong.push(`${name} ${part}: missing is not a 400`);
      }
      for (const [field, spec] of Object.entries(multipart.fields)) {
        if (spec.type === 'json' && ERRORS[spec.malformed].status !== 400) wrong.push(`${name} ${field}: malformed is not a 400`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a field and a file never share a name', () => {
    const shared = uploads.flatMap(({ name, endpoint }) =>
      Object.keys(endpoint.multipart?.fields ?? {})
        .filter((f) => f in (endpoint.multipart?.files ?? {}))
        .map((f) => `${name} ${f}`),
    );
    expect(shared).toEqual([]);
  });
});
