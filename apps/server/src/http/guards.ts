import { type Access, allows } from '@talentloop/contract/api/define';
import { type SQLWrapper, and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import type { ZodType } from 'zod';
import type { Clock } from '../infra/clock.ts';
import { hitCounter } from '../infra/counters.ts';
import type { Db } from '../infra/db/client.ts';
import { sessions, users } from '../infra/db/schema.ts';
import type { AccessClaims, TokenService } from '../infra/tokens.ts';
import { AppError } from './app-error.ts';

export type AuthUser = typeof users.$inferSelect;

/** Who is calling: from the verified access token, its session checked as live. */
export type RequestAuth = { userId: string; sessionId: string; roles: string[] };

declare module 'fastify' {
  interface FastifyRequest {
    user?: AuthUser;
    auth?: RequestAuth;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9._-]{1,4096})$/;

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  return BEARER.exec(header)?.[1] ?? null;
}

/** The request's Bearer access token, verified (signature, expiry): its claims, or 401. */
async function tokenClaims(request: FastifyRequest, tokens: TokenService): Promise<RequestAuth> {
  const token = bearer(request);
  const claims = token ? await tokens.verify(token) : null;
  if (!claims) throw new AppError('TL_CORE_00401_E');
  return claims;
}

/** The session row a token names, if still live: not revoked, and the token's user's. Every guard's check. */
export function liveSession(claims: { sessionId: string | SQLWrapper; userId: string | SQLWrapper }) {
  return and(eq(sessions.id, claims.sessionId), eq(sessions.userId, claims.userId), isNull(sessions.revokedAt));
}

/**
 * Requires a valid Bearer access token whose session is live (not revoked by logout, password
 * reset or refresh-token reuse) and whose user exists: one query joining the session (primary key)
 * to its user. Sets request.auth and request.user.
 */
export function requireUser(db: Db, tokens: TokenService): preHandlerHookHandler {
  return async (request) => {
    const claims = await tokenClaims(request, tokens);
    const [row] = await db
      .select({ user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      // A suspended account's sessions are ended with the suspension; this also refuses one
      // that a sign-in racing it may have started (issue 21).
      .where(and(liveSession(claims), isNull(users.suspendedAt)));
    if (!row) throw new AppError('TL_CORE_00401_E');
    request.auth = claims;
    request.user = row.user;
  };
}

/**
 * requireUser with the handler's read folded into the guard's one statement (a hot read, one round
 * trip): `read` must select the user's current roles and its data FROM the session row filtered by
 * `liveSession(claims)`, and answer null when there is none. The same refusals as requireUser: 401
 * for a bad token or a revoked session; request.auth carries the roles just read (not the token's),
 * so the role guard sees current roles. request.user is not loaded; the handler takes the data
 * with `loaded(request)`.
 */
export function requireUserReading<T>(tokens: TokenService, read: (claims: AccessClaims) => Promise<{ roles: string[]; data: T } | null>) {
  const data = new WeakMap<FastifyRequest, T>();
  const guard: preHandlerHookHandler = async (request) => {
    const claims = await tokenClaims(request, tokens);
    const row = await read(claims);
    if (!row) throw new AppError('TL_CORE_00401_E');
    request.auth = { ...claims, roles: row.roles };
    data.set(request, row.data);
  };
  return {
    guard,
    loaded(request: FastifyRequest): T {
      if (!data.has(request)) throw new AppError('TL_CORE_00401_E');
      return data.get(request) as T;
    },
  };
}

/**
 * Runs the app's auth guard (`app.authGuard`, the one route() runs for role lists) inside a handler,
 * for a public route whose answer depends on who calls (a public photo, or a document only its owner
 * reads): it throws 401 without a valid session, or when the app decorated no guard.
 */
export async function runGuard(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const auth = app.authGuard;
  if (!auth) throw new AppError('TL_CORE_00401_E');
  await (auth as unknown as (this: FastifyInstance, req: FastifyRequest, rep: FastifyReply) => Promise<void>).call(app, request, reply);
}

/**
 * Requires a valid access token of a live session, without loading the user: for shared reference
 * data (search). One primary-key lookup of the session.
 */
export function requireToken(db: Db, tokens: TokenService): preHandlerHookHandler {
  return async (request) => {
    const claims = await tokenClaims(request, tokens);
    const [live] = await db.select({ id: sessions.id }).from(sessions).where(liveSession(claims));
    if (!live) throw new AppError('TL_CORE_00401_E');
    request.auth = claims;
  };
}

export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('TL_CORE_00401_E');
  return request.user;
}

/**
 * requireToken with the session's check moved into the handler's own statement (a hot read: one
 * round trip for the check and the read, decision "Talent search: one statement per search").
 * The guard verifies the access token (no database) and sets request.auth from it, as
 * requireToken does (the role guard reads the token's roles). The handler must run the conditions
 * of liveSession on `request.auth` inside its statement and answer 401, before anything else,
 * when the session is not live; an answer it gives without that statement (its own 400s) is
 * preceded by `live`. The answers stay requireToken's: a request the role guard or the query's
 * validation would refuse (403, 400) has its session checked here first, so an ended session is
 * 401 whatever else is wrong.
 */
export function requireTokenCheckedByHandler(db: Db, tokens: TokenService, endpoint: { access: Access; query?: ZodType }) {
  const live = async (claims: RequestAuth): Promise<void> => {
    const [row] = await db.select({ id: sessions.id }).from(sessions).where(liveSession(claims));
    if (!row) throw new AppError('TL_CORE_00401_E');
  };
  const guard: preHandlerHookHandler = async (request) => {
    const claims = await tokenClaims(request, tokens);
    if (!allows(endpoint.access, claims.roles) || (endpoint.query && !endpoint.query.safeParse(request.query).success)) await live(claims);
    request.auth = claims;
  };
  return { guard, live };
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
