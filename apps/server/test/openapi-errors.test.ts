import { ERRORS, isErrorCode } from '@talentloop/contract';
import { describe, expect, test } from 'vitest';
import { useApi } from './helpers.ts';

// The OpenAPI document served at /api/docs lists each endpoint's failures beside its success: the
// catalogue's envelope per status, its responseCode limited to that status's codes (issue 18).

const env = useApi();

type Schema = { type?: string; enum?: unknown[]; properties?: Record<string, Schema>; required?: string[] };
type Operation = {
  description?: string;
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
  requestBody?: {
    content?: Record<
      string,
      { schema?: Schema & { properties?: Record<string, Schema & { format?: string; items?: Schema & { format?: string } }> } }
    >;
  };
  parameters?: Array<{ in: string; name: string; required?: boolean }>;
};
type Document = { paths: Record<string, Record<string, Operation>> };

let fetched: Promise<Array<{ name: string; operation: Operation }>> | undefined;
/** The operations of the document the app serves (fetched once over HTTP). */
function openApi(): Promise<Array<{ name: string; operation: Operation }>> {
  fetched ??= fetchOperations();
  return fetched;
}

async function fetchOperations(): Promise<Array<{ name: string; operation: Operation }>> {
  const app = await env.start();
  const res = await fetch(`${app.baseUrl}/api/docs`);
  expect(res.status).toBe(200);
  const doc = (await res.json()) as Document;
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
  );
}

/** What is wrong with a failure response's schema, or null when it is the catalogue's envelope for `status`. */
function envelopeProblem(status: number, response: Operation['responses'][string]): string | null {
  const schema = response.content?.['application/json']?.schema;
  const props = schema?.properties;
  if (!schema || !props) return 'no JSON schema';
  if (JSON.stringify(props.status?.enum) !== '["failure"]') return 'status is not "failure"';
  if (props.responseMessage?.type !== 'string') return 'responseMessage is not a string';
  if (!['status', 'responseCode', 'responseMessage'].every((k) => schema.required?.includes(k))) return 'envelope fields not required';
  const codes = props.responseCode?.enum ?? [];
  if (codes.length === 0) return 'responseCode lists no codes';
  const wrong = codes.filter((c) => !isErrorCode(c) || ERRORS[c].status !== status);
  return wrong.length ? `codes of another status: ${wrong.join(', ')}` : null;
}

describe('error responses in the OpenAPI document', () => {
  test('every operation lists a 4xx and a 5xx, each failure the catalogue envelope limited to its status’s codes; guarded ones list 401 and 403', async () => {
    const operations = await openApi();
    expect(operations.length).toBeGreaterThan(50);
    const problems: string[] = [];
    let guarded = 0;
    for (const { name, operation } of operations) {
      const statuses = Object.keys(operation.responses).map(Number);
      if (!statuses.some((s) => s >= 400 && s < 500)) problems.push(`${name}: no 4xx`);
      if (!statuses.some((s) => s >= 500)) problems.push(`${name}: no 5xx`);
      for (const status of statuses.filter((s) => s >= 400)) {
        const problem = envelopeProblem(status, operation.responses[String(status)] ?? {});
        if (problem) problems.push(`${name} ${status}: ${problem}`);
      }
      if (operation.description !== 'Access: public') {
        guarded++;
        if (!statuses.includes(401) || !statuses.includes(403)) problems.push(`${name}: guarded without 401 and 403`);
      }
    }
    expect(problems).toEqual([]);
    expect(guarded).toBeGreaterThan(20);
  });

  test('an endpoint’s own catalogue codes are listed under their status', async () => {
    const operations = new Map((await openApi()).map((o) => [o.name, o.operation]));
    const codesOf = (name: string, status: number) =>
      operations.get(name)?.responses[String(status)]?.content?.['application/json']?.schema?.properties?.responseCode?.enum;
    expect(codesOf('POST /auth/login', 423)).toEqual(['TL_CORE_01041_E']);
    expect(codesOf('POST /auth/login', 401)).toContain('TL_CORE_01040_E');
    expect(codesOf('PUT /freelancer-settings/portfolio-details', 415)).toEqual(['TL_CORE_00415_E', 'TL_CORE_10093_E']);
    expect(codesOf('POST /company/verification/documents', 415)).toContain('TL_CORE_11020_E');
    expect(codesOf('POST /company/verification/documents', 413)).toContain('TL_CORE_11021_E');
    // A public endpoint without input still has its limits and failures.
    expect(Object.keys(operations.get('GET /health')?.responses ?? {})).toEqual(expect.arrayContaining(['200', '429', '500', '503']));
  });
});

describe('uploads and path parameters in the OpenAPI document (issue 19)', () => {
  test('each multipart endpoint shows a multipart/form-data body: its fields as text, its files as binary', async () => {
    const operations = new Map((await openApi()).map((o) => [o.name, o.operation]));
    const bodyOf = (name: string) => operations.get(name)?.requestBody?.content?.['multipart/form-data']?.schema;
    const portfolio = bodyOf('PUT /freelancer-settings/portfolio-details');
    expect(portfolio?.properties?.profileData?.type).toBe('string');
    expect(portfolio?.properties?.portfolioContent).toMatchObject({ type: 'array', items: { type: 'string', format: 'binary' } });
    const documents = bodyOf('POST /company/verification/documents');
    expect(Object.keys(documents?.properties ?? {})).toEqual(['businessRegistrationNumber', 'documentType', 'country', 'documentFile']);
    expect(documents?.required).toEqual(expect.arrayContaining(['documentFile', 'country']));
    expect(bodyOf('POST /company/logo')?.properties?.logo).toMatchObject({ type: 'string', format: 'binary' });
    expect(bodyOf('POST /freelancer-settings/update-photo')?.properties?.profilePhoto?.format).toBe('binary');
    expect(bodyOf('POST /freelancer/onboarding-profile')?.properties?.profileData?.type).toBe('string');
  });

  test('every operation whose path has a parameter lists it as a required path parameter', async () => {
    const missing: string[] = [];
    for (const { name, operation } of await openApi()) {
      for (const [, param] of name.matchAll(/\{([^}]+)\}/g)) {
        const declared = operation.parameters?.find((p) => p.in === 'path' && p.name === param);
        if (!declared?.required) missing.push(`${name}: ${param}`);
      }
    }
    expect(missing).toEqual([]);
    expect((await openApi()).map((o) => o.name)).toContain('PUT /company/shortlists/{shortlistId}/candidates/{candidateId}');
  });
});

describe('downloads in the OpenAPI document (issue 19)', () => {
  test('the downloads are contract endpoints: their parameters, and their bytes under each type they answer', async () => {
    const operations = new Map((await openApi()).map((o) => [o.name, o.operation]));
    const file = operations.get('GET /files/{id}');
    expect(file?.parameters?.map((p) => `${p.in} ${p.name}`).sort()).toEqual(['path id', 'query inline']);
    const fileTypes = file?.responses['200']?.content ?? {};
    expect(Object.keys(fileTypes)).toEqual(expect.arrayContaining(['image/webp', 'application/pdf']));
    expect(Object.keys(fileTypes)).not.toContain('application/json');
    expect(fileTypes['image/webp']?.schema).toMatchObject({ type: 'string', format: 'binary' });
    // Its failures stay the JSON envelope: 401 for a document without a session, 404 for the rest.
    expect(file?.responses['401']?.content?.['application/json']?.schema?.properties?.responseCode?.enum).toEqual(['TL_CORE_00401_E']);
    expect(file?.responses['404']?.content?.['application/json']).toBeDefined();
    const image = operations.get('GET /public/talent/{slug}/portfolio/{itemId}');
    expect(Object.keys(image?.responses['200']?.content ?? {})).toEqual(['image/webp']);
    expect(image?.parameters?.map((p) => p.name).sort()).toEqual(['itemId', 'slug']);
    const csv = operations.get('GET /operator/partner-requests.csv')?.responses['200']?.content ?? {};
    expect(Object.keys(csv)).toEqual(['text/csv']);
  });
});
