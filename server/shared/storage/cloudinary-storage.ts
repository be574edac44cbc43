// Cloudinary keeps result files (a creation stores Cloudinary's URL, public); jobs' uploads
// stay on local disk as with LocalStorage, and files of ours made before Cloudinary was
// configured (`/files/<name>`) are still served from disk as they were.
import { get } from 'node:https';
import type { Cloudinary } from './cloudinary-client.js';
import { CLOUDINARY_CALL_TIMEOUT_MS, uploadBytes } from './cloudinary-client.js';
import { localFileOf, type LocalStorage } from './local.js';
import { FileGone, type Storage, type StoredFile } from './types.js';

/** The largest result file read back from Cloudinary (a creation sent to another tool). */
const READ_MAX_BYTES = 64 * 1024 * 1024;

export class CloudinaryStorage implements Storage {
  readonly name = 'cloudinary';
  constructor(
    private readonly client: Cloudinary,
    private readonly local: LocalStorage,
    /** Where Cloudinary delivers its files (https://res.cloudinary.com, or the account's own host). */
    private readonly deliveryOrigin = 'https://res.cloudinary.com',
  ) {}

  async put(bytes: Buffer): Promise<StoredFile> {
    const res = await uploadBytes(this.client, bytes);
    return { key: res.public_id, url: res.secure_url };
  }

  urlFor(name: string, published: boolean, nowMs?: number): string {
    return this.local.urlFor(name, published, nowMs);
  }

  setPublished(): Promise<void> {
    return this.local.setPublished();
  }

  remove(name: string): Promise<void> {
    return this.local.remove(name);
  }

  /**
   * A file of ours on disk as LocalStorage reads it; one Cloudinary keeps from its delivery host
   * (node:https, which honours the process's TLS settings as the SDK does), nowhere else.
   */
  readContent(content: string): Promise<Buffer> {
    if (localFileOf(content)) return this.local.readContent(content);
    let url: URL;
    try {
      url = new URL(content);
    } catch {
      return Promise.reject(new FileGone(content));
    }
    if (url.origin !== this.deliveryOrigin) return Promise.reject(new FileGone(content));
    return new Promise((resolve, reject) => {
      const req = get(url, { timeout: CLOUDINARY_CALL_TIMEOUT_MS }, (res) => {
        if (res.statusCode === 404 || res.statusCode === 410) return void (res.resume(), reject(new FileGone(content)));
        if (res.statusCode !== 200) return void (res.resume(), reject(new Error(`Cloudinary answered ${res.statusCode} for a stored image`)));
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > READ_MAX_BYTES) return void req.destroy(new Error('a stored image is larger than we read back'));
          chunks.push(chunk);
        });
        res.on('end', () => resolve(Buffer.concat(chunks)));
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(new Error('Cloudinary did not send a stored image in time')));
      req.on('error', reject);
    });
  }

  putUpload(file: string, ext: string): Promise<string> {
    return this.local.putUpload(file, ext);
  }

  readUpload(key: string): Promise<Buffer> {
    return this.local.readUpload(key);
  }

  deleteUpload(key: string): Promise<void> {
    return this.local.deleteUpload(key);
  }
}
