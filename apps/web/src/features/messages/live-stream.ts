import { createSseParser } from './sse.ts';

// The live side of messages (issue 36, decision 230): one stream per tab, opened by the shell, that
// hands each event to the cache. The stream takes the session's token in the Authorization header
// (contract: streamConversations), so it is read with fetch, not EventSource. Every drop (network,
// the server's 'closed' when a session ends, a refused open) is followed by a new request that sends
// the last event id seen as Last-Event-ID: the server replays what came after it, and the cache
// merges by message id, so a replay never shows twice. Reconnects back off (1 s doubling to 30 s)
// and start at once when the tab comes back online.

export type StreamState = 'connecting' | 'open' | 'down';

export type LiveStreamOptions = {
  /** Opens the stream after `lastEventId` (null: from now); resolves with the server's answer. */
  open: (lastEventId: string | null, signal: AbortSignal) => Promise<Response>;
  onEvent: (type: string, data: unknown, id: string | null) => void;
  onState?: (state: StreamState) => void;
  /** Before a reconnect after the server refused (401) or closed the stream: renew the session. */
  renew?: () => Promise<unknown>;
};

export const RECONNECT_FIRST_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/** The wait before reconnect attempt `attempt` (0-based): 1 s, 2 s, 4 s … up to 30 s. */
export const reconnectDelay = (attempt: number) => Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** attempt);

/** Opens the stream and keeps it open until the returned function is called. */
export function openLiveStream(opts: LiveStreamOptions): () => void {
  let lastEventId: string | null = null;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let running = false;
  let needsRenewal = false;
  const control = new AbortController();

  const state = (s: Parameters<NonNullable<LiveStreamOptions['onState']>>[0]) => opts.onState?.(s);

  async function run() {
    if (stopped || running) return;
    running = true;
    state('connecting');
    try {
      if (needsRenewal) {
        needsRenewal = false;
        await opts.renew?.();
      }
      const res = await opts.open(lastEventId, control.signal);
      if (res.status === 401) needsRenewal = true;
      if (!res.ok || !res.body) throw new Error(`stream ${res.status}`);
      attempt = 0;
      state('open');
      const parser = createSseParser((e) => {
        if (e.id) lastEventId = e.id;
        let data: unknown;
        try {
          data = JSON.parse(e.data);
        } catch {
          return;
        }
        // The server ends a stream whose session ended: renew before the reconnect.
        if (e.event === 'closed') needsRenewal = true;
        // Too much was missed: resume from where the server says, after the lists reload.
        if (e.event === 'reset' && data && typeof data === 'object' && 'lastEventId' in data) lastEventId = String(data.lastEventId);
        opts.onEvent(e.event, data, e.id);
      });
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.push(value);
      }
    } catch {
      // Dropped, refused or aborted: the retry below (unless stopped).
    } finally {
      running = false;
    }
    retry();
  }

  function retry() {
    if (stopped) return;
    state('down');
    clearTimeout(timer);
    timer = setTimeout(run, reconnectDelay(attempt));
    attempt += 1;
  }

  const online = () => {
    if (running || stopped) return;
    clearTimeout(timer);
    void run();
  };
  globalThis.addEventListener?.('online', online);
  void run();

  return () => {
    stopped = true;
    clearTimeout(timer);
    control.abort();
    globalThis.removeEventListener?.('online', online);
  };
}
