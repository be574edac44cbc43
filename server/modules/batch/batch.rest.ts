// The batches' routes of the jobs API (docs/api-v1.md, "Batches"; docs/batches.md): start one
// (multipart: `images` files or a `zip`, and `steps`), read it, cancel it, follow it as
// Server-Sent Events (batch.events.ts), download its zip. Registered by server/api-v1/routes.ts with its auth.
import { randomUUID } from 'node:crypto';
import type { RequestHandler, Response, Router } from 'express';
import multer from 'multer';
import type { AuthedRequest } from '../../rest.js';
import type { KeyRule } from '../../auth/api-keys.js';
import type { Config } from '../../shared/platform/config.js';
import { AppError, ErrorCode } from '../../shared/platform/errors.js';
import { BATCH_MAX_PICTURES } from '../../shared/platform/constants.js';
import { incomingDir, removeReceived, tooLarge, type UploadedFile } from '../../uploads/receive.js';
import { batchLinks } from '../../shared/batches/batch.js';
import { parseBatchEventId, streamBatchEvents } from './batch.events.js';
import type { BatchService, BatchView } from './batch.service.js';

type Handler = (req: AuthedRequest, res: Response) => Promise<unknown>;
type Authed = (scopes: KeyRule, handler: Handler) => RequestHandler;

export interface BatchRestDeps {
  batches: BatchService;
  config: Pick<Config, 'UPLOAD_MAX_BYTES' | 'UPLOAD_IDLE_TIMEOUT_MS'>;
  closing?: AbortSignal;
}

const notFound = () => new AppError(ErrorCode.NOT_FOUND, 'This batch does not exist');

/** A batch as the jobs API writes it (snake_case, like a job). */
export function batchViewJson(v: BatchView): Record<string, unknown> {
  return {
    id: v.id,
    object: 'batch',
    tool: v.kind,
    steps: v.steps,
    status: v.status.toLowerCase(),
    runs: v.runs,
    counts: v.counts,
    pictures: v.pictures.map((p) => ({
      index: p.index,
      job_id: p.jobId,
      filename: p.filename,
      phase: p.phase,
      percent: p.percent,
      step: p.step,
      message: p.message,
      error: p.error ? { code: p.errorCode ?? 'INTERNAL_SERVER_ERROR', message: p.error } : null,
      creation_id: p.creationId,
    })),
    created_at: v.createdAt.toISOString(),
    finished_at: v.finishedAt?.toISOString() ?? null,
    links: batchLinks(v.id),
  };
}

/** The multipart body: up to 50 files (`images`, or one `zip`) into temporary files; a zip may be as large as its pictures. */
async function receive(req: AuthedRequest, res: Response, maxBytes: number): Promise<UploadedFile[]> {
  const storage = multer.diskStorage({ destination: await incomingDir(), filename: (_r, _f, named) => named(null, randomUUID()) });
  const parse = multer({ storage, limits: { fileSize: maxBytes * BATCH_MAX_PICTURES, files: BATCH_MAX_PICTURES + 1, fields: 10 } }).any();
  await new Promise<void>((resolve, reject) =>
    parse(req, res, (err: unknown) => {
      if (!err) return resolve();
      if ((err as { code?: string }).code === 'LIMIT_FILE_SIZE') return reject(tooLarge(maxBytes * BATCH_MAX_PICTURES));
      if ((err as { code?: string }).code === 'LIMIT_FILE_COUNT')
        return reject(new AppError(ErrorCode.BAD_USER_INPUT, `A batch has at most ${BATCH_MAX_PICTURES} pictures`, { field: 'images' }));
      reject(new AppError(ErrorCode.BAD_USER_INPUT, `The upload could not be read: ${(err as Error).message}`));
    }),
  );
  const files = ((req as { files?: Express.Multer.File[] }).files ?? []).filter((f) => f.fieldname === 'images' || f.fieldname === 'zip');
  for (const f of files) if (f.fieldname === 'images' && f.size > maxBytes) throw tooLarge(maxBytes);
  return files.map((f) => ({ path: f.path, size: f.size, filename: f.originalname }));
}

/** How the jobs API counts an event stream and ends it when its session or key goes (server/api-v1/routes.ts). */
export interface StreamLimits {
  room: RequestHandler;
  count: (req: AuthedRequest) => { release: () => void; revoked: AbortSignal };
}

export function batchRoutes(r: Router, deps: BatchRestDeps, authed: Authed, read: KeyRule, streams: StreamLimits): void {
  r.post(
    '/batches',
    authed(['generate'], async (req, res) => {
      if (!req.is('multipart/form-data'))
        throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Send the pictures as multipart/form-data: images (one to 50 files) or zip, and steps');
      const received: string[] = [];
      try {
        const files = await receive(req, res, deps.config.UPLOAD_MAX_BYTES);
        received.push(...files.map((f) => f.path));
        const steps = (req.body as Record<string, unknown> | undefined)?.steps;
        const batch = await deps.batches.startFromFiles(req.user, { steps, files, apiKey: req.apiKey });
        res.status(202).location(batchLinks(batch.id).self).json(batchViewJson(batch));
      } finally {
        await removeReceived(received);
      }
    }),
  );

  r.get(
    '/batches',
    authed(read, async (req, res) => {
      const first = Number(req.query.first ?? 20);
      res.json({ object: 'list', data: (await deps.batches.list(req.user.id, Number.isFinite(first) ? first : 20)).map(batchViewJson) });
    }),
  );

  r.get(
    '/batches/:id',
    authed(read, async (req, res) => {
      const batch = await deps.batches.get(String(req.params.id), req.user.id);
      if (!batch) throw notFound();
      res.json(batchViewJson(batch));
    }),
  );

  r.post(
    '/batches/:id/cancel',
    authed(['generate'], async (req, res) => {
      res.json(batchViewJson(await deps.batches.cancel(String(req.params.id), req.user.id)));
    }),
  );

  r.get(
    '/batches/:id/zip',
    authed(read, async (req, res) => {
      await deps.batches.zip(String(req.params.id), req.user.id, res, (filename) => {
        res.status(200).set({ 'Content-Type': 'application/zip', 'Content-Disposition': `attachment; filename="${filename}"`, 'Cache-Control': 'no-store' });
      });
    }),
  );

  r.get(
    '/batches/:id/events',
    streams.room,
    authed(read, async (req, res) => {
      const id = String(req.params.id);
      const resume = parseBatchEventId(req.get('last-event-id'), id);
      const { release, revoked } = streams.count(req);
      try {
        if (!(await deps.batches.get(id, req.user.id))) throw notFound();
        // The client has had the last event: nothing more will come (204 stops EventSource's reconnecting).
        if (resume?.ended) return void res.status(204).end();
        const states = deps.batches.progress(id, req.user.id);
        await streamBatchEvents(req, res, id, resume, { states, json: batchViewJson, closing: deps.closing, revoked });
      } finally {
        release();
      }
    }),
  );
}
