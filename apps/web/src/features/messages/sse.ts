// Reading a Server-Sent Events body (text/event-stream) from fetch (issue 36): the messages stream
// takes the session's token in the Authorization header, which EventSource cannot send. This is the
// format's parser (https://html.spec.whatwg.org/multipage/server-sent-events.html#parsing-an-event-stream):
// fields `id`, `event`, `data` (several data lines join with a line break), comment lines (': ping')
// ignored, an event dispatched at a blank line. Chunks may split anywhere, even inside a line.

export type SseEvent = { id: string | null; event: string; data: string };

export function createSseParser(onEvent: (e: SseEvent) => void) {
  let buffer = '';
  let id: string | null = null;
  let event = '';
  let data: string[] = [];

  function line(text: string) {
    if (text === '') {
      if (data.length > 0) onEvent({ id, event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\0')) id = value;
  }

  return {
    push(chunk: string) {
      buffer += chunk;
      let end = buffer.search(/\r\n|\r|\n/);
      while (end !== -1) {
        // A lone \r at the end of a chunk may be the first half of \r\n: wait for the next chunk.
        if (buffer[end] === '\r' && end === buffer.length - 1) break;
        const breakLength = buffer.startsWith('\r\n', end) ? 2 : 1;
        line(buffer.slice(0, end));
        buffer = buffer.slice(end + breakLength);
        end = buffer.search(/\r\n|\r|\n/);
      }
    },
    /** The id of the last event seen (the stream's `id:` field persists across events). */
    lastId: () => id,
  };
}
