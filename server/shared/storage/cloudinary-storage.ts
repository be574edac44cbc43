// Cloudinary keeps result files (a creation stores Cloudinary's URL, public); jobs' uploads
// stay on local disk as with LocalStorage, and files of ours made before Cloudinary was
// configured (`/files/<name>`) are still served from disk as they were.
import type { Cloudinary } from './cloudinary-client.js';
import { uploadBytes } from './cloudinary-client.js';
import type { LocalStorage } from './local.js';
import type { Storage, StoredFile } from './types.js';

export class CloudinaryStorage implements Storage {
  readonly name = 'cloudinary';
  constructor(
    private readonly client: Cloudinary,
    private readonly local: LocalStorage,
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
