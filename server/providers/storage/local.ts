// Local files: random names under DATA_DIR/files, served at /files/<name> by the creation
// module (creation.files.ts) — to anyone while their creation is published, else only through
// a signed URL (file-urls.ts). A name says nothing about the content, so nobody finds an
// image by typing its prompt.
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Storage, StoredFile } from './types.js';

export const FILE_NAME = /^[0-9a-f]{64}\.(png|jpg|webp)$/;
export const FILE_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/** Where a file of ours lives (the name must match FILE_NAME). */
export const localFilePath = (dataDir: string, name: string) => join(dataDir, 'files', name);

/** The local file a creation's content points at (`/files/<name>`), or null (text, a hosted URL). */
export function localFileOf(content: string): string | null {
  if (!content.startsWith('/files/')) return null;
  const name = content.slice('/files/'.length);
  return FILE_NAME.test(name) ? name : null;
}

export class LocalStorage implements Storage {
  readonly name = 'local';
  constructor(private readonly dataDir: string) {}

  async put(bytes: Buffer, ext: 'png' | 'jpg' | 'webp'): Promise<StoredFile> {
    const key = `${randomBytes(32).toString('hex')}.${ext}`;
    const dir = join(this.dataDir, 'files');
    await mkdir(dir, { recursive: true });
    // Written under a temporary name and renamed, so a half-written file is never served.
    const path = join(dir, key);
    const tmp = `${path}.${process.pid}.tmp`;
    await writeFile(tmp, bytes);
    await rename(tmp, path);
    return { key, url: `/files/${key}` };
  }
}
