// Where files live (DESIGN.md §2): an S3-compatible bucket when S3_BUCKET is set (result
// files and jobs' uploads, for several machines), else Cloudinary when CLOUDINARY_URL is set
// (result files; uploads on local disk), else local disk under DATA_DIR.
import type { Config } from '../../config.js';
import { cloudinaryFrom } from '../cloudinary.js';
import { FileUrls } from './file-urls.js';
import { LocalStorage } from './local.js';
import { CloudinaryStorage } from './real.js';
import { S3Storage } from './s3.js';
import type { Storage } from './types.js';

export type { FileExt, Storage, StoredFile } from './types.js';

/** `tokenSecret` signs local files' URLs: the API passes it, a worker (which never presents URLs) need not. */
export function createStorage(config: Config, tokenSecret?: Uint8Array): Storage {
  if (config.S3_BUCKET) {
    return new S3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      publicUrl: config.S3_PUBLIC_URL,
      urlTtlSeconds: config.FILE_URL_TTL_SECONDS,
    });
  }
  const local = new LocalStorage(config.dataDir, tokenSecret && new FileUrls(tokenSecret, config.FILE_URL_TTL_SECONDS));
  return config.CLOUDINARY_URL ? new CloudinaryStorage(cloudinaryFrom(config.CLOUDINARY_URL), local) : local;
}
