// Uploaded files: read with a size limit, typed by their bytes (never by name or
// header), and — for inputs a worker needs — kept privately under DATA_DIR/uploads
// until the job is over.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import type { FileUpload } from 'graphql-upload-minimal';
import multer from 'multer';
import type { Request, Response } from 'express';
import { AppError, ErrorCode } from './errors.js';

export interface UploadedFile {
  bytes: Buffer;
  filename: string;
}

const tooLarge = (maxBytes: number) =>
  new AppError(ErrorCode.PAYLOAD_TOO_LARGE, `The file is too large: the limit is ${Math.floor(maxBytes / (1024 * 1024))} MB`, { maxBytes });

/** Reads a GraphQL multipart upload into memory, refusing more than maxBytes. */
export async function readUpload(upload: Promise<FileUpload> | FileUpload, maxBytes: number): Promise<UploadedFile> {
  let file: FileUpload;
  try {
    file = await upload;
  } catch (e) {
    throw new AppError(ErrorCode.BAD_USER_INPUT, `The upload failed: ${(e as Error).message}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    const stream = file.createReadStream();
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) {
        stream.destroy();
        throw tooLarge(maxBytes);
      }
      chunks.push(chunk as Buffer);
    }
    if ((stream as { truncated?: boolean }).truncated) throw tooLarge(maxBytes);
  } catch (e) {
    if (e instanceof AppError) throw e;
    if ((e as { status?: number }).status === 413) throw tooLarge(maxBytes);
    throw new AppError(ErrorCode.BAD_USER_INPUT, `The upload failed: ${(e as Error).message}`);
  }
  return { bytes: Buffer.concat(chunks), filename: file.filename };
}

/** The file's real type, read from its bytes. */
export async function sniff(bytes: Buffer): Promise<{ mime: string; ext: string } | undefined> {
  return fileTypeFromBuffer(bytes);
}

export async function requirePdf(file: UploadedFile): Promise<void> {
  if (file.bytes.length === 0) throw new AppError(ErrorCode.BAD_USER_INPUT, 'Please select a resume file first');
  const type = await sniff(file.bytes);
  if (type?.mime !== 'application/pdf') {
    throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Only PDF resumes can be reviewed: please upload a .pdf file', {
      detected: type?.mime ?? 'unknown',
    });
  }
}

/** Keeps a job's input file privately (never served); returns its key. */
export async function savePrivateUpload(dataDir: string, bytes: Buffer, ext: string): Promise<string> {
  const dir = join(dataDir, 'uploads');
  await mkdir(dir, { recursive: true });
  const key = `${randomUUID()}.${ext.replace(/[^a-z0-9]/gi, '')}`;
  await writeFile(join(dir, key), bytes, { mode: 0o600 });
  return key;
}

const keyPath = (dataDir: string, key: string) => {
  if (!/^[0-9a-f-]{36}\.[a-z0-9]+$/i.test(key)) throw new Error('bad upload key');
  return join(dataDir, 'uploads', key);
};

export const readPrivateUpload = (dataDir: string, key: string) => readFile(keyPath(dataDir, key));
export const deletePrivateUpload = (dataDir: string, key: string) => rm(keyPath(dataDir, key), { force: true });

/** Parses a REST multipart body (spec §7 field names) into memory with the same limit. */
export function parseRestUploads(req: Request, res: Response, fields: string[], maxBytes: number): Promise<void> {
  // Files under other names are ignored (and dropped with the request), not an error.
  const parse = multer({ storage: multer.memoryStorage(), limits: { fileSize: maxBytes, files: fields.length + 2, fields: 10 } }).any();
  return new Promise((resolve, reject) =>
    parse(req, res, (err: unknown) => {
      if (!err) return resolve();
      if ((err as { code?: string }).code === 'LIMIT_FILE_SIZE') return reject(tooLarge(maxBytes));
      return reject(new AppError(ErrorCode.BAD_USER_INPUT, `The upload could not be read: ${(err as Error).message}`));
    }),
  );
}

/** A file from a REST multipart request, or undefined. */
export function restFile(req: { files?: unknown }, field: string): UploadedFile | undefined {
  const files = req.files as Express.Multer.File[] | undefined;
  const f = files?.find((x) => x.fieldname === field);
  return f ? { bytes: f.buffer, filename: f.originalname } : undefined;
}

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif', 'image/tiff', 'image/heic', 'image/heif']);

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
  if (!file || file.bytes.length === 0) throw new AppError(ErrorCode.BAD_USER_INPUT, 'Please select an image first');
  const type = await sniff(file.bytes);
  if (!type || !IMAGE_TYPES.has(type.mime)) {
    throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, `Please upload ${what} (PNG, JPEG, WebP, GIF, AVIF or TIFF)`, {
      detected: type?.mime ?? 'unknown',
    });
  }
  const { default: sharp } = await import('sharp');
  try {
    const meta = await sharp(file.bytes, { limitInputPixels: maxPixels, failOn: 'truncated' }).metadata();
    // Decoding a small thumbnail reads the whole file through, without holding it all.
    await sharp(file.bytes, { limitInputPixels: maxPixels, failOn: 'truncated' }).resize(32, 32, { fit: 'inside' }).raw().toBuffer();
    return { width: meta.width ?? 0, height: meta.height ?? 0, ext: type.ext };
  } catch (e) {
    const message = (e as Error).message;
    if (/pixel limit/i.test(message)) {
      throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, `The image is too large: at most ${Math.round(maxPixels / 1e6)} megapixels`, { maxPixels });
    }
    throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'The image file is damaged or incomplete. Please export it again and retry.');
  }
}
