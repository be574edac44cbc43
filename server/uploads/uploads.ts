// Uploaded files: read with a size limit into temporary files (never into memory: a flood
// of admitted 10 MB uploads held the API's memory up, issue 27 item 3), typed by their bytes
// (never by name or header), and — for inputs a worker needs — kept privately under
// DATA_DIR/uploads (or in the S3 bucket, providers/storage/s3.ts) until the job is over.
//
// GraphQL multipart requests are read whole before any resolver runs (graphqlUploads):
// type-graphql awaits every argument that is a promise, Upload scalars included, before
// calling a resolver, so a file stream left for the resolver to read would stall the
// multipart parser before it reached the next file, and the request would never answer.
// So who may upload (identity, plan, rate, running jobs) is asked before the first file.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, rmSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromFile } from 'file-type';
import { processRequest, Upload, type FileUpload } from 'graphql-upload-minimal';
import multer from 'multer';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError, ErrorCode, isAppError } from '../shared/platform/errors.js';
import { refusalBody } from '../http/request-errors.js';

/** A received file: in a temporary file of this process (removed when its request ends). */
export interface UploadedFile {
  path: string;
  size: number;
  filename: string;
}

let incoming: Promise<string> | undefined;
/** This process's folder for files being received, under the OS's temporary folder; removed at exit. */
export function incomingDir(): Promise<string> {
  if (!incoming) {
    incoming = mkdtemp(join(tmpdir(), `atelier-uploads-${process.pid}-`));
    void incoming.then((dir) => process.once('exit', () => rmSync(dir, { recursive: true, force: true })));
  }
  return incoming;
}

/** Removes received files (a request's, once it has ended); a file already gone is no error. */
export const removeReceived = (paths: Iterable<string>) => Promise.all([...paths].map((p) => rm(p, { force: true })));

const tooLarge = (maxBytes: number) =>
  new AppError(ErrorCode.PAYLOAD_TOO_LARGE, `The file is too large: the limit is ${Math.floor(maxBytes / (1024 * 1024))} MB`, { maxBytes });

const stalledMessage = (idleMs: number) =>
  `The upload stalled: nothing arrived for ${Math.round(idleMs / 1000)} s. Please check your connection and try again.`;

/**
 * Calls onIdle once when the request sends no bytes for idleMs (from now, then from each
 * chunk); returns the function that stops watching. Call it once the body is piped into
 * its parser: the 'data' listener it adds starts the flow (it never resumes a paused one).
 */
function watchIdle(req: Request, idleMs: number, onIdle: () => void): () => void {
  let lastData = Date.now();
  let immediate: NodeJS.Immediate | undefined;
  const check = () => {
    // Data that arrived while the event loop was busy is read in the poll phase, after
    // timers: look again once it has had its turn, so a busy server does not call it a stall.
    immediate = setImmediate(() => {
      const quietFor = Date.now() - lastData;
      if (quietFor < idleMs) return void (timer = setTimeout(check, idleMs - quietFor));
      stop();
      onIdle();
    });
  };
  let timer = setTimeout(check, idleMs);
  const onData = () => {
    lastData = Date.now();
  };
  function stop() {
    clearTimeout(timer);
    if (immediate) clearImmediate(immediate);
    req.off('data', onData);
    req.off('close', stop);
  }
  req.on('data', onData);
  req.once('close', stop);
  return stop;
}

/** Refuses a stalled upload with 408 and closes the connection (the rest of its body will not come). */
function answerStalled(req: Request, res: Response, idleMs: number): void {
  req.unpipe();
  if (res.headersSent) {
    req.socket.destroy();
    return;
  }
  res.status(408).set('Connection', 'close').json(refusalBody(ErrorCode.BAD_USER_INPUT, stalledMessage(idleMs)));
}

/** A GraphQL upload already read to its end: its temporary file, or why it could not be read. */
interface ReceivedUpload extends FileUpload {
  received: { path: string; size: number } | { error: AppError };
}

const isReceived = (file: FileUpload): file is ReceivedUpload => 'received' in file;

/**
 * Reads one file of a multipart request to its end into a temporary file in `dir` (named in
 * `paths`, for removal), keeping at most maxBytes (the rest is discarded).
 */
async function receive(file: FileUpload, maxBytes: number, dir: string, paths: Set<string>): Promise<ReceivedUpload> {
  let received: ReceivedUpload['received'];
  const path = join(dir, randomUUID());
  paths.add(path);
  let size = 0;
  try {
    const stream = file.createReadStream();
    await pipeline(
      stream,
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          size += chunk.length;
          // Past the limit the parser (limited to maxBytes + 1) skips the rest of the file.
          if (size <= maxBytes) yield chunk;
        }
      },
      createWriteStream(path, { mode: 0o600 }),
    );
    received = size > maxBytes || (stream as { truncated?: boolean }).truncated ? { error: tooLarge(maxBytes) } : { path, size };
  } catch (e) {
    received =
      (e as { status?: number }).status === 413 ? { error: tooLarge(maxBytes) } : { error: new AppError(ErrorCode.BAD_USER_INPUT, `The upload failed: ${(e as Error).message}`) };
  }
  const { error } = received as { error?: AppError };
  return {
    filename: file.filename,
    fieldName: file.fieldName,
    mimetype: file.mimetype,
    encoding: file.encoding,
    received,
    createReadStream: () => {
      if (error) throw error;
      // Typed as graphql-upload-minimal's own stream; any Readable is what it really hands out.
      return createReadStream(path) as unknown as ReturnType<FileUpload['createReadStream']>;
    },
  };
}

/** Every Upload placed in the operations (a batch is an array), once each; iterative, so no nesting overflows the stack. */
function uploadsIn(operations: unknown): Set<Upload> {
  const found = new Set<Upload>();
  const stack = [operations];
  while (stack.length) {
    const value = stack.pop();
    if (value instanceof Upload) found.add(value);
    else if (value && typeof value === 'object') for (const v of Object.values(value)) stack.push(v);
  }
  return found;
}

/** Discards a file of a refused request as the parser reaches it (nothing is kept). */
function discard(file: FileUpload): void {
  try {
    const stream = file.createReadStream();
    stream.on('error', () => undefined);
    stream.resume();
  } catch {
    // Already failed (too large, request gone): nothing to read.
  }
}

export interface GraphqlUploadLimits {
  maxBytes: number;
  maxFiles: number;
  idleMs: number;
  /**
   * Throws an AppError when the request's files must not be read (no identity, plan, rate,
   * running jobs, uploads under way); asked once the operations are parsed, before the first
   * file arrives. What it returns is called when the request ends (a slot given back).
   */
  admit?: (req: Request) => Promise<(() => void) | void>;
}

/**
 * Express middleware for GraphQL multipart requests (graphql-multipart-request-spec),
 * in place of graphql-upload-minimal's: each file is read into a temporary file, removed
 * when the request ends (at most maxBytes,
 * a larger one is refused with PAYLOAD_TOO_LARGE when its resolver reads it) as the
 * parser reaches it, whatever the order of the map and the parts, and the operation
 * runs only once every file is in. A request that `admit` refuses runs at once instead,
 * its uploads failing with the refusal, while its files are read and thrown away. A
 * request that sends nothing for idleMs is refused with 408 and its connection closed
 * (after an early answer, the connection is just closed), so no upload can hold a
 * request open.
 */
export function graphqlUploads(limits: GraphqlUploadLimits): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!req.is('multipart/form-data')) return next();
    const received: Promise<unknown>[] = [];
    let done = false;
    let discarding = false;
    const finish = (err?: unknown) => {
      if (done) return;
      done = true;
      // A refused request is answered before its body ends: keep watching for a stall until then.
      if (discarding && !req.readableEnded) req.once('end', () => stopWatching());
      else stopWatching();
      next(err);
    };
    let stopWatching = () => {};
    const paths = new Set<string>();
    let release: (() => void) | void = undefined;
    res.once('close', () => {
      release?.();
      void removeReceived(paths);
    });
    /** Answers the request here, with a code; the rest of its body is not read. */
    const refuse = (status: number, code: ErrorCode, message: string) => {
      if (done) return;
      done = true;
      stopWatching();
      req.unpipe();
      res.status(status).set('Connection', 'close').json(refusalBody(code, message));
    };
    processRequest(req, res, { maxFileSize: limits.maxBytes + 1, maxFiles: limits.maxFiles })
      .then(async (operations) => {
        const uploads = uploadsIn(operations);
        let refusal: AppError | null = null;
        if (uploads.size && limits.admit) {
          try {
            release = await limits.admit(req);
            if (res.writableEnded || res.destroyed) release?.();
          } catch (e) {
            refusal = isAppError(e) ? e : null;
          }
        }
        const dir = refusal || uploads.size === 0 ? '' : await incomingDir();
        for (const upload of uploads) {
          if (refusal) {
            upload.promise.then(discard, () => undefined);
            upload.promise = Promise.reject(refusal);
          } else {
            // The Upload scalar hands resolvers this promise: it now settles once the file is read.
            upload.promise = upload.promise.then((file) => receive(file, limits.maxBytes, dir, paths));
            received.push(upload.promise);
          }
          upload.promise.catch(() => undefined);
        }
        discarding = refusal !== null;
        const outcomes = await Promise.allSettled(received);
        // The map named a file the body never carried: a malformed request, not a resolver's failure.
        const unsent = outcomes.find((o) => o.status === 'rejected' && (o.reason as { status?: number }).status === 400);
        if (unsent) return refuse(400, ErrorCode.BAD_USER_INPUT, "A file the request's map names was not sent");
        req.body = operations;
        finish();
      })
      .catch((error: { status?: number; expose?: boolean; message?: string }) => {
        if (!error.status || !error.expose) return finish(error);
        // graphql-upload-minimal's refusals of the request's shape (too many files, bad operations or map).
        if (error.status === 413) return refuse(413, ErrorCode.PAYLOAD_TOO_LARGE, `Too many files in one request: at most ${limits.maxFiles}`);
        refuse(error.status, ErrorCode.BAD_USER_INPUT, `The upload request is malformed: ${error.message ?? 'unknown error'}`);
      });
    // Watched once the parser is attached (adding a 'data' listener starts the flow).
    stopWatching = watchIdle(req, limits.idleMs, () => {
      if (discarding) {
        // Answered (or answering) already: only the connection is left to close.
        if (res.writableFinished) req.socket.destroy();
        else res.once('finish', () => req.socket.destroy());
        return;
      }
      if (done) return;
      done = true;
      answerStalled(req, res, limits.idleMs);
    });
  };
}

/** A GraphQL upload as a received file, refusing more than maxBytes; the file was read by graphqlUploads. */
export async function readUpload(upload: Promise<FileUpload> | FileUpload): Promise<UploadedFile> {
  let file: FileUpload;
  try {
    file = await upload;
  } catch (e) {
    throw new AppError(ErrorCode.BAD_USER_INPUT, `The upload failed: ${(e as Error).message}`);
  }
  // Only graphqlUploads hands out uploads: one that it did not read is a request it never saw.
  if (!isReceived(file)) throw new AppError(ErrorCode.BAD_USER_INPUT, 'The upload must be sent as a multipart request');
  const { received } = file;
  if ('error' in received) throw received.error;
  return { ...received, filename: file.filename };
}

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

/** Keeps a job's input file privately on local disk (never served); returns its key. LocalStorage's uploads (S3Storage keeps them in the bucket). */
export async function savePrivateUpload(dataDir: string, file: string, ext: string): Promise<string> {
  const dir = join(dataDir, 'uploads');
  await mkdir(dir, { recursive: true });
  const key = `${randomUUID()}.${ext.replace(/[^a-z0-9]/gi, '')}`;
  // A copy, not a move: the received file may be on another file system, and is removed with its request.
  await copyFile(file, join(dir, key));
  return key;
}

const keyPath = (dataDir: string, key: string) => {
  if (!/^[0-9a-f-]{36}\.[a-z0-9]+$/i.test(key)) throw new Error('bad upload key');
  return join(dataDir, 'uploads', key);
};

export const readPrivateUpload = (dataDir: string, key: string) => readFile(keyPath(dataDir, key));
export const deletePrivateUpload = (dataDir: string, key: string) => rm(keyPath(dataDir, key), { force: true });

/**
 * Parses a REST multipart body (product §7 field names) into temporary files with the same
 * limit (removed by removeRestUploads). A body that sends nothing for idleMs is answered here
 * with 408 (connection closed) and the promise rejects.
 */
export async function parseRestUploads(req: Request, res: Response, fields: string[], maxBytes: number, idleMs: number): Promise<void> {
  const storage = multer.diskStorage({ destination: await incomingDir(), filename: (_req, _file, named) => named(null, randomUUID()) });
  // Files under other names are ignored (and removed with the request's), not an error.
  const parse = multer({ storage, limits: { fileSize: maxBytes, files: fields.length + 2, fields: 10 } }).any();
  return new Promise((resolve, reject) => {
    let settled = false;
    let stopWatching = () => {};
    parse(req, res, (err: unknown) => {
      settled = true;
      stopWatching();
      if (!err) return resolve();
      if ((err as { code?: string }).code === 'LIMIT_FILE_SIZE') return reject(tooLarge(maxBytes));
      return reject(new AppError(ErrorCode.BAD_USER_INPUT, `The upload could not be read: ${(err as Error).message}`));
    });
    // Watched once multer's parser is attached (adding a 'data' listener starts the flow).
    if (!settled) {
      stopWatching = watchIdle(req, idleMs, () => {
        if (settled) return;
        settled = true;
        answerStalled(req, res, idleMs);
        reject(new AppError(ErrorCode.BAD_USER_INPUT, stalledMessage(idleMs)));
      });
    }
  });
}

/** A file from a REST multipart request, or undefined. */
export function restFile(req: { files?: unknown }, field: string): UploadedFile | undefined {
  const files = req.files as Express.Multer.File[] | undefined;
  const f = files?.find((x) => x.fieldname === field);
  return f ? { path: f.path, size: f.size, filename: f.originalname } : undefined;
}

/** Removes a REST request's received files (multer removes them itself when parsing fails). */
export const removeRestUploads = (req: { files?: unknown }) => removeReceived(((req.files as Express.Multer.File[] | undefined) ?? []).map((f) => f.path));

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
const IMAGE_TYPE_NAMES = IMAGE_UPLOAD_TYPES.map((t) => t.name).join(', ').replace(/, ([^,]+)$/, ' or $1');

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
