import fs from 'node:fs';
import http from 'node:http';
import type { Socket } from 'node:net';
import { ERRORS, type ErrorCode, errorBody } from '@talentloop/contract';
import type { FastifyBaseLogger, FastifyHttpOptions, FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Clock } from '../infra/clock.ts';
import { type ConnectionLimits, addressKey, guardConnections } from './connections.ts';

export { addressKey } from './connections.ts';

// Transport limits against slow-connection and flooding outages (issue 8): timeouts for headers,
// whole requests, idle sockets and keep-alive; a cap on open connections in total and per peer
// address, with room kept for new clients near the total cap (http/connections.ts); a general
// per-address request rate on every path (API, unknown paths, the single-page fallback, static
// files) beside the stricter per-route auth limits counted in the database.
// Every limit that bites is logged as a warning, at most once per LOG_EVERY_MS per kind.

const LOG_EVERY_MS = 10_000;
const WINDOW_MS = 60_000;
/** Addresses tracked per window at most; past it new addresses are let through (memory stays bounded). */
const MAX_TRACKED_ADDRESSES = 100_000;
const DEFAULT_REQUEST_LIMIT = 600;
const DEFAULT_MAX_CONNECTIONS = 4_096;
const DEFAULT_MAX_CONNECTIONS_PER_IP = 128;
const PRESSURE_MIN_PER_IP = 4;

/** The open-file limit of this process (Linux), to keep the connection cap below it. */
function openFileLimit(): number | undefined {
  try {
    const match = /^Max open files\s+(\d+)/m.exec(fs.readFileSync('/proc/self/limits', 'utf8'));
    return match?.[1] ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

export type TransportLimits = ConnectionLimits & { requestLimitPerMinute: number };

/** The limits in force: configured values, else defaults that fit the machine and the auth limits. */
export function resolveLimits(config: Config): TransportLimits {
  const files = openFileLimit();
  // Half the file descriptors at most: the database, mail, logs and files need the rest.
  const maxConnections = config.maxConnections ?? Math.min(DEFAULT_MAX_CONNECTIONS, files ? Math.max(64, Math.floor(files / 2)) : Infinity);
  // Behind a trusted proxy every socket comes from the proxy: only the total cap applies there (the
  // proxy holds the slow clients), while the request rate still counts the forwarded client address.
  const maxConnectionsPerIp = config.maxConnectionsPerIp ?? (config.trustProxy ? maxConnections : DEFAULT_MAX_CONNECTIONS_PER_IP);
  // Near the total cap an address may hold a quarter of its own cap (at least 4), so a few dozen
  // addresses cannot split the whole cap between them; not behind a proxy (one address for all).
  const pressureConnectionsPerIp =
    maxConnectionsPerIp >= maxConnections
      ? maxConnectionsPerIp
      : Math.min(maxConnectionsPerIp, Math.max(PRESSURE_MIN_PER_IP, Math.floor(maxConnectionsPerIp / 4)));
  const requestLimitPerMinute = config.requestLimitPerMinute ?? Math.max(DEFAULT_REQUEST_LIMIT, config.rateLimitPerMinute * 10);
  return { maxConnections, maxConnectionsPerIp, pressureConnectionsPerIp, requestLimitPerMinute };
}

/** Warnings at most once per interval per kind, with how many were left out in between. */
export function createThrottledWarn(getLog: () => FastifyBaseLogger | undefined, everyMs = LOG_EVERY_MS) {
  const state = new Map<string, { last: number; suppressed: number }>();
  return (kind: string, details: Record<string, unknown>, message: string) => {
    const now = Date.now();
    const entry = state.get(kind);
    if (entry && now - entry.last < everyMs) {
      entry.suppressed += 1;
      return;
    }
    getLog()?.warn({ limit: kind, ...details, suppressedSinceLastWarning: entry?.suppressed ?? 0 }, message);
    state.set(kind, { last: now, suppressed: 0 });
  };
}

/**
 * Fastify constructor options for the timeouts (node's headersTimeout, and how often node checks
 * it, go through the `http` server options) and a client-error handler that logs timeouts.
 */
export function transportServerOptions(
  config: Config,
  warn: ReturnType<typeof createThrottledWarn>,
): Partial<FastifyHttpOptions<http.Server>> {
  return {
    connectionTimeout: config.connectionTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
    http: {
      // node refuses a header timeout longer than the request timeout.
      headersTimeout: Math.min(config.headersTimeoutMs, config.requestTimeoutMs),
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: config.timeoutCheckMs,
    },
    // As fastify's default handler, with the failure envelope and a warning when a slow request is cut off.
    clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
      if (err.code === 'ECONNRESET' || socket.destroyed) return;
      let code: ErrorCode = 'TL_CORE_00400_E';
      if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
        code = 'TL_CORE_00408_E';
        warn('request-timeout', { remoteAddress: socket.remoteAddress }, 'limit reached: request not received in time, connection closed');
      } else if (err.code === 'HPE_HEADER_OVERFLOW') code = 'TL_CORE_00431_E';
      const { status } = ERRORS[code];
      const body = JSON.stringify(errorBody(code));
      if (socket.writable) {
        socket.write(
          `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
        );
      }
      socket.destroy();
    },
  };
}

/**
 * A fixed-window request counter per address, in memory (each instance counts its own share; the
 * auth limits, which must hold across instances, are counted in the database).
 */
export function createRequestCounter(perWindow: number, now: () => number, windowMs = WINDOW_MS) {
  let counts = new Map<string, number>();
  let windowStart = now();
  return {
    /** Counts one request; false once the address is over its budget for this window. */
    take(key: string): boolean {
      const at = now();
      if (at - windowStart >= windowMs || at < windowStart) {
        counts = new Map();
        windowStart = at;
      }
      const count = (counts.get(key) ?? 0) + 1;
      if (count === 1 && counts.size >= MAX_TRACKED_ADDRESSES) return true;
      counts.set(key, count);
      return count <= perWindow;
    },
    retryAfterSeconds(): number {
      return Math.max(1, Math.ceil((windowStart + windowMs - now()) / 1000));
    },
  };
}

/**
 * Installs the connection caps and the general request limit. Call right after the constructor
 * (with the options of transportServerOptions) and before any route is registered.
 */
export function installTransportLimits(
  app: FastifyInstance,
  opts: { config: Config; clock: Clock; warn: ReturnType<typeof createThrottledWarn> },
) {
  const limits = resolveLimits(opts.config);
  const { warn } = opts;
  guardConnections(app.server, limits, warn);
  // While closing, node no longer times requests out, so a slow client could hold a shutdown
  // open for ever: requests in flight get a grace period, then their connections are closed.
  app.addHook('preClose', async () => {
    const timer = setTimeout(() => {
      warn(
        'shutdown-grace',
        { graceMs: opts.config.shutdownGraceMs },
        'limit reached: requests still open after the shutdown grace period, connections closed',
      );
      app.server.closeAllConnections();
    }, opts.config.shutdownGraceMs);
    timer.unref();
    app.server.once('close', () => clearTimeout(timer));
  });
  const counter = createRequestCounter(limits.requestLimitPerMinute, () => opts.clock.now().getTime());
  // onRequest runs before the body is read, for every route and for the not-found handlers.
  app.addHook('onRequest', async (request, reply) => {
    const key = addressKey(request.ip);
    if (counter.take(key)) return;
    warn('requests-per-address', { address: key, max: limits.requestLimitPerMinute }, 'limit reached: too many requests from one address');
    return reply.code(429).header('retry-after', String(counter.retryAfterSeconds())).send(errorBody('TL_CORE_00429_E'));
  });
  return limits;
}
