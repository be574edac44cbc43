// Where files live (docs/real-services.md): an S3-compatible bucket when S3_BUCKET is set (result
// files and jobs' uploads, for several machines), else Cloudinary when CLOUDINARY_URL is set
// (result files; uploads on local disk), else local disk under DATA_DIR.
import type { Config } from '../platform/config.js';
import { cloudinaryFrom } from './cloudinary-client.js';
import { FileUrls } from './file-urls.js';
import { LocalStorage } from './local.js';
import { CloudinaryStorage } from './cloudinary-storage.js';
import { bucketUrl, s3OptionsOf, S3Storage } from './s3.js';
import type { Storage } from './types.js';

export type { FileExt, Storage, StoredFile } from './types.js';

/** `tokenSecret` signs local files' URLs: the API passes it, a worker (which never presents URLs) need not. */
export function createStorage(config: Config, tokenSecret?: Uint8Array): Storage {
  if (config.S3_BUCKET) return new S3Storage(s3OptionsOf(config));
  const local = new LocalStorage(config.dataDir, tokenSecret && new FileUrls(tokenSecret, config.FILE_URL_TTL_SECONDS));
  return config.CLOUDINARY_URL ? new CloudinaryStorage(cloudinaryFrom(config.CLOUDINARY_URL), local, cloudinaryOrigin(config.CLOUDINARY_URL)) : local;
}

/** Cloudinary's delivery origin: res.cloudinary.com, or the account's own (secure_distribution / cname in CLOUDINARY_URL). */
function cloudinaryOrigin(cloudinaryUrl: string): string {
  const q = new URL(cloudinaryUrl).searchParams;
  const host = q.get('secure_distribution') ?? q.get('cname');
  return host ? `https://${host}` : 'https://res.cloudinary.com';
}

/**
 * Origins other than ours that viewers' image URLs point at (S3: the bucket, the public base;
 * Cloudinary: its delivery host), for the Content-Security-Policy: the app shows them and
 * fetches them (Download).
 */
export function fileOrigins(config: Config): string[] {
  if (!config.S3_BUCKET) return config.CLOUDINARY_URL ? [cloudinaryOrigin(config.CLOUDINARY_URL)] : [];
  const urls = [bucketUrl(s3OptionsOf(config)), ...(config.S3_PUBLIC_URL ? [config.S3_PUBLIC_URL] : [])];
  return [...new Set(urls.map((u) => new URL(u).origin))];
}
