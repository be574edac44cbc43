// The REST mirror of every tool that has one (product §7): authenticate, start the tool as
// GraphQL would (multipart files read only once it is allowed), wait for the job to end, and
// answer {success, content, message}.
import { Router } from 'express';
import { authed, type RestDeps, type RestUploadConfig } from '../rest.js';
import { parseRestUploads, removeRestUploads, restFile } from '../uploads/rest.js';
import { answerWhenDone, type JobAnswerDeps } from '../modules/job/job.rest.js';
import { creationSource, SOURCE_CREATION_FIELD, type Tool } from '../shared/tools/tool.js';
import type { ToolFiles, ToolService } from './tool.service.js';

export function toolRoutes(app: RestDeps & JobAnswerDeps & { tools: ToolService; config: RestUploadConfig }, tools: readonly Tool[]): Router {
  const r = Router();
  for (const tool of tools) {
    const rest = tool.rest;
    if (!rest) continue;
    const fields = tool.uploads.map((u) => u.field);
    r.post(
      rest.path,
      authed(app, { scope: 'generate' }, async (req, res) => {
        let release = () => {};
        const files = async (): Promise<ToolFiles> => {
          // A slot among the user's jobs before the first byte is read (upload-slots.ts).
          release = await app.jobs.receiveUploads(req.user);
          await parseRestUploads(req, res, fields, app.config.UPLOAD_MAX_BYTES, app.config.UPLOAD_IDLE_TIMEOUT_MS);
          return Object.fromEntries(fields.map((f) => [f, restFile(req, f)]));
        };
        const body = () => (req.body ?? {}) as Record<string, unknown>;
        const input = () => rest.fromBody(body());
        // A creation of the caller's instead of the image: a text field of the multipart body, or JSON (docs/api-v1.md, "Sending a creation").
        const sourceCreationId = creationSource(tool) ? () => body()[SOURCE_CREATION_FIELD] : undefined;
        let job;
        try {
          job = await app.tools.start(tool.kind, req.user, { input, files: fields.length > 0 ? files : undefined, apiKey: req.apiKey, sourceCreationId });
        } finally {
          // Stored for the worker (or refused): the received files and the slot are done with.
          release();
          await removeRestUploads(req);
        }
        await answerWhenDone(app, req, res, job);
      }),
    );
  }
  return r;
}
