// Fetches an image a provider hosts (OpenAI's `url` answers, Cloudinary's derived images) so
// its bytes go to our storage: a provider's URL is signed, expires, or is the provider's own
// account, so it is never stored or published. node:http(s) rather than fetch: it honours the
// process's TLS settings (https.globalAgent), as the Cloudinary SDK does.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { AppError, ErrorCode } from '../../../server/shared/platform/errors.js';
import { fromStatus, providerFailure, retryAfterOf, TransientProviderError } from '../../../server/shared/platform/provider-errors.js';

/** Largest image file we take from a provider (a 4096² PNG with alpha is ~30 MB at worst). */
export const IMAGE_DOWNLOAD_MAX_BYTES = 64 * 1024 * 1024;
/** One download's time limit (the job's own timeout still applies). */
export const IMAGE_DOWNLOAD_TIMEOUT_MS = 60_000;

export interface DownloadOptions {
  /** The job's signal: a cancelled or timed-out job stops the download at once. */
  signal: AbortSignal;
  /** Who is named in errors, e.g. "Cloudinary". */
  service: string;
  timeoutMs?: number;
  maxBytes?: number;
  /** Refuse images with more pixels than this (decompression bombs). */
  maxPixels?: number;
  /**
   * Cloudinary answers 423 while a derived image is still being made (documented for AI
   * effects): wait and ask again, `intervalMs` growing to at most 5 s, for at most `maxWaitMs`.
   */
  whilePending?: { maxWaitMs: number; intervalMs: number };
}

/** The image at `url`, checked to decode as an image within the limits. */
export async function downloadImage(url: string, opts: DownloadOptions): Promise<Buffer> {
  const pending = opts.whilePending;
  const until = Date.now() + (pending?.maxWaitMs ?? 0);
  let interval = pending?.intervalMs ?? 0;
  for (;;) {
    opts.signal.throwIfAborted();
    const answer = await get(url, opts);
    if (answer.status === 423 && pending) {
      const wait = Math.min(interval, Math.max(0, until - Date.now()));
      if (wait <= 0) throw new TransientProviderError(`${opts.service} is still preparing the image`, 423);
      await sleep(wait, undefined, { signal: opts.signal });
      interval = Math.min(5000, Math.round(interval * 1.5));
      continue;
    }
    if (answer.status !== 200) throw fromStatus(answer.status, opts.service, `fetching the result image`, answer.retryAfterMs);
    await checkImage(answer.body, opts);
    return answer.body;
  }
}

async function checkImage(bytes: Buffer, opts: DownloadOptions): Promise<void> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: opts.maxPixels ?? 0 }).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
  } catch {
    throw new AppError(ErrorCode.PROVIDER_UNAVAILABLE, `${opts.service} sent a result that is not an image we can read. Please try again.`);
  }
}

interface Answer {
  status: number;
  body: Buffer;
  retryAfterMs?: number;
}

function get(url: string, opts: DownloadOptions): Promise<Answer> {
  const maxBytes = opts.maxBytes ?? IMAGE_DOWNLOAD_MAX_BYTES;
  const timeoutMs = opts.timeoutMs ?? IMAGE_DOWNLOAD_TIMEOUT_MS;
  const u = new URL(url);
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return Promise.reject(providerFailure(`${opts.service} returned an image address we cannot fetch`));
  const request = u.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Answer>((resolve, reject) => {
    let settled = false;
    const finish = (e: unknown, a?: Answer): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal.removeEventListener('abort', onAbort);
      if (e) reject(e);
      else resolve(a!);
    };
    const req = request(u, { method: 'GET', headers: { accept: 'image/*' } }, (res: IncomingMessage) => {
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        req.destroy();
        return finish(tooLarge(opts.service, maxBytes));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > maxBytes) {
          req.destroy();
          finish(tooLarge(opts.service, maxBytes));
        } else chunks.push(c);
      });
      res.on('end', () => finish(null, { status: res.statusCode ?? 0, body: Buffer.concat(chunks), retryAfterMs: retryAfterOf(res.headers) }));
      res.on('error', (e) => finish(new TransientProviderError(`${opts.service} dropped the connection while sending the image (${e.message})`)));
    });
    const onAbort = (): void => {
      req.destroy();
      finish(opts.signal.reason);
    };
    const timer = setTimeout(() => {
      req.destroy();
      finish(new TransientProviderError(`${opts.service} did not send the image in time`));
    }, timeoutMs);
    opts.signal.addEventListener('abort', onAbort, { once: true });
    req.on('error', (e) => finish(new TransientProviderError(`${opts.service} could not be reached for the image (${e.message})`)));
    req.end();
  });
}

const tooLarge = (service: string, maxBytes: number) => providerFailure(`${service} sent an image larger than ${Math.round(maxBytes / 1024 / 1024)} MB, which we do not accept`);
