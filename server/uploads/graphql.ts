// GraphQL multipart requests, read whole before any resolver runs (graphqlUploads): type-graphql awaits
// every argument that is a promise, Upload scalars included, before calling a resolver, so a file stream
// left for the resolver to read would stall the multipart parser before it reached the next file, and
// the request would never answer. So who may upload (identity, plan, rate, running jobs) is asked
// before the first file.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { processRequest, Upload, type FileUpload } from 'graphql-upload-minimal';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError, ErrorCode, isAppError } from '../shared/platform/errors.js';
import { refusalBody } from '../http/request-errors.js';
import { REFUSED_UPLOAD_DRAIN_BYTES } from '../shared/platform/constants.js';
import { answerStalled, drainRefused, incomingDir, removeReceived, tooLarge, watchIdle, type UploadedFile } from './receive.js';
import { followMap, limitOf, widest, type UploadLimit, type WiderUploads } from './graphql-limits.js';

/** A GraphQL upload already read to its end: its temporary file, or why it could not be read. */
interface ReceivedUpload extends FileUpload {
  /** cut: the multipart parser's error when the body ended (or broke) inside this file. */
  received: { path: string; size: number; cut?: undefined } | { error: AppError; cut?: Error };
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
  const sink = createWriteStream(path, { mode: 0o600 });
  let writeFailed = false;
  sink.once('error', () => (writeFailed = true));
  try {
    const stream = file.createReadStream();
    await pipeline(
      stream,
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          size += chunk.length;
          // Past the limit the rest is read and thrown away (the parser stops at the widest limit + 1).
          if (size <= maxBytes) yield chunk;
        }
      },
      sink,
    );
    received = size > maxBytes || (stream as { truncated?: boolean }).truncated ? { error: tooLarge(maxBytes) } : { path, size };
  } catch (e) {
    sink.destroy();
    received =
      (e as { status?: number }).status === 413
        ? { error: tooLarge(maxBytes) }
        : // Not our temporary file: the parser's error, thrown by createReadStream when it came first.
          { error: new AppError(ErrorCode.BAD_USER_INPUT, `The upload failed: ${(e as Error).message}`), cut: writeFailed ? undefined : (e as Error) };
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

type Refusal = [status: number, code: ErrorCode, message: string];

const tooManyFiles = (maxFiles: number): Refusal => [413, ErrorCode.PAYLOAD_TOO_LARGE, `Too many files in one request: at most ${maxFiles}`];

/**
 * How to answer a request graphql-upload-minimal gave up on, or null when the error is not the
 * client's. Its HttpErrors refuse the request's shape (too many files, bad operations or map, a
 * file the map names not sent: `afterMap`); an error without a status is its multipart parser's,
 * a body cut short or a broken part (docs/security-testing.md, "A multipart body cut short").
 */
function refusalOf(error: unknown, maxFiles: number, afterMap: boolean): Refusal | null {
  const { status, expose, message } = (error ?? {}) as { status?: number; expose?: boolean; message?: string };
  const malformed = `The upload request is malformed: ${message ?? 'unknown error'}`;
  if (status === 413) return tooManyFiles(maxFiles);
  if (status === 400 && afterMap) return [400, ErrorCode.BAD_USER_INPUT, "A file the request's map names was not sent"];
  if (status && expose) return [status, ErrorCode.BAD_USER_INPUT, malformed];
  if (!status && error instanceof Error) return [400, ErrorCode.BAD_USER_INPUT, malformed];
  return null;
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

export interface GraphqlUploadLimits extends UploadLimit {
  idleMs: number;
  /** Wider limits for some operations (startBatch's pictures: graphql-limits.ts). */
  wider?: WiderUploads;
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
 * when the request ends (at most maxBytes, or its operation's wider limit,
 * a larger one is refused with PAYLOAD_TOO_LARGE when its resolver reads it) as the
 * parser reaches it, whatever the order of the map and the parts, and the operation
 * runs only once every file is in. A request that `admit` refuses runs at once instead,
 * its uploads failing with the refusal, while its files are read and thrown away. A
 * request refused for its shape (too many files, malformed, cut short) is answered 4xx
 * with a code, never 500, and the rest of its body is read and thrown away, up to a bound,
 * so its client reads the answer. A
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
    /**
     * Answers the request here, with a code. The rest of its body is read and thrown away (up to
     * REFUSED_UPLOAD_DRAIN_BYTES) before the connection may close, so a client still sending reads
     * the answer; a stall after the answer closes the connection.
     */
    const refuse = (status: number, code: ErrorCode, message: string) => {
      if (done) return;
      done = true;
      discarding = true;
      drainRefused(req, REFUSED_UPLOAD_DRAIN_BYTES);
      if (req.readableEnded) stopWatching();
      else req.once('end', () => stopWatching());
      res.status(status).json(refusalBody(code, message));
    };
    // The parser gets the widest limits; the request is held to its operation's once they are read.
    const parser = widest(limits, limits.wider);
    const parsing = processRequest(req, res, { maxFileSize: parser.maxBytes + 1, maxFiles: parser.maxFiles });
    // Read once the parser is attached (adding a 'data' listener starts the flow).
    const map = followMap(req, res);
    parsing
      .catch((error: unknown) => {
        const refusal = refusalOf(error, parser.maxFiles, false);
        if (refusal) refuse(...refusal);
        else finish(error);
        return null;
      })
      .then(async (operations: unknown) => {
        if (operations === null) return;
        const uploads = uploadsIn(operations);
        // The map's entries, not only the uploads placed: two naming one variable leave a file nobody reads.
        const { maxBytes, maxFiles } = limitOf(operations, limits, limits.wider);
        if (Math.max(uploads.size, map.entries ?? 0) > maxFiles) return refuse(...tooManyFiles(maxFiles));
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
            upload.promise = upload.promise.then((file) => receive(file, maxBytes, dir, paths));
            received.push(upload.promise);
          }
          upload.promise.catch(() => undefined);
        }
        discarding = refusal !== null;
        const outcomes = await Promise.allSettled(received);
        // A file the body never carried, or cut short: a malformed request, not a resolver's failure.
        for (const outcome of outcomes) {
          const error: unknown = outcome.status === 'rejected' ? outcome.reason : (outcome.value as ReceivedUpload).received.cut;
          const refusal = error ? refusalOf(error, maxFiles, true) : null;
          if (refusal) return refuse(...refusal);
        }
        req.body = operations;
        finish();
      })
      .catch((error: unknown) => finish(error));
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
