import {
  STREAM_PING_SECONDS,
  STREAM_REPLAY_MAX,
  STREAMS_PER_ACCOUNT_MAX,
  type MessageSide,
  type StreamEvent,
} from '@talentloop/contract/api/messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import type { MessageHub } from './hub.ts';
import { eventsAfter, lastEventId, liveSessions, readStreamBatch } from './queries.ts';
import { messageView } from './views.ts';

// The Server-Sent Events stream (issue 36, decision 227). A stream remembers the last event id it
// sent; every wake (hub.ts) reads the account's events after it, in id order, and sends them (one
// statement with the session check and the messages, queries.ts readStreamBatch). Event
// ids become visible in order (writers hold the events' lock), so a stream, or a client resuming
// with Last-Event-ID, gets every event once. Reads of one stream never overlap: a wake during a
// read is remembered and read after it. Each read first checks the session (revoked, signed out,
// suspended: 'closed' and the end), and a timer ends the stream when the access token expires.

const BATCH = 200;

export type StreamDeps = { db: Db; clock: Clock; hub: MessageHub; pingMs?: number };

type Open = {
  sessionId: string;
  userId: string;
  ping: () => void;
  end: (reason: 'server_closing' | 'session_ended') => void;
};

export function createStreams(deps: StreamDeps) {
  const open = new Set<Open>();
  // One timer for every stream of this instance: a comment line to each (keeps proxies from closing
  // an idle stream), then one query for the sessions still live; the others are closed. (A timer
  // per stream reading its events made 1,000 reads at once every interval.)
  let checking = false;
  const timer = setInterval(
    async () => {
      if (checking || open.size === 0) return;
      checking = true;
      try {
        const streams = [...open];
        for (const s of streams) s.ping();
        const live = await liveSessions(deps.db, [...new Set(streams.map((s) => s.sessionId))]);
        for (const s of streams) if (!live.has(s.sessionId)) s.end('session_ended');
      } catch {
        // the next tick tries again
      } finally {
        checking = false;
      }
    },
    deps.pingMs ?? STREAM_PING_SECONDS * 1_000,
  );
  timer.unref();

  async function serve(request: FastifyRequest, reply: FastifyReply, after: string | undefined): Promise<void> {
    const auth = request.auth;
    const user = request.user;
    if (!auth || !user) throw new AppError('TL_CORE_00401_E');
    const userId = user.id;
    const sessionId = auth.sessionId;
    if (deps.hub.count(user.id) >= STREAMS_PER_ACCOUNT_MAX) throw new AppError('TL_CORE_36010_E');
    const side: MessageSide = user.roles.includes('client') ? 'company' : 'freelancer';
    const header = request.headers['last-event-id'];
    const resumeFrom = typeof header === 'string' && /^\d{1,18}$/.test(header.trim()) ? header.trim() : after;
    const newest = await lastEventId(deps.db);
    let lastSent = resumeFrom === undefined ? newest : Number(resumeFrom);

    reply.hijack();
    const res = reply.raw;
    request.raw.socket.setTimeout(0);
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
      'X-Content-Type-Options': 'nosniff',
    });

    let ended = false;
    let reading = false;
    let again = false;
    const write = (e: StreamEvent, id?: number) => {
      if (ended) return;
      res.write(`${id !== undefined ? `id: ${id}\n` : ''}event: ${e.kind}\ndata: ${JSON.stringify(e)}\n\n`);
    };
    const entry: Open = {
      sessionId,
      userId,
      ping: () => {
        if (!ended) res.write(': ping\n\n');
      },
      end: (reason) => finish(reason),
    };
    const unsubscribe = deps.hub.subscribe(user.id, () => void read());
    open.add(entry);
    const token = typeof request.headers.authorization === 'string' ? request.headers.authorization.slice('Bearer '.length) : '';
    let expiry: NodeJS.Timeout | undefined;
    try {
      const exp = decodeJwt(token).exp;
      if (typeof exp === 'number') {
        expiry = setTimeout(() => finish('session_ended'), Math.max(0, exp * 1_000 - Date.now()));
        expiry.unref();
      }
    } catch {}

    function finish(reason: 'session_ended' | 'suspended' | 'server_closing' | null) {
      if (ended) return;
      if (reason) write({ kind: 'closed', reason });
      ended = true;
      if (expiry) clearTimeout(expiry);
      unsubscribe();
      open.delete(entry);
      res.end();
    }
    request.raw.on('close', () => finish(null));
    res.on('error', () => finish(null));

    async function read(): Promise<void> {
      if (ended) return;
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        do {
          again = false;
          // One statement: the session check, then the events after the last one sent with their messages.
          const batch = await readStreamBatch(deps.db, sessionId, userId, lastSent, BATCH);
          if (!batch.live) return finish('session_ended');
          const rows = batch.events;
          if (rows.length === 0) break;
          const now = deps.clock.now();
          for (const r of rows) {
            if (ended) return;
            if ((r.kind === 'message' || r.kind === 'message_changed') && r.messageId) {
              const m = r.message;
              if (m) write({ kind: r.kind, conversationId: r.conversationId, message: messageView(m, side, now) }, r.id);
            } else if (r.kind === 'read' && r.messageId && r.side) {
              write({ kind: 'read', conversationId: r.conversationId, side: r.side as MessageSide, upTo: r.messageId }, r.id);
            } else if (r.kind === 'conversation') {
              write({ kind: 'conversation', conversationId: r.conversationId }, r.id);
            }
            lastSent = r.id;
          }
          if (rows.length === BATCH) again = true;
        } while (again && !ended);
      } catch (err) {
        request.log.warn({ err }, 'messages: stream read failed');
        finish(null);
      } finally {
        reading = false;
      }
    }

    // Too far behind to replay: start again from now.
    if (resumeFrom !== undefined && lastSent < newest) {
      const missed = await eventsAfter(deps.db, user.id, lastSent, STREAM_REPLAY_MAX + 1);
      if (missed.length > STREAM_REPLAY_MAX) {
        lastSent = newest;
        write({ kind: 'reset', lastEventId: String(newest) }, newest);
      }
    }
    write({ kind: 'ready', lastEventId: String(lastSent) });
    await read();
  }

  return {
    serve,
    /** Ends every open stream ('closed', server_closing): before the server closes. */
    closeAll() {
      clearInterval(timer);
      for (const s of [...open]) s.end('server_closing');
    },
    get size() {
      return open.size;
    },
  };
}
