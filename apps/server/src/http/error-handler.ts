import { ERRORS, type ErrorCode, errorBody, isErrorCode } from '@talentloop/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseUnavailableReason } from '../infra/db/unavailable.ts';
import { AppError } from './app-error.ts';

function send(reply: FastifyReply, code: ErrorCode, message?: string) {
  return reply.status(ERRORS[code].status).send(errorBody(code, message));
}

/** The SQLSTATE of a database error anywhere in the cause chain (drizzle wraps the driver's error). */
export function sqlState(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

const isQueryError = (err: unknown) =>
  (err as { name?: string })?.name === 'DrizzleQueryError' || /^Failed query:/.test((err as { message?: string })?.message ?? '');

/**
 * What an error log line may hold. A database error's message carries the query's parameters
 * (password hashes, emails, names), and the driver's message and detail quote values too
 * ('Key (email)=(...)'), so for those only the SQLSTATE and the names of the constraint, table and
 * column are kept. Other errors keep type, message and stack (they are our code's failures).
 */
export function safeError(err: unknown): Record<string, unknown> {
  const state = sqlState(err);
  if (state || isQueryError(err)) {
    const pg = (function find(e: unknown, depth: number): Record<string, unknown> | undefined {
      if (!e || typeof e !== 'object' || depth > 5) return undefined;
      const c = e as Record<string, unknown>;
      if (typeof c.code === 'string' && /^[0-9A-Z]{5}$/.test(c.code)) return c;
      return find(c.cause, depth + 1);
    })(err, 0);
    const pick = (key: string) => (typeof pg?.[key] === 'string' ? { [key]: pg[key] } : {});
    return {
      type: 'DatabaseError',
      sqlState: state ?? 'unknown',
      ...pick('constraint'),
      ...pick('table'),
      ...pick('column'),
      ...pick('routine'),
    };
  }
  const e = err as { name?: string; message?: string; stack?: string; code?: string };
  return { type: e?.name ?? typeof err, message: e?.message, code: e?.code, stack: e?.stack };
}

/**
 * The logger's serializer for `err` (app.ts): any line that logs an error under `err` (mail
 * outbox, timers, plugins) gets the same treatment, so a database error never writes its parameters.
 */
export function errSerializer(err: Error): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (sqlState(err) || isQueryError(err)) {
    const safe = safeError(err);
    return { ...safe, type: 'DatabaseError', message: `database error ${String(safe.sqlState)}`, stack: '' };
  }
  const e = err as Error & { code?: string; statusCode?: number };
  return { type: e?.name ?? 'Error', message: String(e?.message ?? err), code: e?.code, statusCode: e?.statusCode, stack: e?.stack ?? '' };
}

/** Method, route pattern (never the query string) and request id: what an error line says about the request. */
function where(request: FastifyRequest) {
  return { method: request.method, route: request.routeOptions?.url ?? 'unknown', reqId: request.id };
}

// Errors of the multipart parser (@fastify/busboy) for bodies that are not well-formed (no or wrong
// boundary, truncated): the client's fault, answered 400. They carry no status code of their own.
const MALFORMED_MULTIPART = /^Multipart: Boundary not found$|unexpected end of multipart data$|^Malformed /i;

/** One error handler: catalogue codes for known failures, a generic message (never a stack) for the rest. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) return send(reply, err.code, err.responseMessage);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issue = err.validation[0];
      const message = issue?.message ?? '';
      if (isErrorCode(message)) return send(reply, message);
      const field = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.');
      return send(reply, 'TL_CORE_00400_E', field ? `${field}: ${message}` : message);
    }
    const unavailable = databaseUnavailableReason(err);
    if (unavailable) {
      // The database is down, restarting or unreachable: a clear, retryable answer, not a 500 or a hang.
      request.log.warn({ reason: unavailable, ...where(request) }, 'database unavailable');
      return send(reply.header('retry-after', '5'), 'TL_CORE_00503_E');
    }
    const state = sqlState(err);
    if (state?.startsWith('22')) {
      // A data exception (a value the column cannot hold: NUL in text, an impossible date, a number
      // out of range): bad input that got past validation. The client gets 400; we get a warning.
      request.log.warn({ error: safeError(err), ...where(request) }, 'database refused a value');
      return send(reply, 'TL_CORE_00400_E');
    }
    if (!err.statusCode && MALFORMED_MULTIPART.test(err.message ?? '')) {
      return send(reply, 'TL_CORE_00400_E', 'The multipart body is not well-formed.');
    }
    const status = err.statusCode ?? 500;
    if (status === 413) return send(reply, 'TL_CORE_00413_E');
    if (err.code === 'FST_INVALID_JSON_FIELD_ERROR') return send(reply, 'TL_CORE_00400_E', 'A multipart field is not valid JSON.');
    if (status === 415 || status === 406) return send(reply, 'TL_CORE_00415_E');
    if (status === 429) return send(reply, 'TL_CORE_00429_E');
    if (status >= 400 && status < 500) {
      const message = err.code?.startsWith('FST_ERR_CTP') ? 'The request body is not valid.' : undefined;
      return send(reply, 'TL_CORE_00400_E', message);
    }
    request.log.error({ error: safeError(err), ...where(request) }, 'request failed');
    return send(reply, 'TL_CORE_00500_E');
  });
}
