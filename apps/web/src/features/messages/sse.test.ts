import { describe, expect, it } from 'vitest';
import { type SseEvent, createSseParser } from './sse.ts';

describe('reading an event stream', () => {
  it('dispatches named events with their ids, joins data lines and skips pings', () => {
    const seen: SseEvent[] = [];
    const parser = createSseParser((e) => seen.push(e));
    parser.push(': ping\n\nid: 7\nevent: message\ndata: {"a":1}\n\n');
    parser.push('id: 8\r\nevent: read\r\ndata: line one\r\ndata: line two\r\n\r\n');
    expect(seen).toEqual([
      { id: '7', event: 'message', data: '{"a":1}' },
      { id: '8', event: 'read', data: 'line one\nline two' },
    ]);
    expect(parser.lastId()).toBe('8');
  });

  it('keeps a line split across chunks, even between \\r and \\n', () => {
    const seen: SseEvent[] = [];
    const parser = createSseParser((e) => seen.push(e));
    for (const chunk of ['id: 1', '2\nevent: mess', 'age\ndata: x\r', '\n\r', '\n']) parser.push(chunk);
    expect(seen).toEqual([{ id: '12', event: 'message', data: 'x' }]);
  });

  it('sends nothing for an event without data', () => {
    const seen: SseEvent[] = [];
    const parser = createSseParser((e) => seen.push(e));
    parser.push('id: 3\nevent: message\n\n');
    expect(seen).toEqual([]);
    expect(parser.lastId()).toBe('3');
  });
});
