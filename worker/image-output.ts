// Turns a provider's image into the URL a creation stores. A provider's URL is never stored
// or published (signed and expiring, the provider's account, possibly http: that our CSP
// blocks): an `{ url }` output is fetched here and its bytes kept in our storage like any other.
import sharp from 'sharp';
import type { ImageOutput } from './providers/image/index.js';
import { downloadImage } from './providers/image/download.js';
import type { FileExt } from '../server/shared/storage/index.js';
import type { ToolRun } from './tools/processor.js';
import type { WorkerServices } from './context.js';
import { localFileOf } from '../server/shared/storage/local.js';
import { deleteFileIfUnused } from '../server/shared/creations/unused-files.js';

/** Stores the image (fetching it first when the provider gave a URL) and returns our URL with the image's size. */
export async function store(run: ToolRun<unknown, unknown>, output: ImageOutput): Promise<{ url: string; width?: number; height?: number }> {
  const maxPixels = run.services.config.IMAGE_MAX_PIXELS;
  const fetched = 'url' in output ? await downloadImage(output.url, { signal: run.signal, service: 'The image service', maxPixels }) : output.bytes;
  const { bytes, ext, width, height } = await asStored(fetched, maxPixels);
  const file = await run.services.storage.put(bytes, ext);
  return { url: file.url, width, height };
}

/**
 * Stores every picture of an answer, in order; if one fails, those already stored are removed
 * before the error goes on, so a failed job leaves no file behind.
 */
export async function storeAll(run: ToolRun<unknown, unknown>, outputs: ImageOutput[]): Promise<{ url: string; width?: number; height?: number }[]> {
  const saved: { url: string; width?: number; height?: number }[] = [];
  try {
    for (const output of outputs) saved.push(await store(run, output));
    return saved;
  } catch (e) {
    await discardStored(
      run.services,
      saved.map((s) => s.url),
    );
    throw e;
  }
}

/** Removes stored pictures no creation points at (a job that failed or was cancelled after storing them). */
export async function discardStored(services: Pick<WorkerServices, 'db' | 'storage'>, urls: string[]): Promise<void> {
  await Promise.all(urls.map((url) => deleteFileIfUnused(services.db, services.storage, localFileOf(url)).catch(() => undefined)));
}

/** PNG, JPEG and WebP are kept as they came (and named for what they are); anything else becomes PNG. */
async function asStored(bytes: Buffer, maxPixels: number): Promise<{ bytes: Buffer; ext: FileExt; width?: number; height?: number }> {
  const meta = await sharp(bytes, { limitInputPixels: maxPixels }).metadata();
  const ext: FileExt | undefined = meta.format === 'png' ? 'png' : meta.format === 'jpeg' ? 'jpg' : meta.format === 'webp' ? 'webp' : undefined;
  if (ext) return { bytes, ext, width: meta.width, height: meta.height };
  return { bytes: await sharp(bytes, { limitInputPixels: maxPixels }).png().toBuffer(), ext: 'png', width: meta.width, height: meta.height };
}
