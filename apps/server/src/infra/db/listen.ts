import type pg from 'pg';

// LISTEN on a PostgreSQL server (issue 36, decision 227): one dedicated connection per channel and
// instance, outside the pool (a pooled connection is handed to other queries; LISTEN needs one that
// stays). When the connection drops it is opened again after a short pause, and `onReconnect` runs
// (notifications sent while it was down are lost: the caller reads what it missed).

export type Listen = (channel: string, onPayload: (payload: string) => void, onReconnect?: () => void) => Promise<() => Promise<void>>;

const RETRY_MS = [100, 250, 500, 1_000, 2_000, 5_000];

export function listenerFor(pgModule: typeof pg, connectionString: string, connectionTimeoutMillis: number): Listen {
  return async (channel, onPayload, onReconnect) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
    let client: pg.Client | undefined;
    let stopped = false;
    let attempt = 0;
    let retry: NodeJS.Timeout | undefined;

    const connect = async (first: boolean): Promise<void> => {
      const c = new pgModule.Client({ connectionString, connectionTimeoutMillis });
      c.on('notification', (n) => {
        if (n.channel === channel) onPayload(n.payload ?? '');
      });
      c.on('error', () => {});
      c.on('end', () => {
        if (stopped || client !== c) return;
        client = undefined;
        schedule();
      });
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      if (stopped) {
        await c.end().catch(() => {});
        return;
      }
      client = c;
      attempt = 0;
      if (!first) onReconnect?.();
    };
    const schedule = () => {
      if (stopped) return;
      const delay = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)] ?? 5_000;
      attempt += 1;
      retry = setTimeout(() => {
        connect(false).catch(() => schedule());
      }, delay);
      retry.unref();
    };

    await connect(true);
    return async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    };
  };
}
