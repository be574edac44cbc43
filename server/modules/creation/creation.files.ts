// Who gets a creation's image file (/files/<name>): the creation module decides, from the
// Creation rows that point at it (Creation.file) — see providers/storage/file-urls.ts for
// signed URLs. Deleted creations' files go with them, from whichever store holds them
// (with S3, viewers get the bucket's URLs instead and this route finds no file on disk).
import { existsSync } from 'node:fs';
import express, { type Router } from 'express';
import type { Db } from '../../shared/db/prisma.js';
import { unavailableError } from '../../http/service-unavailable.js';
import type { FileUrls } from '../../shared/storage/file-urls.js';
import { FILE_NAME, FILE_TYPES, localFilePath } from '../../shared/storage/local.js';

const notFound = { success: false, message: 'No such file', code: 'NOT_FOUND' };

/**
 * GET /files/<name>: only names we made, of a creation that still exists. Published: to anyone,
 * cacheable for FILE_URL_TTL_SECONDS. Otherwise only with a valid signature, cached privately
 * until it expires; a bare, forged or expired URL is 403.
 */
export function fileRoutes(dataDir: string, db: Db, urls: FileUrls, ttlSeconds: number): Router {
  const r = express.Router();
  r.get('/files/:name', async (req, res, next) => {
    try {
      const name = req.params.name;
      if (!FILE_NAME.test(name)) return res.status(404).json(notFound);
      const [row] = await db.$queryRaw<{ creations: number; published: boolean | null }[]>`
        SELECT count(*)::int AS creations, bool_or(published AND moderation = 'VISIBLE') AS published FROM "Creation" WHERE "file" = ${name}`;
      const path = localFilePath(dataDir, name);
      if (!row?.creations || !existsSync(path)) return res.status(404).json(notFound);
      let cache = `public, max-age=${ttlSeconds}`;
      if (!row.published) {
        const left = urls.remaining(name, req.query.exp, req.query.sig);
        if (left === null) {
          return res.status(403).json({ success: false, message: 'This image is private, or its link has expired: open it again from your creations', code: 'FORBIDDEN' });
        }
        cache = `private, max-age=${left}`;
      }
      res.setHeader('Content-Type', FILE_TYPES[name.split('.').pop()!]!);
      res.setHeader('Cache-Control', cache);
      res.setHeader('X-Content-Type-Options', 'nosniff');
      return res.sendFile(path);
    } catch (e) {
      const unavailable = unavailableError(e);
      if (unavailable) return res.status(503).json({ success: false, message: unavailable.message, code: unavailable.code });
      return next(e);
    }
  });
  return r;
}
