import http from 'node:http';
import net, { type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { errorBody } from '@talentloop/contract';

// Open connections (issues 8 and 18): a cap in total and one per peer address, and, near the total
// cap, "pressure": many addresses each within their own cap (40 addresses of 128 fill 4,096) must
// not keep a new client out until their requests time out. Under pressure the header and request
// deadlines shrink, an address may hold only a smaller share, and the connections that cost the
// most while doing the least are closed to keep room: idle keep-alive sockets first, then the
// slowest requests still arriving (from the addresses holding the most first). A request that has
// arrived and is being answered is never closed to make room.
//
// Cost: a map entry and two listeners per connection, a listener per request; the sweep that ranks
// connections runs only under pressure, every SWEEP_MS.

/** Pressure starts when this share of the total cap is open ... */
const HIGH_WATER = 0.8;
/** ... and the sweep closes connections until this share is left. */
const LOW_WATER = 0.6;
const SWEEP_MS = 250;
/** Pressure ends once nothing had to be closed for this long (and the low-water mark holds). */
const CALM_MS = 5_000;
/** A connection this young is not closed to make room while it has not sent a whole request (a new client needs a moment). */
const GRACE_MS = 1_000;
/** The queue of candidates is re-ranked at most this often when new connections use it up. */
const RERANK_MS = 100;
/** Header and request deadlines under pressure: a fifth and a quarter of the configured ones, within these bounds. */
const PRESSURE_HEADERS_MS = { min: 1_000, divisor: 5 };
const PRESSURE_REQUEST_MS = { min: 5_000, divisor: 4 };

export type ConnectionLimits = {
  maxConnections: number;
  maxConnectionsPerIp: number;
  /** What one address may hold under pressure (new connections past it are closed at once). */
  pressureConnectionsPerIp: number;
};

type Warn = (kind: string, details: Record<string, unknown>, message: string) => void;

/**
 * The address a limit counts: IPv4 as is (an IPv4-mapped IPv6 address, in either written form, as
 * its IPv4 form), IPv6 by its /64 prefix, since one subscriber usually holds a whole /64; any
 * written form of an address (compressed, zero-padded, upper case, an IPv4 tail, a zone) gives
 * the same key.
 */
export function addressKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const bare = address.split('%')[0]?.toLowerCase() ?? '';
  if (!net.isIPv6(bare)) return bare;
  const groups = ipv6Groups(bare);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (no zone). */
function ipv6Groups(address: string): number[] {
  let text = address;
  // An IPv4 tail is two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(zeros).fill('0'), ...right].map((g) => Number.parseInt(g, 16));
}

type Tracked = {
  socket: Socket;
  key: string;
  openedAt: number;
  /** waiting: no request received yet on this connection; request: received, not yet answered; idle: answered, keep-alive. */
  phase: 'waiting' | 'request' | 'idle';
  /** When the phase began, and the bytes read by then. */
  since: number;
  bytesAt: number;
  request?: http.IncomingMessage;
  closed: boolean;
};

type Candidate = { conn: Tracked; rank: [number, number, number, number] };

/**
 * Caps open connections in total (node closes sockets past it at once) and per address, and keeps
 * room for new clients near the total cap. Returns the state for logs and tests.
 */
export function guardConnections(server: http.Server, limits: ConnectionLimits, warn: Warn, now: () => number = () => performance.now()) {
  server.maxConnections = limits.maxConnections;
  server.on('drop', (data) => {
    warn(
      'connections-total',
      { remoteAddress: data?.remoteAddress, max: limits.maxConnections },
      'limit reached: too many open connections, new connection closed',
    );
  });

  const high = Math.max(1, Math.floor(limits.maxConnections * HIGH_WATER));
  const low = Math.max(0, Math.floor(limits.maxConnections * LOW_WATER));
  const normalTimeouts = { headers: server.headersTimeout, request: server.requestTimeout };
  const pressureRequestMs = shorten(normalTimeouts.request, PRESSURE_REQUEST_MS);
  const pressureHeadersMs = Math.min(shorten(normalTimeouts.headers, PRESSURE_HEADERS_MS), pressureRequestMs);

  const tracked = new Map<Socket, Tracked>();
  const perAddress = new Map<string, number>();
  let pressure = false;
  let sweepTimer: NodeJS.Timeout | undefined;
  let lastEvictionAt = 0;
  let evicted = 0;
  let queue: Candidate[] = [];
  let queueAt = Number.NEGATIVE_INFINITY;
  let next = 0;

  const untrack = (conn: Tracked) => {
    if (conn.closed) return;
    conn.closed = true;
    tracked.delete(conn.socket);
    const left = (perAddress.get(conn.key) ?? 1) - 1;
    if (left <= 0) perAddress.delete(conn.key);
    else perAddress.set(conn.key, left);
  };

  /** How a connection may be closed to make room, or undefined when it may not. */
  const classify = (conn: Tracked, at: number): 'idle' | 'slow' | undefined => {
    if (conn.closed || conn.socket.destroyed) return undefined;
    const received = conn.socket.bytesRead - conn.bytesAt;
    if (conn.phase === 'request') {
      // Arrived whole and being answered: never closed to make room.
      if (!conn.request || conn.request.complete) return undefined;
      return at - conn.openedAt >= GRACE_MS ? 'slow' : undefined;
    }
    if (received === 0) return conn.phase === 'idle' || at - conn.openedAt >= GRACE_MS ? 'idle' : undefined;
    // Part of a request has arrived, not yet its headers.
    return at - conn.openedAt >= GRACE_MS ? 'slow' : undefined;
  };

  /** Lower ranks go first: idle before slow; the addresses over their share first; slower first (by powers of two); then the oldest. */
  const rank = (conn: Tracked, kind: 'idle' | 'slow', at: number): Candidate['rank'] => {
    const overShare = (perAddress.get(conn.key) ?? 0) > limits.pressureConnectionsPerIp ? 0 : 1;
    if (kind === 'idle') return [0, overShare, 0, conn.since];
    const rate = (conn.socket.bytesRead - conn.bytesAt) / Math.max(0.001, (at - conn.since) / 1000);
    return [1, overShare, Math.floor(Math.log2(rate + 1)), conn.since];
  };

  const rerank = (at: number) => {
    const candidates: Candidate[] = [];
    for (const conn of tracked.values()) {
      const kind = classify(conn, at);
      if (kind) candidates.push({ conn, rank: rank(conn, kind, at) });
    }
    candidates.sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1] || a.rank[2] - b.rank[2] || a.rank[3] - b.rank[3]);
    queue = candidates;
    queueAt = at;
    next = 0;
  };

  /** Closes the next connection in line; false when none may be closed. */
  const evictOne = (at: number): boolean => {
    for (;;) {
      if (next >= queue.length) {
        if (at - queueAt < RERANK_MS) return false;
        rerank(at);
        if (queue.length === 0) return false;
      }
      const candidate = queue[next];
      next += 1;
      if (!candidate) continue;
      const { conn } = candidate;
      const kind = classify(conn, at);
      if (!kind) continue;
      const headersArriving = kind === 'slow' && conn.phase !== 'request';
      untrack(conn);
      // A request whose headers are still arriving has no answer started: it gets a 503 (try again).
      if (headersArriving && conn.socket.writable) {
        const body = JSON.stringify(errorBody('TL_CORE_00503_E'));
        conn.socket.write(
          `HTTP/1.1 503 ${http.STATUS_CODES[503]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nRetry-After: 1\r\nConnection: close\r\n\r\n${body}`,
        );
      }
      conn.socket.destroy();
      evicted += 1;
      lastEvictionAt = at;
      return true;
    }
  };

  const sweep = () => {
    const at = now();
    if (tracked.size > low) {
      rerank(at);
      while (tracked.size > low && evictOne(at)) {}
    }
    if (tracked.size <= low && at - lastEvictionAt >= CALM_MS) leavePressure();
  };

  const enterPressure = (at: number) => {
    pressure = true;
    lastEvictionAt = at;
    server.headersTimeout = pressureHeadersMs;
    server.requestTimeout = pressureRequestMs;
    sweepTimer = setInterval(sweep, SWEEP_MS);
    sweepTimer.unref();
    warn(
      'connection-pressure',
      {
        open: tracked.size,
        max: limits.maxConnections,
        highWater: high,
        lowWater: low,
        perAddressShare: limits.pressureConnectionsPerIp,
        headersTimeoutMs: pressureHeadersMs,
        requestTimeoutMs: pressureRequestMs,
        evictedSoFar: evicted,
      },
      'limit near: open connections near the cap; idle and slow connections are closed to keep room for new clients',
    );
  };

  const leavePressure = () => {
    pressure = false;
    server.headersTimeout = normalTimeouts.headers;
    server.requestTimeout = normalTimeouts.request;
    clearInterval(sweepTimer);
    sweepTimer = undefined;
    queue = [];
    next = 0;
  };

  server.on('connection', (socket: Socket) => {
    const key = addressKey(socket.remoteAddress);
    const held = perAddress.get(key) ?? 0;
    const cap = pressure ? Math.min(limits.pressureConnectionsPerIp, limits.maxConnectionsPerIp) : limits.maxConnectionsPerIp;
    if (held >= cap) {
      warn(
        'connections-per-address',
        { address: key, max: cap, pressure },
        'limit reached: too many open connections from one address, new connection closed',
      );
      socket.destroy();
      return;
    }
    const at = now();
    const conn: Tracked = { socket, key, openedAt: at, phase: 'waiting', since: at, bytesAt: 0, closed: false };
    tracked.set(socket, conn);
    perAddress.set(key, held + 1);
    socket.once('close', () => untrack(conn));
    if (!pressure && tracked.size >= high) enterPressure(at);
    // Room for the next client: one closed for each opened past the high-water mark.
    if (pressure) while (tracked.size > high && evictOne(at)) {}
  });

  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const conn = tracked.get(req.socket);
    if (!conn) return;
    conn.phase = 'request';
    conn.request = req;
    conn.since = now();
    conn.bytesAt = req.socket.bytesRead;
    res.once('close', () => {
      if (conn.request !== req) return;
      conn.phase = 'idle';
      conn.request = undefined;
      conn.since = now();
      conn.bytesAt = req.socket.bytesRead;
    });
  });

  server.on('close', () => {
    if (pressure) leavePressure();
  });

  return {
    /** One sweep now (the timer runs it every SWEEP_MS under pressure). */
    sweep,
    get pressure() {
      return pressure;
    },
    get open() {
      return tracked.size;
    },
    get evicted() {
      return evicted;
    },
  };
}

function shorten(ms: number, rule: { min: number; divisor: number }): number {
  return Math.min(ms, Math.max(rule.min, Math.floor(ms / rule.divisor)));
}
