// S3-compatible storage (AWS S3, Cloudflare R2, MinIO): the file store when API processes
// and workers run on several machines. Objects live in one bucket under three prefixes:
//   private/<name>  every result file, never public; a viewer gets a presigned GET URL.
//   public/<name>   a copy made when its creation is published, removed when it is not any
//                   more; the only prefix the bucket (or CDN) serves to anyone.
//   uploads/<key>   jobs' input files, written by the API and read by whichever worker runs
//                   the job; deleted when the job ends.
// A copy rather than a public flag: S3's object ACLs are off by default (Object Ownership),
// R2 has none, and a prefix-wide public policy is one line an operator can check.
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Config } from '../platform/config.js';
import { FILE_NAME, FILE_TYPES, localFileOf, newFileName } from './local.js';
import { FileGone, type FileExt, type Storage, type StoredFile } from './types.js';

export interface S3Options {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Public base of the bucket (CDN, R2 custom domain): `<base>/public/<name>`; unset, the bucket's own URL. */
  publicUrl?: string;
  /** A private file's URL lasts between half of this and this (FILE_URL_TTL_SECONDS). */
  urlTtlSeconds: number;
}

const UPLOAD_KEY = /^[0-9a-f-]{36}\.[a-z0-9]+$/i;

/** Presigned URLs kept (about 0.4 KB each): the SDK takes ~0.7 ms to sign one, a page lists dozens. */
const PRESIGNED_CACHE_SIZE = 5000;

const privateKey = (name: string) => `private/${checkedName(name)}`;
const publicKey = (name: string) => `public/${checkedName(name)}`;
const uploadKey = (key: string) => {
  if (!UPLOAD_KEY.test(key)) throw new Error('bad upload key');
  return `uploads/${key}`;
};

function checkedName(name: string): string {
  if (!FILE_NAME.test(name)) throw new Error('bad file name');
  return name;
}

const typeOf = (name: string) => FILE_TYPES[name.split('.').pop()!] ?? 'application/octet-stream';

const isNotFound = (e: unknown) => e instanceof S3ServiceException && (e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata.httpStatusCode === 404);

/** The options of S3_* settings (index.ts), shared with the CSP's list of image origins. */
export function s3OptionsOf(config: Config): S3Options {
  return {
    bucket: config.S3_BUCKET!,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    publicUrl: config.S3_PUBLIC_URL,
    urlTtlSeconds: config.FILE_URL_TTL_SECONDS,
  };
}

export class S3Storage implements Storage {
  readonly name = 's3';
  readonly client: S3Client;
  private readonly publicBase: string;
  /** `<name> <signedAt>` → its presigned URL, oldest first; a URL stays the same for its step anyway. */
  private readonly presigned = new Map<string, Promise<string>>();

  constructor(private readonly opts: S3Options) {
    this.client = new S3Client({
      region: opts.region,
      endpoint: opts.endpoint,
      forcePathStyle: opts.forcePathStyle,
      // Unset: the SDK's own chain (environment, shared files, an instance or task role).
      credentials: opts.accessKeyId && opts.secretAccessKey ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } : undefined,
      // Checksums only where S3 requires them: the newer default (a CRC trailer on every
      // upload, in aws-chunked encoding) is not understood by every S3-compatible service.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A hung store fails the request instead of the job's whole time budget.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
      maxAttempts: 3,
    });
    this.publicBase = opts.publicUrl ?? bucketUrl(opts);
  }

  async put(bytes: Buffer, ext: FileExt): Promise<StoredFile> {
    const name = newFileName(ext);
    await this.client.send(new PutObjectCommand({ Bucket: this.opts.bucket, Key: privateKey(name), Body: bytes, ContentType: typeOf(name) }));
    return { key: name, url: `/files/${name}` };
  }

  /**
   * Published: the plain public URL. Private: a presigned GET signed at the start of the
   * current half-TTL step and valid for two steps, so the URL (and the browser's copy) stays
   * the same for a while and always has between half the TTL and the TTL left.
   */
  urlFor(name: string, published: boolean, nowMs = Date.now()): string | Promise<string> {
    if (published) return `${this.publicBase}/${publicKey(name)}`;
    const step = Math.max(1, Math.floor(this.opts.urlTtlSeconds / 2));
    const signedAt = Math.floor(nowMs / 1000 / step) * step;
    const cacheKey = `${name} ${signedAt}`;
    const cached = this.presigned.get(cacheKey);
    if (cached) return cached;
    const url = getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.opts.bucket, Key: privateKey(name) }), {
      signingDate: new Date(signedAt * 1000),
      expiresIn: 2 * step,
    });
    this.presigned.set(cacheKey, url);
    url.catch(() => this.presigned.delete(cacheKey));
    if (this.presigned.size > PRESIGNED_CACHE_SIZE) this.presigned.delete(this.presigned.keys().next().value!);
    return url;
  }

  async setPublished(name: string, published: boolean): Promise<void> {
    if (!published) return this.delete(publicKey(name));
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.opts.bucket,
        Key: publicKey(name),
        CopySource: `${this.opts.bucket}/${privateKey(name)}`,
        MetadataDirective: 'REPLACE',
        ContentType: typeOf(name),
        // As /files does for a published local file: caches keep it no longer than a private
        // URL lives, so unpublishing takes effect within FILE_URL_TTL_SECONDS everywhere.
        CacheControl: `public, max-age=${this.opts.urlTtlSeconds}`,
      }),
    );
  }

  async remove(name: string): Promise<void> {
    await Promise.all([this.delete(publicKey(name)), this.delete(privateKey(name))]);
  }

  async readContent(content: string): Promise<Buffer> {
    const name = localFileOf(content);
    if (!name) throw new FileGone(content);
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.opts.bucket, Key: privateKey(name) }));
      if (!res.Body) throw new FileGone(content);
      return Buffer.from(await res.Body.transformToByteArray());
    } catch (e) {
      throw isNotFound(e) ? new FileGone(content) : e;
    }
  }

  async putUpload(file: string, ext: string): Promise<string> {
    const key = `${randomUUID()}.${ext.replace(/[^a-z0-9]/gi, '')}`;
    // Streamed from the received file, with its length (S3 needs it for a stream body).
    const { size } = await stat(file);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.opts.bucket, Key: uploadKey(key), Body: createReadStream(file), ContentLength: size, ContentType: 'application/octet-stream' }),
    );
    return key;
  }

  async readUpload(key: string): Promise<Buffer> {
    const res = await this.client.send(new GetObjectCommand({ Bucket: this.opts.bucket, Key: uploadKey(key) }));
    if (!res.Body) throw new Error('empty upload');
    return Buffer.from(await res.Body.transformToByteArray());
  }

  deleteUpload(key: string): Promise<void> {
    return this.delete(uploadKey(key));
  }

  /** S3 answers 204 for a missing key; some compatible services say 404, which is the same here. */
  private async delete(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.opts.bucket, Key: key }));
    } catch (e) {
      if (!isNotFound(e)) throw e;
    }
  }
}

/** The bucket's own URL, as anonymous readers of its public prefix (and presigned URLs) reach it. */
export function bucketUrl(o: S3Options): string {
  if (!o.endpoint) return o.forcePathStyle ? `https://s3.${o.region}.amazonaws.com/${o.bucket}` : `https://${o.bucket}.s3.${o.region}.amazonaws.com`;
  const base = new URL(o.endpoint);
  const path = base.pathname.replace(/\/+$/, '');
  if (o.forcePathStyle) return `${base.origin}${path}/${o.bucket}`;
  return `${base.protocol}//${o.bucket}.${base.host}${path}`;
}
