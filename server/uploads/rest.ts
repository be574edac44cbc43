// REST multipart bodies (product §7's field names), received with the same limits as GraphQL's.
import { randomUUID } from 'node:crypto';
import multer from 'multer';
import type { Request, Response } from 'express';
import { AppError, ErrorCode } from '../shared/platform/errors.js';
import { answerStalled, incomingDir, removeReceived, stalledMessage, tooLarge, watchIdle, type UploadedFile } from './receive.js';

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
