import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openLiveStream, reconnectDelay } from './live-stream.ts';

// The server's side, played by the test: each open answers a stream the test writes to and ends.
function serverStream() {
  let push: (text: string) => void = () => {};
  let end: () => void = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      push = (text) => controller.enqueue(encoder.encode(text));
      end = () => controller.close();
    },
  });
  return { response: new Response(body, { status: 200 }), push: (t: string) => push(t), end: () => end() };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('the live stream', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hands events on and, after a drop, asks again from the last event id', async () => {
    const opened: Array<string | null> = [];
    const streams: Array<ReturnType<typeof serverStream>> = [];
    const events: Array<[string, unknown, string | null]> = [];
    const stop = openLiveStream({
      open: async (last) => {
        opened.push(last);
        const s = serverStream();
        streams.push(s);
        return s.response;
      },
      onEvent: (type, data, id) => events.push([type, data, id]),
    });
    await settle();
    streams[0]?.push('id: 41\nevent: message\ndata: {"n":1}\n\n: ping\n\nid: 42\nevent: read\ndata: {"n":2}\n\n');
    streams[0]?.end();
    await settle();
    expect(opened).toEqual([null]);
    await vi.advanceTimersByTimeAsync(reconnectDelay(0));
    expect(opened).toEqual([null, '42']);
    streams[1]?.push('id: 43\nevent: message\ndata: {"n":3}\n\n');
    await settle();
    expect(events).toEqual([
      ['message', { n: 1 }, '41'],
      ['read', { n: 2 }, '42'],
      ['message', { n: 3 }, '43'],
    ]);
    stop();
  });

  it('renews the session before reconnecting when the server closed the stream or refused it', async () => {
    const renew = vi.fn(async () => {});
    const answers = [
      () => {
        const s = serverStream();
        s.push('id: 5\nevent: closed\ndata: {"kind":"closed","reason":"session_ended"}\n\n');
        s.end();
        return s.response;
      },
      () => new Response('{}', { status: 401 }),
      () => serverStream().response,
    ];
    const opened: Array<string | null> = [];
    const stop = openLiveStream({
      open: async (last) => {
        opened.push(last);
        return (answers[opened.length - 1] ?? answers[2])?.() as Response;
      },
      onEvent: () => {},
      renew,
    });
    await settle();
    await vi.advanceTimersByTimeAsync(reconnectDelay(0));
    expect(renew).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(reconnectDelay(1));
    expect(renew).toHaveBeenCalledTimes(2);
    expect(opened).toEqual([null, '5', '5']);
    stop();
  });

  it('backs off up to 30 seconds and stops for good once closed', async () => {
    expect([0, 1, 2, 3, 10].map(reconnectDelay)).toEqual([1_000, 2_000, 4_000, 8_000, 30_000]);
    let opens = 0;
    const stop = openLiveStream({
      open: async () => {
        opens += 1;
        throw new TypeError('offline');
      },
      onEvent: () => {},
    });
    await settle();
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(opens).toBe(1);
  });
});
