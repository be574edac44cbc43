// The request body of a local server that stands in for an engine (tests/helpers/*-mock.ts).
import type { IncomingMessage } from 'node:http';

/** The body as JSON: null when empty, undefined when it is not JSON (the mock answers that as its engine would). */
export async function readJsonBody(req: IncomingMessage): Promise<any> {
  let raw = '';
  for await (const c of req) raw += c;
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
