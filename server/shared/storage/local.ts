// Local files: random names under DATA_DIR/files, served at /files/<name> by the creation
// module (creation.files.ts) — to anyone while their creation is published, else only through
// a signed URL (file-urls.ts). A name says nothing about the content, so nobody finds an
// image by typing its prompt. Jobs' uploads stay under DATA_DIR/uploads (uploads.ts): with
// several machines, that directory must be a shared volume (or use S3, s3.ts).
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deletePrivateUpload, readPrivateUpload, savePrivateUpload } from './private-uploads.js';
import { FileGone, type FileExt, type Storage, type StoredFile } from './types.js';

export const FILE_NAME = /^[0-9a-f]{64}\.(png|jpg|webp)$/;
export const FILE_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/** A new file's name: 256 random bits, so nobody can guess or derive it. */
export const newFileName = (ext: FileExt) => `${randomBytes(32).toString('hex')}.${ext}`;

/** Where a file of ours lives (the name must match FILE_NAME). */
export const localFilePath = (dataDir: string, name: string) => join(dataDir, 'files', name);

/** The file of ours a creation's content points at (`/files/<name>`), or null (text, a hosted URL). */
export function localFileOf(content: string): string | null {
  if (!content.startsWith('/files/')) return null;
  const name = content.slice('/files/'.length);
  return FILE_NAME.test(name) ? name : null;
}

/** Signs a private local file's URL (FileUrls); only the API needs it, so a worker has none. */
export interface LocalUrlSigner {
  present(content: string, published: boolean, nowMs?: number): string;
}

export class LocalStorage implements Storage {
  readonly name = 'local';
  constructor(
    private readonly dataDir: string,
    private readonly signer?: LocalUrlSigner,
  ) {}

  async put(bytes: Buffer, ext: FileExt): Promise<StoredFile> {
    const key = newFileName(ext);
    const dir = join(this.dataDir, 'files');
    await mkdir(dir, { recursive: true });
    // Written under a temporary name and renamed, so a half-written file is never served.
    const path = join(dir, key);
    const tmp = `${path}.${process.pid}.tmp`;
    await writeFile(tmp, bytes);
    await rename(tmp, path);
    return { key, url: `/files/${key}` };
  }

  urlFor(name: string, published: boolean, nowMs?: number): string {
    // A published file's plain path needs no signature (a worker's webhook names it too).
    if (published) return `/files/${name}`;
    if (!this.signer) throw new Error("private local files' URLs need the signing key (API process only)");
    return this.signer.present(`/files/${name}`, published, nowMs);
  }

  /** Nothing to move: /files/<name> asks the Creation row whether it is published. */
  async setPublished(): Promise<void> {}

  async remove(name: string): Promise<void> {
    if (FILE_NAME.test(name)) await rm(localFilePath(this.dataDir, name), { force: true });
  }

  async readContent(content: string): Promise<Buffer> {
    const name = localFileOf(content);
    if (!name) throw new FileGone(content);
    return readFile(localFilePath(this.dataDir, name)).catch((e: NodeJS.ErrnoException) => {
      throw e.code === 'ENOENT' ? new FileGone(content) : e;
    });
  }

  putUpload(file: string, ext: string): Promise<string> {
    return savePrivateUpload(this.dataDir, file, ext);
  }

  readUpload(key: string): Promise<Buffer> {
    return readPrivateUpload(this.dataDir, key);
  }

  deleteUpload(key: string): Promise<void> {
    return deletePrivateUpload(this.dataDir, key);
  }
}
