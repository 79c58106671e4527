import { ERRORS, type ErrorCode, errorBody, isErrorCode } from '@talentloop/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error.ts';

function send(reply: import('fastify').FastifyReply, code: ErrorCode, message?: string) {
  return reply.status(ERRORS[code].status).send(errorBody(code, message));
}

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
    const status = err.statusCode ?? 500;
    if (status === 413) return send(reply, 'TL_CORE_00413_E');
    if (status === 415) return send(reply, 'TL_CORE_00415_E');
    if (status === 429) return send(reply, 'TL_CORE_00429_E');
    if (status >= 400 && status < 500) {
      const message = err.code?.startsWith('FST_ERR_CTP') ? 'The request body is not valid.' : undefined;
      return send(reply, 'TL_CORE_00400_E', message);
    }
    request.log.error({ err, method: request.method, url: request.url, reqId: request.id }, 'request failed');
    return send(reply, 'TL_CORE_00500_E');
  });
}
