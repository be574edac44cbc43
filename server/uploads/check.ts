// What an uploaded file is, by its bytes (never by its name or header): an image of a type and size we
// take, or a PDF.
import { fileTypeFromFile } from 'file-type';
import { AppError, ErrorCode } from '../shared/platform/errors.js';
import type { UploadedFile } from './receive.js';

/** The file's real type, read from its first bytes. */
export async function sniff(path: string): Promise<{ mime: string; ext: string } | undefined> {
  return fileTypeFromFile(path);
}

/** What a file's bytes say it is, for people ("a PNG image", "a PDF document"), or `noneFound`. */
function describeContents(type: { mime: string } | undefined, noneFound: string): string {
  if (!type) return noneFound;
  if (type.mime === 'application/pdf') return 'a PDF document';
  const image = IMAGE_UPLOAD_TYPES.find((t) => t.mime === type.mime);
  return image ? `a ${image.name} image` : `a file of type ${type.mime}`;
}

export async function requirePdf(file: UploadedFile): Promise<void> {
  if (file.size === 0) throw new AppError(ErrorCode.BAD_USER_INPUT, 'Please select a resume file first');
  const type = await sniff(file.path);
  if (type?.mime !== 'application/pdf') {
    // Said of the file itself: its name may say .pdf while its contents are something else.
    throw new AppError(
      ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      `“${file.filename}” is not a PDF: its contents are ${describeContents(type, 'not a PDF document')}, whatever its name says. Please save or export your resume as PDF and upload that file.`,
      { detected: type?.mime ?? 'unknown' },
    );
  }
}

/**
 * The image types the tools read, as users are told (the picker's hint and its check before
 * sending, through the uploadLimits query, and the refusal below): one list for both sides.
 */
export const IMAGE_UPLOAD_TYPES: readonly { mime: string; name: string; extensions: readonly string[] }[] = [
  { mime: 'image/png', name: 'PNG', extensions: ['png'] },
  { mime: 'image/jpeg', name: 'JPEG', extensions: ['jpg', 'jpeg'] },
  { mime: 'image/webp', name: 'WebP', extensions: ['webp'] },
  { mime: 'image/gif', name: 'GIF', extensions: ['gif'] },
  { mime: 'image/avif', name: 'AVIF', extensions: ['avif'] },
  { mime: 'image/tiff', name: 'TIFF', extensions: ['tif', 'tiff'] },
];

/** "PNG, JPEG, … or TIFF". */
const IMAGE_TYPE_NAMES = IMAGE_UPLOAD_TYPES.map((t) => t.name)
  .join(', ')
  .replace(/, ([^,]+)$/, ' or $1');

// HEIF containers too, by their bytes: an AVIF is sometimes labelled one (read when the image library can).
const IMAGE_TYPES = new Set([...IMAGE_UPLOAD_TYPES.map((t) => t.mime), 'image/heic', 'image/heif']);

export interface CheckedImage {
  width: number;
  height: number;
  ext: string;
}

/**
 * An image we can work on: typed by its bytes, decoded (so a damaged file is caught
 * now), and within the pixel limit (so a decompression bomb is refused before a worker
 * tries to hold it in memory).
 */
export async function requireImage(file: UploadedFile | undefined, maxPixels: number, what = 'an image'): Promise<CheckedImage> {
  if (!file || file.size === 0) throw new AppError(ErrorCode.BAD_USER_INPUT, 'Please select an image first');
  const type = await sniff(file.path);
  if (!type || !IMAGE_TYPES.has(type.mime)) {
    throw new AppError(
      ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      `“${file.filename}” is not an image: its contents are ${describeContents(type, 'not in any image format')}, whatever its name says. Please upload ${what} (${IMAGE_TYPE_NAMES}).`,
      { detected: type?.mime ?? 'unknown' },
    );
  }
  const { default: sharp } = await import('sharp');
  // The API only checks images: libvips' operation cache (50 MB by default) would keep them.
  sharp.cache(false);
  try {
    const meta = await sharp(file.path, { limitInputPixels: maxPixels, failOn: 'truncated' }).metadata();
    // Decoding a small thumbnail reads the whole file through, without holding it all.
    await sharp(file.path, { limitInputPixels: maxPixels, failOn: 'truncated' }).resize(32, 32, { fit: 'inside' }).raw().toBuffer();
    return { width: meta.width ?? 0, height: meta.height ?? 0, ext: type.ext };
  } catch (e) {
    const message = (e as Error).message;
    if (/pixel limit/i.test(message)) {
      throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, `The image is too large: at most ${Math.round(maxPixels / 1e6)} megapixels`, { maxPixels });
    }
    throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'The image file is damaged or incomplete. Please export it again and retry.');
  }
}
