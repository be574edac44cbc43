// Compressed copies of the client's hashed assets. A hashed file never changes, so each is
// compressed once (brotli when the browser takes it, else gzip), kept in memory, and sent
// with the same year-long immutable caching as the plain file. Uncompressed, the landing
// page's JavaScript is about three times the bytes on the wire.
import { readFile, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { RequestHandler } from 'express';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.html', '.txt', '.map', '.ttf', '.wasm']);
/** Below this, headers cost more than compression saves. */
const MIN_BYTES = 1024;
/** Brotli's top qualities take seconds on multi-megabyte bundles; the first request waits for it. */
const qualityFor = (bytes: number) => (bytes <= 1024 * 1024 ? 9 : 5);

type Encoding = 'br' | 'gzip';
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

function compress(data: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: qualityFor(data.length), [constants.BROTLI_PARAM_SIZE_HINT]: data.length } })
    : gz(data, { level: 9 });
}

/** Serves `dir/<file>` compressed when it is worth it; anything else falls through to static serving. */
export function compressedAssets(dir: string): RequestHandler {
  // Keyed by name, size and mtime, so a rebuilt file with the same name is compressed again.
  const cache = new Map<string, Promise<Buffer>>();
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const name = req.path.slice(1);
    const type = extname(name);
    if (!/^[\w.-]+$/.test(name) || name.startsWith('.') || !COMPRESSIBLE.has(type)) return next();
    // Browsers list gzip first ("gzip, deflate, br, zstd") yet take either: brotli is smaller.
    const accepted = req.acceptsEncodings();
    const encoding: Encoding | null = accepted.includes('br') ? 'br' : accepted.includes('gzip') ? 'gzip' : null;
    if (!encoding) return next();
    const path = join(dir, name);
    try {
      const info = await stat(path);
      if (!info.isFile() || info.size < MIN_BYTES) return next();
      const key = `${name}:${info.size}:${info.mtimeMs}:${encoding}`;
      let body = cache.get(key);
      if (!body) {
        body = readFile(path).then((data) => compress(data, encoding));
        cache.set(key, body);
        body.catch(() => cache.delete(key));
      }
      const data = await body;
      res.type(type);
      res.setHeader('Content-Encoding', encoding);
      res.setHeader('Content-Length', data.length);
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.vary('Accept-Encoding');
      if (req.method === 'HEAD') return res.end();
      return res.end(data);
    } catch {
      return next(); // missing or unreadable: static serving answers (404)
    }
  };
}
