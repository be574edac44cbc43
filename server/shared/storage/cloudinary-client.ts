// One configured Cloudinary client from CLOUDINARY_URL
// (cloudinary://<key>:<secret>@<cloud>[?upload_prefix=…&secure_distribution=…]): the query's
// options go to the SDK as they are (upload_prefix: the API host; secure_distribution: the
// delivery host, e.g. a CNAME).
import { Agent, globalAgent } from 'node:https';
import { v2 as cloudinary } from 'cloudinary';

export type Cloudinary = typeof cloudinary;

/** Time limit of one upload or delete call (the job's own signal usually ends it first). */
export const CLOUDINARY_CALL_TIMEOUT_MS = 60_000;

export function cloudinaryFrom(url: string): Cloudinary {
  const u = new URL(url);
  if (u.protocol !== 'cloudinary:' || !u.hostname || !u.username || !u.password) {
    throw new Error('CLOUDINARY_URL must look like cloudinary://<api_key>:<api_secret>@<cloud_name>');
  }
  cloudinary.config({
    cloud_name: u.hostname,
    api_key: decodeURIComponent(u.username),
    api_secret: decodeURIComponent(u.password),
    secure: true,
    ...Object.fromEntries(u.searchParams.entries()),
  });
  return cloudinary;
}

export interface CallLimits {
  /** Stops the call: its connection is closed and the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * Runs one SDK call on a connection of its own, so that an abort can close it: the SDK takes
 * no signal, and the stream upload_stream returns only feeds the request (destroying it leaves
 * the request waiting for its 60 s idle timeout). The agent has the default agent's TLS
 * settings. With an api_proxy configured the SDK needs its own agent; then only the timeout applies.
 */
function limited<T>(client: Cloudinary, limits: CallLimits, call: (options: Record<string, unknown>) => Promise<T>): Promise<T> {
  const { signal, timeoutMs = CLOUDINARY_CALL_TIMEOUT_MS } = limits;
  signal?.throwIfAborted();
  const proxied = Boolean(client.config().api_proxy);
  const agent = proxied ? undefined : new Agent({ ...globalAgent.options, keepAlive: false });
  const options = { timeout: timeoutMs, ...(agent ? { agent } : {}) };
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => {
      agent?.destroy();
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    call(options).then(
      (v) => {
        signal?.removeEventListener('abort', onAbort);
        agent?.destroy();
        resolve(v);
      },
      (e) => {
        signal?.removeEventListener('abort', onAbort);
        agent?.destroy();
        reject(e);
      },
    );
  });
}

export interface UploadResult {
  public_id: string;
  secure_url: string;
  format?: string;
}

/** Uploads bytes; resolves with Cloudinary's answer (public_id, secure_url…). */
export function uploadBytes(client: Cloudinary, bytes: Buffer, options: Record<string, unknown> = {}, limits: CallLimits = {}): Promise<UploadResult> {
  return limited(
    client,
    limits,
    (callOptions) =>
      new Promise((resolve, reject) => {
        const stream = client.uploader.upload_stream({ resource_type: 'image', folder: 'atelier', ...options, ...callOptions }, (err, res) => {
          if (err || !res) reject(err ?? new Error('Cloudinary returned no result'));
          else resolve(res as UploadResult);
        });
        stream.end(bytes);
      }),
  );
}

/** Deletes an uploaded image (and its derived versions, with `invalidate` for the CDN's copies). */
export async function destroyUpload(client: Cloudinary, publicId: string, limits: CallLimits = {}): Promise<void> {
  const res = await limited(
    client,
    limits,
    (callOptions) => client.uploader.destroy(publicId, { resource_type: 'image', invalidate: true, ...callOptions }) as Promise<{ result?: string }>,
  );
  if (res?.result !== 'ok' && res?.result !== 'not found') throw new Error(`Cloudinary did not delete ${publicId}: ${JSON.stringify(res)}`);
}
