import type { Endpoint } from '@talentloop/contract';
import { allows, isValidAccess } from '@talentloop/contract/api/define';
import { errorResponsesOf } from '@talentloop/contract/api/error-responses';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
  preValidationHookHandler,
} from 'fastify';
import { type ZodTypeProvider, jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from './app-error.ts';
import { multipartDocSchema } from './multipart.ts';
import { NUL_MESSAGE, hasNul } from './validate.ts';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export type Handler<E extends Endpoint> = (
  request: FastifyRequest & { body: Out<E['body']>; query: Out<E['query']>; params: Out<E['params']> },
  reply: FastifyReply,
  // A download sends the file's bytes itself (`reply.send(buffer)`, never serialized as JSON).
) => Promise<E['download'] extends object ? FastifyReply : z.input<E['response']>>;

/**
 * Marks a route registered outside the contract (the OpenAPI document, the bench's and the browser
 * tests' own endpoints: none of them a product endpoint); `contractOnly` refuses any other.
 */
export const OUTSIDE_CONTRACT = { outsideContract: true } as const;

/**
 * Every route of the scope is a contract endpoint registered through `route()`, or says it is not
 * (`config: OUTSIDE_CONTRACT`): a route added by hand fails at start-up, so no endpoint's inputs
 * escape the contract (issue 19).
 */
export function contractOnly(scope: FastifyInstance) {
  scope.addHook('onRoute', (options) => {
    const config = options.config;
    if (!config?.endpoint && !config?.outsideContract) {
      throw new Error(
        `${String(options.method)} ${options.url} is not a contract endpoint: declare it in packages/contract and register it with route()`,
      );
    }
  });
}

/**
 * Per-account limit on uploads (multipart requests of signed-in callers), decorated on the app by
 * app.ts (`app.decorate('uploadLimit', ...)`) so that every route registered through `route()` gets
 * it without wiring of its own. Throws an AppError (429) when the account has sent too many.
 */
export type UploadLimit = (request: FastifyRequest, userId: string) => Promise<void>;

/**
 * The app's auth guard (requireUser: a valid access token of a live session and its user, or 401),
 * decorated on the app by app.ts (`app.decorate('authGuard', ...)`) before the features register:
 * `route()` runs it for every endpoint whose access is a role list, so no feature wires it by hand.
 */
export type AuthGuard = preHandlerHookHandler;

declare module 'fastify' {
  interface FastifyInstance {
    uploadLimit?: UploadLimit;
    authGuard?: AuthGuard;
  }
  interface FastifyContextConfig {
    /** The contract endpoint a route was registered for (`route()`). */
    endpoint?: Endpoint;
    /** A route deliberately outside the contract (OUTSIDE_CONTRACT). */
    outsideContract?: boolean;
  }
}

/**
 * The roles of the caller as the auth guard left them: the loaded user's current roles when the
 * guard loaded the user (a role taken away counts at once), else the token's (`request.auth`, set
 * by both guards). Undefined when no guard ran or it found no session.
 */
export function callerRoles(request: FastifyRequest): readonly string[] | undefined {
  return request.user?.roles ?? request.auth?.roles;
}

export function callerId(request: FastifyRequest): string | undefined {
  return request.user?.id ?? request.auth?.userId;
}

/**
 * The app's auth guard (`app.authGuard`), looked up when a request comes (so the order in which the
 * app decorates and the features register does not matter). An app that decorated none leaves the
 * caller without roles: the role check then answers 401 to everyone, never 200.
 */
const appAuthGuard: preValidationHookHandler = async function (this: FastifyInstance, request, reply) {
  const guard = this.authGuard as unknown as preValidationHookHandler | undefined;
  if (guard) await guard.call(this, request, reply, () => {});
};

/** Denied by default: runs after the auth guard (before validation); no roles (no guard ran, or no session) is 401, a role not listed 403. */
function roleGuard(endpoint: Endpoint): preValidationHookHandler {
  return async (request) => {
    const roles = callerRoles(request);
    if (!roles) throw new AppError('TL_CORE_00401_E');
    if (!allows(endpoint.access, roles)) throw new AppError('TL_CORE_00403_E');
  };
}

const uploadGuard: preHandlerHookHandler = async function (this: FastifyInstance, request) {
  const limit = this.uploadLimit;
  const userId = callerId(request);
  if (limit && userId && request.isMultipart?.()) await limit(request, userId);
};

/** A download's success answer in the OpenAPI document: its bytes under each type it may have. */
function downloadDocSchema(schema: Record<string, unknown>, download: NonNullable<Endpoint['download']>) {
  const responses = schema.response as Record<string, { description?: string }>;
  const ok = responses[200] ?? {};
  const content = Object.fromEntries(download.types.map((type) => [type, { schema: ok }]));
  return { ...schema, response: { ...responses, 200: { description: ok.description ?? 'The file', content } } };
}

/**
 * A NUL in any parsed body or query string is refused before validation (it would reach the
 * database). A path names a resource, and none has a NUL in its name: not found, as a malformed id is.
 */
const refuseNul: preValidationHookHandler = async (request) => {
  if (hasNul(request.query) || hasNul(request.body)) throw new AppError('TL_CORE_00400_E', NUL_MESSAGE);
  if (hasNul(request.params)) throw new AppError('TL_CORE_00404_E');
};

/**
 * Registers a contract endpoint: its schemas validate the request and the response, and its
 * `access` is enforced, denied by default. An endpoint that declares no access is refused here, at
 * registration. For a role list, route() runs the auth guard itself (the app's `authGuard`, or
 * `opts.guard`: the same refusals with the session's check folded into a hot read, see guards.ts),
 * then the role check, then the NUL check, all in preValidation, before the body is validated; an
 * app with no guard answers 401 to everyone, never 200. Multipart requests of a signed-in caller
 * then count against the per-account upload limit. A public endpoint runs no guard (one whose
 * answer depends on an optional session runs it in its handler: `runGuard`).
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  opts: { onRequest?: onRequestHookHandler[]; guard?: AuthGuard; bodyLimit?: number },
  handler: Handler<NoInfer<E>>,
) {
  if (!isValidAccess((endpoint as { access?: unknown }).access)) {
    throw new Error(`${endpoint.method} ${endpoint.path} declares no access ('public' or a list of roles): refused`);
  }
  const guarded = endpoint.access !== 'public';
  if (!guarded && opts.guard) {
    throw new Error(`${endpoint.method} ${endpoint.path} is public: a guard would never run (an optional session is read in the handler)`);
  }
  const authGuard = opts.guard ? (opts.guard as unknown as preValidationHookHandler) : appAuthGuard;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    bodyLimit: opts.bodyLimit,
    schema: {
      summary: endpoint.summary,
      description: endpoint.access === 'public' ? 'Access: public' : `Access: ${endpoint.access.join(', ')}`,
      tags: [endpoint.tag],
      ...(endpoint.auth || guarded ? { security: [{ bearerAuth: [] }] } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      response: { 200: endpoint.response },
    },
    // The OpenAPI document lists the endpoint's failures (the catalogue's envelope per status,
    // derived from the contract) beside its success response. Only the document: replies are not
    // serialized with them, so a failure is never turned into a 500 by its own schema.
    config: {
      endpoint,
      swaggerTransform: (document) => {
        const schema = document.schema as Record<string, unknown>;
        const response = { ...errorResponsesOf(endpoint), ...(schema.response as object) };
        const transformed = jsonSchemaTransform({ ...document, schema: { ...schema, response } } as Parameters<
          typeof jsonSchemaTransform
        >[0]);
        // A multipart body is read by http/multipart.ts, not validated by Fastify: the document
        // alone shows it, from the same declaration.
        if (endpoint.download)
          return { ...transformed, schema: downloadDocSchema(transformed.schema as Record<string, unknown>, endpoint.download) };
        if (!endpoint.multipart) return transformed;
        const body = multipartDocSchema(endpoint.multipart);
        return { ...transformed, schema: { ...transformed.schema, body, consumes: ['multipart/form-data'] } };
      },
    },
    onRequest: opts.onRequest,
    // A guarded endpoint authenticates and checks the role before the body is validated, so a
    // caller without the role learns nothing from validation answers (403, not 400).
    preValidation: guarded ? [authGuard, roleGuard(endpoint), refuseNul] : [refuseNul],
    preHandler: guarded ? [uploadGuard] : undefined,
    handler: handler as never,
  });
}
