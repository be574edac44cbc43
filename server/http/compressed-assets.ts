// Compressed copies of the client's hashed assets. A hashed file never changes, so each is
// compressed once (brotli when the browser takes it, else gzip), kept in memory, and sent
// with the same year-long immutable caching as the plain file. Uncompressed, the landing
// page's JavaScript is about three times the bytes on the wire.
import { readFile, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Request, RequestHandler } from 'express';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.html', '.txt', '.map', '.ttf', '.wasm']);
/** Below this, headers cost more than compression saves. */
const MIN_BYTES = 1024;
/** Brotli's top qualities take seconds on multi-megabyte bundles; the first request waits for it. */
const qualityFor = (bytes: number) => (bytes <= 1024 * 1024 ? 9 : 5);

export type Encoding = 'br' | 'gzip';
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

function compress(data: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: qualityFor(data.length), [constants.BROTLI_PARAM_SIZE_HINT]: data.length } })
    : gz(data, { level: 9 });
}

/** The encoding to answer `req` with: brotli when the browser takes it, else gzip, else none. */
export function pickEncoding(req: Request): Encoding | null {
  // Browsers list gzip first ("gzip, deflate, br, zstd") yet take either: brotli is smaller.
  const accepted = req.acceptsEncodings();
  return accepted.includes('br') ? 'br' : accepted.includes('gzip') ? 'gzip' : null;
}

// Keyed by path, size, mtime and encoding, so a rebuilt file with the same name is compressed again.
const cache = new Map<string, Promise<Buffer>>();

/**
 * A file compressed once and kept in memory while it keeps its size and mtime, with a weak
 * ETag naming that version; null when it is missing or too small to be worth compressing.
 */
export async function compressedFile(path: string, encoding: Encoding): Promise<{ data: Buffer; etag: string } | null> {
  const info = await stat(path).catch(() => null);
  if (!info?.isFile() || info.size < MIN_BYTES) return null;
  const key = `${path}:${info.size}:${info.mtimeMs}:${encoding}`;
  let body = cache.get(key);
  if (!body) {
    body = readFile(path).then((data) => compress(data, encoding));
    cache.set(key, body);
    body.catch(() => cache.delete(key));
  }
  return { data: await body, etag: `W/"${info.size.toString(16)}-${Math.round(info.mtimeMs).toString(16)}-${encoding}"` };
}

/** Serves `dir/<file>` compressed when it is worth it; anything else falls through to static serving. */
export function compressedAssets(dir: string): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const name = req.path.slice(1);
    const type = extname(name);
    if (!/^[\w.-]+$/.test(name) || name.startsWith('.') || !COMPRESSIBLE.has(type)) return next();
    const encoding = pickEncoding(req);
    if (!encoding) return next();
    try {
      const file = await compressedFile(join(dir, name), encoding);
      if (!file) return next();
      res.type(type);
      res.setHeader('Content-Encoding', encoding);
      res.setHeader('Content-Length', file.data.length);
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.vary('Accept-Encoding');
      if (req.method === 'HEAD') return res.end();
      return res.end(file.data);
    } catch {
      return next(); // unreadable: static serving answers
    }
  };
}
