import type { Endpoint } from '@talentloop/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export type Handler<E extends Endpoint> = (
  request: FastifyRequest & { body: Out<E['body']>; query: Out<E['query']> },
  reply: FastifyReply,
) => Promise<z.input<E['response']>>;

/** Registers a contract endpoint: its schemas validate the request and the response. */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  opts: { onRequest?: onRequestHookHandler[]; preHandler?: preHandlerHookHandler[]; bodyLimit?: number },
  handler: Handler<NoInfer<E>>,
) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    bodyLimit: opts.bodyLimit,
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.tag],
      ...(endpoint.auth ? { security: [{ bearerAuth: [] }] } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      response: { 200: endpoint.response },
    },
    onRequest: opts.onRequest,
    preHandler: opts.preHandler,
    handler: handler as never,
  });
}
