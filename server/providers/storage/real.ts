import type { Cloudinary } from '../cloudinary.js';
import { uploadBytes } from '../cloudinary.js';
import type { Storage, StoredFile } from './types.js';

export class CloudinaryStorage implements Storage {
  readonly name = 'cloudinary';
  constructor(private readonly client: Cloudinary) {}

  async put(bytes: Buffer): Promise<StoredFile> {
    const res = await uploadBytes(this.client, bytes);
    return { key: res.public_id, url: res.secure_url };
  }
}
