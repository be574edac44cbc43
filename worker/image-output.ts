// Turns a provider's image into the URL a creation stores. A provider's URL is never stored
// or published (signed and expiring, the provider's account, possibly http: that our CSP
// blocks): an `{ url }` output is fetched here and its bytes kept in our storage like any other.
import sharp, { type Sharp } from 'sharp';
import type { ImageOutput } from './providers/image/index.js';
import { downloadImage } from './providers/image/download.js';
import type { FileExt } from '../server/shared/storage/index.js';
import type { ToolRun } from './tools/processor.js';
import type { WorkerServices } from './context.js';
import { localFileOf } from '../server/shared/storage/local.js';
import { deleteFileIfUnused } from '../server/shared/creations/unused-files.js';
import { AppError, ErrorCode } from '../server/shared/platform/errors.js';
import { DEFAULT_IMAGE_QUALITY, FORMAT_FILES, type ImageOutputFormat } from '../server/shared/tools/image-format.js';

/** What a job asked its picture to be written as (docs/api-v1.md, "Output format"); no format: as it came. */
export interface OutputChoice {
  format?: ImageOutputFormat | null;
  quality?: number | null;
}

/** Said when a picture with transparent parts was asked for as JPEG. */
export const JPEG_NEEDS_OPAQUE = 'This picture has transparent parts, which JPEG cannot keep: choose the format PNG or WEBP';

/** Refuses JPEG for a picture with any pixel not fully opaque (checked before the work, on the input). */
export async function requireOpaqueFor(choice: OutputChoice, bytes: Buffer, maxPixels: number): Promise<void> {
  if (choice.format !== 'JPEG') return;
  const { isOpaque } = await sharp(bytes, { limitInputPixels: maxPixels }).stats();
  if (!isOpaque) throw new AppError(ErrorCode.BAD_USER_INPUT, JPEG_NEEDS_OPAQUE, { field: 'format' });
}

/** The creation's metadata of a chosen format (none: nothing said). */
export function formatOf(choice: OutputChoice): { format?: ImageOutputFormat; quality?: number } {
  if (!choice.format) return {};
  return { format: choice.format, ...(choice.format === 'PNG' ? {} : { quality: choice.quality ?? DEFAULT_IMAGE_QUALITY }) };
}

/** Writes a picture in the chosen format (PNG when none), the lossy ones at the chosen quality. */
export async function encodeAs(image: Sharp, format: ImageOutputFormat, quality?: number | null): Promise<Buffer> {
  const q = quality ?? DEFAULT_IMAGE_QUALITY;
  if (format === 'WEBP') return image.webp({ quality: q }).toBuffer();
  // JPEG has no alpha: the callers made sure the picture is opaque, so nothing is flattened away.
  if (format === 'JPEG') return image.jpeg({ quality: q }).toBuffer();
  return image.png().toBuffer();
}

/** Stores the image (fetching it first when the provider gave a URL) and returns our URL with the image's size. */
export async function store(run: ToolRun<unknown, unknown>, output: ImageOutput, choice: OutputChoice = {}): Promise<{ url: string; width?: number; height?: number }> {
  const maxPixels = run.services.config.IMAGE_MAX_PIXELS;
  const fetched = 'url' in output ? await downloadImage(output.url, { signal: run.signal, service: 'The image service', maxPixels }) : output.bytes;
  const { bytes, ext, width, height } = choice.format ? await converted(fetched, maxPixels, choice.format, choice.quality) : await asStored(fetched, maxPixels);
  const file = await run.services.storage.put(bytes, ext);
  return { url: file.url, width, height };
}

/**
 * Stores every picture of an answer, in order; if one fails, those already stored are removed
 * before the error goes on, so a failed job leaves no file behind.
 */
export async function storeAll(run: ToolRun<unknown, unknown>, outputs: ImageOutput[], choice: OutputChoice = {}): Promise<{ url: string; width?: number; height?: number }[]> {
  const saved: { url: string; width?: number; height?: number }[] = [];
  try {
    for (const output of outputs) saved.push(await store(run, output, choice));
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

/** The picture written in the chosen format (the stored name's extension follows it); JPEG only for an opaque one. */
async function converted(
  bytes: Buffer,
  maxPixels: number,
  format: ImageOutputFormat,
  quality?: number | null,
): Promise<{ bytes: Buffer; ext: FileExt; width?: number; height?: number }> {
  await requireOpaqueFor({ format }, bytes, maxPixels);
  const image = sharp(bytes, { limitInputPixels: maxPixels });
  const meta = await image.metadata();
  // A PNG asked for as PNG is kept as it is: lossless either way, and nothing to re-encode.
  if (format === 'PNG' && meta.format === 'png') return { bytes, ext: 'png', width: meta.width, height: meta.height };
  return { bytes: await encodeAs(image, format, quality), ext: FORMAT_FILES[format].ext, width: meta.width, height: meta.height };
}
