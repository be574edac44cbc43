// Server-Sent Events as a client reads them, parsed by eventsource-parser (a third-party parser:
// what the jobs API writes must be standard SSE), for the jobs API's tests.
import { createParser, type EventSourceMessage } from 'eventsource-parser';

export interface SseRead {
  events: EventSourceMessage[];
  comments: string[];
  retry: number | null;
  /** The stream ended by itself (not stopped by `until`). */
  ended: boolean;
}

/** Reads an event stream until it ends, or until `until` says to stop (then the connection is dropped). */
export async function readEvents(body: ReadableStream<Uint8Array>, until?: (event: EventSourceMessage, all: EventSourceMessage[]) => boolean): Promise<SseRead> {
  const read: SseRead = { events: [], comments: [], retry: null, ended: false };
  let stop = false;
  const parser = createParser({
    onEvent: (e) => {
      read.events.push(e);
      if (until?.(e, read.events)) stop = true;
    },
    onComment: (c) => read.comments.push(c),
    onRetry: (ms) => (read.retry = ms),
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    while (!stop) {
      const { done, value } = await reader.read();
      if (done) {
        read.ended = true;
        break;
      }
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return read;
}

/** The text the delta events build, from `text` on: text = text.slice(0, offset) + delta. */
export function applyDeltas(events: EventSourceMessage[], text = ''): string {
  for (const e of events) {
    if (e.event !== 'delta') continue;
    const { offset, delta } = JSON.parse(e.data) as { offset: number; delta: string };
    text = text.slice(0, offset) + delta;
  }
  return text;
}
