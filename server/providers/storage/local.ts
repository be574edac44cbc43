// Local files: content-addressed (sha256) names under DATA_DIR/files, served at /files/<name>.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import express, { type Router } from 'express';
import type { Storage, StoredFile } from './index.js';

export const FILE_NAME = /^[0-9a-f]{64}\.(png|jpg|webp)$/;
const TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

export class LocalStorage implements Storage {
  readonly name = 'local';
  constructor(private readonly dataDir: string) {}

  async put(bytes: Buffer, ext: 'png' | 'jpg' | 'webp'): Promise<StoredFile> {
    const key = `${createHash('sha256').update(bytes).digest('hex')}.${ext}`;
    const dir = join(this.dataDir, 'files');
    const path = join(dir, key);
    if (!existsSync(path)) {
      await mkdir(dir, { recursive: true });
      // Written under a temporary name and renamed, so a half-written file is never served.
      const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, path);
    }
    return { key, url: `/files/${key}` };
  }
}

/** GET /files/<sha256>.<ext>: only names we made, with their type and a year of caching. */
export function fileRoutes(dataDir: string): Router {
  const r = express.Router();
  r.get('/files/:name', (req, res) => {
    const name = req.params.name;
    if (!FILE_NAME.test(name)) return res.status(404).json({ success: false, message: 'No such file', code: 'NOT_FOUND' });
    const path = join(dataDir, 'files', name);
    if (!existsSync(path)) return res.status(404).json({ success: false, message: 'No such file', code: 'NOT_FOUND' });
    res.setHeader('Content-Type', TYPES[name.split('.').pop()!]!);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    return res.sendFile(path);
  });
  return r;
}
