import { openConversation, sendMessage, type StreamEvent, streamConversations } from '@talentloop/contract/api/messages';
import { type TestApp, call, okBody, pathOf, until } from '../helpers.ts';
import { interviewSetting } from '../interviews/support.ts';

// Messages' tests (issue 36): a verified company, a vetted freelancer on one of its lists, the
// conversation opened, and a Server-Sent Events reader as a browser's fetch reads the stream.

export async function conversationSetting(app: TestApp, opts: { companyName?: string } = {}) {
  const setting = await interviewSetting(app, opts);
  const conversation = okBody(
    await call(app, openConversation, { body: { candidateId: setting.candidate.id } }, { token: setting.company.token }),
  ).conversation;
  return { ...setting, conversation };
}

export const say = async (app: TestApp, token: string, conversationId: string, text: string) =>
  okBody(await call(app, sendMessage, { params: { conversationId }, body: { text } }, { token })).message;

export type Received = { id: string | null; event: string; data: StreamEvent };

/** An open stream: every event received so far, the HTTP status, and a way to drop it. */
export type StreamReader = {
  status: number;
  events: Received[];
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  isEnded: () => boolean;
  close: () => void;
  /** Resolves at the arrival of the event that makes `check` hold (the bench's timing; no polling). */
  arrival: (check: (events: Received[]) => boolean) => Promise<void>;
  /** Waits until `check` holds over the events received (a ceiling, never a fixed wait). */
  until: <T>(check: (events: Received[]) => T | undefined | false, what: string) => Promise<T>;
};

export async function openStream(
  app: TestApp,
  token: string,
  opts: { lastEventId?: string; after?: string; baseUrl?: string } = {},
): Promise<StreamReader> {
  const controller = new AbortController();
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'text/event-stream' };
  if (opts.lastEventId) headers['last-event-id'] = opts.lastEventId;
  const url = `${opts.baseUrl ?? app.baseUrl}${pathOf(streamConversations, {}, opts.after ? { after: opts.after } : undefined)}`;
  const res = await fetch(url, { headers, signal: controller.signal });
  const events: Received[] = [];
  const waiters = new Set<() => void>();
  let ended = false;
  let done: () => void = () => {};
  const endedPromise = new Promise<void>((resolve) => {
    done = resolve;
  });
  if (res.status !== 200 || !res.body) {
    ended = true;
    done();
    await res.text().catch(() => '');
  } else {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      try {
        for (;;) {
          const { value, done: finished } = await reader.read();
          if (finished) break;
          buffer += decoder.decode(value, { stream: true });
          let split = buffer.indexOf('\n\n');
          while (split >= 0) {
            const block = buffer.slice(0, split);
            buffer = buffer.slice(split + 2);
            let id: string | null = null;
            let event = 'message';
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith('id: ')) id = line.slice(4);
              else if (line.startsWith('event: ')) event = line.slice(7);
              else if (line.startsWith('data: ')) data.push(line.slice(6));
            }
            if (data.length > 0) {
              events.push({ id, event, data: JSON.parse(data.join('\n')) as StreamEvent });
              for (const w of [...waiters]) w();
            }
            split = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // aborted
      } finally {
        ended = true;
        done();
      }
    })();
  }
  return {
    status: res.status,
    events,
    ended: endedPromise,
    isEnded: () => ended,
    close: () => controller.abort(),
    arrival: (check) =>
      new Promise<void>((resolve) => {
        if (check(events)) return resolve();
        const w = () => {
          if (!check(events)) return;
          waiters.delete(w);
          resolve();
        };
        waiters.add(w);
      }),
    until: (check, what) => until(() => check(events), what),
  };
}

/** The message ids of the stream's new-message events, in order. */
export const messageIdsOf = (events: Received[]) => events.flatMap((e) => (e.data.kind === 'message' ? [e.data.message.id] : []));
