// Dynamic answers compressed (gzip or brotli, whichever the client accepts), with the
// `compression` middleware: GraphQL and REST answers, /api/v1 and its openapi.json. The client's
// pages and assets are compressed ahead (compressed-assets.ts) and pass through as they are;
// event streams never are (each event must leave as it is written); pictures are not
// compressible. Small answers (under 1 KB) are not worth it.
import compression from 'compression';
import type { RequestHandler } from 'express';

const EVENT_STREAM = /^text\/event-stream/;

export function dynamicCompression(): RequestHandler {
  return compression({
    threshold: 1024,
    filter: (req, res) => !EVENT_STREAM.test(String(res.getHeader('Content-Type') ?? '')) && compression.filter(req, res),
  });
}
