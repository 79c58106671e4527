import { eq } from 'drizzle-orm';
import type { FastifyRequest, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import type { Clock } from '../infra/clock.ts';
import { hitCounter } from '../infra/counters.ts';
import type { Db } from '../infra/db/client.ts';
import { users } from '../infra/db/schema.ts';
import type { TokenService } from '../infra/tokens.ts';
import { AppError } from './app-error.ts';

export type AuthUser = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    user?: AuthUser;
  }
}

/** Requires a valid Bearer access token of an existing user; sets request.user. */
export function requireUser(db: Db, tokens: TokenService): preHandlerHookHandler {
  return async (request) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer ([A-Za-z0-9._-]+)$/.exec(header);
    const userId = match?.[1] ? await tokens.verify(match[1]) : null;
    if (!userId) throw new AppError('TL_CORE_00401_E');
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) throw new AppError('TL_CORE_00401_E');
    request.user = user;
  };
}

/**
 * Requires a valid access token, without loading the user: for shared reference data (search),
 * where the token's signature and expiry are all that matter.
 */
export function requireToken(tokens: TokenService): preHandlerHookHandler {
  return async (request) => {
    const match = /^Bearer ([A-Za-z0-9._-]+)$/.exec(request.headers.authorization ?? '');
    if (!match?.[1] || !(await tokens.verify(match[1]))) throw new AppError('TL_CORE_00401_E');
  };
}

export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('TL_CORE_00401_E');
  return request.user;
}

/**
 * Per-IP limit for one route, counted in the database so it holds across instances. Runs on
 * request, before the body is read, so malformed requests count too.
 */
export function rateLimit(db: Db, clock: Clock, name: string, perMinute: number): onRequestHookHandler {
  return async (request) => {
    const count = await hitCounter(db, `ip:${name}:${request.ip}`, 60_000, clock.now());
    if (count > perMinute) throw new AppError('TL_CORE_00429_E');
  };
}
