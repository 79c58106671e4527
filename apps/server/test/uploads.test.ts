import { ERRORS, type ErrorCode, type Multipart, isErrorCode } from '@talentloop/contract';
import { uploadCompanyLogo } from '@talentloop/contract/api/company';
import { submitCompanyDocuments } from '@talentloop/contract/api/company-verification';
import { sendMessageFile } from '@talentloop/contract/api/messages';
import { fundMilestone, uploadMilestoneFile } from '@talentloop/contract/api/engagements';
import { openDispute, uploadDisputeFile } from '@talentloop/contract/api/disputes';
import type { Endpoint } from '@talentloop/contract/api/define';
import { saveOnboardingProfile } from '@talentloop/contract/api/onboarding';
import { savePortfolio } from '@talentloop/contract/api/portfolio';
import { updatePhoto } from '@talentloop/contract/api/profile-editor';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import {
  companies,
  companyVerificationSubmissions,
  files,
  freelancerPortfolio,
  freelancerProfiles,
  users,
} from '../src/infra/db/schema.ts';
import { PDF_UPLOAD, documentFields, readyCompany, withMailbox } from './company/documents-support.ts';
import {
  type FilePart,
  type TestApp,
  type UploadInput,
  call,
  expectFailure,
  findUser,
  okBody,
  pathOf,
  request,
  upload,
  useApi,
} from './helpers.ts';
import { engaged, fixedTerms, hourlyTerms, invoicedEngagement } from './engagements/support.ts';
import { jpegWithExif, validBasics } from './onboarding/support.ts';
import { item } from './profile/portfolio-support.ts';
import { completedFreelancer } from './profile/support.ts';
import { conversationSetting } from './messages/support.ts';

// The upload table (issue 19): for every endpoint that declares a multipart body, each way the
// body can be wrong answers the catalogue code its declaration names, and changes nothing. The
// cases are derived from the declaration itself, so an endpoint added later is covered by adding
// its account and one valid request to the table below.

const env = useApi();

type UploadEndpoint = Endpoint & { multipart: Multipart };
type Row<E extends UploadEndpoint> = {
  endpoint: E;
  /** A caller who may use the endpoint (and the path's ids, for an endpoint with some). */
  account: (app: TestApp) => Promise<{ token: string; userId: string; params?: Record<string, string> }>;
  /** A request the endpoint accepts (200): each case spoils one thing of it. */
  valid: () => Promise<UploadInput<E>>;
};
const row = <E extends UploadEndpoint>(r: Row<E>) => r as unknown as Row<UploadEndpoint>;

const photo = async (): Promise<FilePart> => ({ data: await jpegWithExif(300, 300), name: 'photo.jpg', type: 'image/jpeg' });
const idOf = async (app: TestApp, email: string) => (await findUser(app.db, email))?.id ?? '';
const freelancer = async (app: TestApp) => {
  const user = await completedFreelancer(app);
  return { token: user.accessToken, userId: await idOf(app, user.email) };
};
const company = async (app: TestApp) => {
  const c = await readyCompany(app, { verify: false });
  return { token: c.api.token, userId: c.userId };
};

let messageConversation = '';
const TABLE: Array<Row<UploadEndpoint>> = [
  row({
    endpoint: saveOnboardingProfile,
    account: async (app) => {
      const user = await app.createUser();
      return { token: user.accessToken, userId: await idOf(app, user.email) };
    },
    valid: async () => ({ fields: { profileData: validBasics() }, files: { profilePhoto: await photo() } }),
  }),
  row({ endpoint: updatePhoto, account: freelancer, valid: async () => ({ files: { profilePhoto: await photo() } }) }),
  row({
    endpoint: savePortfolio,
    account: freelancer,
    valid: async () => ({
      fields: { profileData: { version: 0, portfolioDetails: [item({ fileIndex: 1 })] } },
      files: { portfolioContent: { ...(await photo()), name: 'case.jpg' } },
    }),
  }),
  row({ endpoint: uploadCompanyLogo, account: company, valid: async () => ({ files: { logo: await photo() } }) }),
  row({
    endpoint: uploadMilestoneFile,
    account: async (app) => {
      const loop = withMailbox(app, env.mailbox);
      const s = await engaged(loop, fixedTerms(loop));
      const [first] = s.engagement.milestones;
      okBody(
        await call(loop, fundMilestone, { params: { milestoneId: first?.id ?? '' }, body: { version: 1 } }, { token: s.company.token }),
      );
      return { token: s.f.token, userId: s.f.id, params: { milestoneId: first?.id ?? '' } };
    },
    valid: async () => ({ files: { file: PDF_UPLOAD } }),
  }),
  row({
    endpoint: submitCompanyDocuments,
    account: company,
    valid: async () => ({ fields: documentFields(), files: { documentFile: PDF_UPLOAD } }),
  }),
  // Issue 36: a file in a message, sent by the freelancer of an open conversation.
  row({
    endpoint: sendMessageFile,
    account: async (app) => {
      const { freelancer, conversation } = await conversationSetting(withMailbox(app, env.mailbox));
      messageConversation = conversation.id;
      return { token: freelancer.token, userId: freelancer.id };
    },
    valid: async () => ({ params: { conversationId: messageConversation }, fields: { text: 'The brief' }, files: { file: PDF_UPLOAD } }),
  }),
  // Issue 35: evidence attached to a dispute by the company that opened it.
  row({
    endpoint: uploadDisputeFile,
    account: async (app) => {
      const loop = withMailbox(app, env.mailbox);
      const s = await invoicedEngagement(loop, hourlyTerms(loop, { currency: 'EUR', rateMinor: 5_000 }), [8]);
      const opened = okBody(
        await call(
          loop,
          openDispute,
          { params: { invoiceId: s.invoice.id }, body: { subject: 'invoice', reason: 'The invoice bills the wrong week.' } },
          { token: s.company.token },
        ),
      );
      return {
        token: s.company.token,
        userId: (await findUser(loop.db, s.company.accountEmail))?.id ?? '',
        params: { disputeId: opened.dispute.id },
      };
    },
    valid: async () => ({ files: { file: PDF_UPLOAD } }),
  }),
];

/** Everything an upload could change for its caller: the account, profile, portfolio, company, submissions and stored files. */
async function stateOf(app: TestApp, userId: string) {
  const [company] = await app.db.select().from(companies).where(eq(companies.ownerUserId, userId));
  return {
    user: await app.db.select().from(users).where(eq(users.id, userId)),
    profile: await app.db.select().from(freelancerProfiles).where(eq(freelancerProfiles.userId, userId)),
    portfolio: await app.db.select().from(freelancerPortfolio).where(eq(freelancerPortfolio.userId, userId)),
    company,
    submissions: company
      ? await app.db.select().from(companyVerificationSubmissions).where(eq(companyVerificationSubmissions.companyId, company.id))
      : [],
    files: (await app.db.select({ id: files.id, kind: files.kind }).from(files).where(eq(files.ownerId, userId))).sort((a, b) =>
      a.id.localeCompare(b.id),
    ),
  };
}

/** A hand-written multipart body (for what FormData cannot send). */
function rawMultipart(parts: string[], closed = true): { body: string; headers: Record<string, string> } {
  const boundary = 'tl-upload-table';
  const body = parts.map((p) => `--${boundary}\r\n${p}\r\n`).join('') + (closed ? `--${boundary}--\r\n` : '');
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const textPart = (name: string, value: string) => `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`;

/** The code a text field's schema answers for `value` (its own TL_CORE code, else 00400). */
function codeFor(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: Array<{ message: string }> } } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  expect(result.success, 'the spoiled value must fail its schema').toBe(false);
  const message = result.error?.issues[0]?.message;
  return isErrorCode(message) ? message : 'TL_CORE_00400_E';
}

type Case = {
  name: string;
  code: ErrorCode;
  send: (app: TestApp, token: string, valid: UploadInput<UploadEndpoint>) => Promise<{ status: number; body: unknown }>;
};

/** The error cases of a declaration: each one spoils one thing of the valid request. */
function casesOf(endpoint: UploadEndpoint): Case[] {
  const { multipart } = endpoint;
  // An endpoint with path parameters (a conversation's files) takes them from the valid request.
  const pathFor = (valid: UploadInput<UploadEndpoint>) => pathOf(endpoint, valid.params);
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const send = (app: TestApp, token: string, input: UploadInput<UploadEndpoint>) => upload(app, endpoint, input, { token });
  const cases: Case[] = [
    {
      name: 'a JSON body (not multipart)',
      code: 'TL_CORE_00415_E',
      send: (app, token, valid) => request(app.baseUrl, endpoint.method, pathFor(valid), { json: {}, headers: auth(token) }),
    },
    {
      name: 'a multipart body cut short (malformed)',
      code: 'TL_CORE_00400_E',
      send: (app, token, valid) => {
        const raw = rawMultipart([textPart('note', 'no closing boundary follows')], false);
        return request(app.baseUrl, endpoint.method, pathFor(valid), { body: raw.body, headers: { ...raw.headers, ...auth(token) } });
      },
    },
    {
      name: 'more parts than the limits allow',
      code: 'TL_CORE_00413_E',
      send: (app, token, valid) => {
        const count = Math.max(multipart.limits.parts, multipart.limits.fields) + 1;
        const raw = rawMultipart(Array.from({ length: count }, (_, i) => textPart(`extra${i}`, 'x')));
        return request(app.baseUrl, endpoint.method, pathFor(valid), { body: raw.body, headers: { ...raw.headers, ...auth(token) } });
      },
    },
  ];
  for (const [part, file] of Object.entries(multipart.files)) {
    const withFile = (valid: UploadInput<UploadEndpoint>, value: FilePart | FilePart[] | undefined) => ({
      ...valid,
      files: { ...valid.files, [part]: value },
    });
    const first = (valid: UploadInput<UploadEndpoint>) => {
      const given = (valid.files as Record<string, FilePart | FilePart[]>)[part];
      const one = Array.isArray(given) ? given[0] : given;
      if (!one) throw new Error(`the valid request of ${endpoint.path} sends no ${part}`);
      return one;
    };
    cases.push(
      {
        name: `${part} one byte over ${file.maxBytes} bytes`,
        code: file.tooLarge,
        send: (app, token, valid) => {
          const f = first(valid);
          const data = Buffer.concat([f.data, Buffer.alloc(file.maxBytes + 1 - f.data.length)]);
          return send(app, token, withFile(valid, { ...f, data }));
        },
      },
      {
        name: `${part} a script disguised by its name and type`,
        code: file.wrongKind,
        send: (app, token, valid) => {
          const f = first(valid);
          return send(app, token, withFile(valid, { ...f, data: Buffer.from('<html><script>alert(1)</script></html>') }));
        },
      },
      {
        name: `${part} more files than the limits allow`,
        code: multipart.limits.tooManyFiles ?? 'TL_CORE_00413_E',
        send: (app, token, valid) =>
          send(
            app,
            token,
            withFile(
              valid,
              Array.from({ length: multipart.limits.files + 1 }, () => first(valid)),
            ),
          ),
      },
    );
    if (file.required && file.missing) {
      const missing = file.missing.code;
      cases.push(
        { name: `${part} left out`, code: missing, send: (app, token, valid) => send(app, token, withFile(valid, undefined)) },
        {
          name: `${part} empty`,
          code: missing,
          send: (app, token, valid) => send(app, token, withFile(valid, { ...first(valid), data: Buffer.alloc(0) })),
        },
      );
    }
  }
  if (multipart.otherFiles === 'refuse') {
    cases.push({
      name: 'a file part the endpoint does not declare',
      code: 'TL_CORE_00400_E',
      send: (app, token, valid) => {
        const form = new FormData();
        for (const [k, v] of Object.entries(valid.fields ?? {})) form.append(k, typeof v === 'string' ? v : JSON.stringify(v));
        form.append('other', new Blob([new Uint8Array(PDF_UPLOAD.data)], { type: PDF_UPLOAD.type }), PDF_UPLOAD.name);
        return fetch(`${app.baseUrl}${pathFor(valid)}`, { method: endpoint.method, headers: auth(token), body: form }).then(
          async (res) => ({
            status: res.status,
            body: await res.json(),
          }),
        );
      },
    });
  }
  for (const [name, field] of Object.entries(multipart.fields)) {
    const withField = (valid: UploadInput<UploadEndpoint>, value: unknown) => ({ ...valid, fields: { ...valid.fields, [name]: value } });
    if (field.type === 'json') {
      cases.push(
        { name: `${name} not JSON`, code: field.malformed, send: (app, token, valid) => send(app, token, withField(valid, '{"half":')) },
        { name: `${name} left out`, code: field.malformed, send: (app, token, valid) => send(app, token, withField(valid, undefined)) },
        {
          name: `${name} JSON its schema refuses`,
          code: codeFor(field.schema, []),
          send: (app, token, valid) => send(app, token, withField(valid, '[]')),
        },
      );
    } else {
      cases.push({
        name: `${name} empty`,
        code: codeFor(field.schema, ''),
        send: (app, token, valid) => send(app, token, withField(valid, '')),
      });
    }
  }
  return cases;
}

declare global {
  interface ImportMeta {
    // Vite's static import of every module matching a pattern (vitest runs on Vite).
    glob: (pattern: string | string[], options: { eager: true }) => Record<string, Record<string, unknown>>;
  }
}

describe('the upload table: every declared multipart endpoint answers each bad body with its catalogue code and changes nothing', () => {
  test('the table holds every multipart endpoint the contract declares, so a new upload cannot be left out', () => {
    const modules = import.meta.glob(['../../../packages/contract/src/api/*.ts', '!../../../packages/contract/src/api/*.test.ts'], {
      eager: true,
    });
    const declared = new Set(
      Object.values(modules)
        .flatMap((exports) => Object.values(exports))
        .filter((v): v is Endpoint => !!v && typeof v === 'object' && 'multipart' in v && 'path' in v && 'method' in v)
        .map((e) => `${e.method} ${e.path}`),
    );
    expect(declared.size).toBeGreaterThanOrEqual(5);
    expect(new Set(TABLE.map((r) => `${r.endpoint.method} ${r.endpoint.path}`))).toEqual(declared);
  });

  test.each(TABLE.map((r) => [`${r.endpoint.method} ${r.endpoint.path}`, r] as const))(
    '%s',
    async (_name, { endpoint, account, valid }) => {
      const app = await env.start({ config: { clientAccounts: true } });
      const caller = await account(app);
      expect(caller.userId).toMatch(/^[0-9a-f-]{36}$/);
      const request = { ...(await valid()), ...(caller.params ? { params: caller.params } : {}) };
      const before = await stateOf(app, caller.userId);
      const cases = casesOf(endpoint);
      expect(cases.length).toBeGreaterThanOrEqual(7);
      for (const c of cases) {
        const res = await c.send(app, caller.token, request);
        expectFailure(res, ERRORS[c.code].status, c.code, `${endpoint.path}: ${c.name}`);
        expect(await stateOf(app, caller.userId), `${endpoint.path}: ${c.name} changed nothing`).toEqual(before);
      }
      // The request every case spoiled is itself accepted, so each failure above is that case's own.
      const ok = await upload(app, endpoint, request, { token: caller.token });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(await stateOf(app, caller.userId)).not.toEqual(before);
    },
  );
});
