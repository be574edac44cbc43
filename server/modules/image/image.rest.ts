// REST mirror of the image tools (spec §7).
import { Router } from 'express';
import { authed, type RestDeps, type RestUploadConfig } from '../../rest.js';
import { parseRestUploads, restFile } from '../../uploads.js';
import { answerWhenDone, type JobAnswerDeps } from '../job/job.rest.js';
import type { ImageToolService } from './image.service.js';
import { IMAGE_STYLE_LABELS, type ImageStyle } from '../../domain.js';

/** "Generate an image of {description} in the style {Style}" → its parts; else the whole prompt is the description. */
export function descriptionAndStyleOf(prompt: unknown): { description: unknown; style: ImageStyle | string } {
  if (typeof prompt !== 'string') return { description: prompt, style: 'REALISTIC' };
  const m = /^Generate an image of ([\s\S]+?) in the style (.+)$/i.exec(prompt.trim());
  if (!m) return { description: prompt, style: 'REALISTIC' };
  const label = m[2]!.trim().toLowerCase();
  const style = (Object.entries(IMAGE_STYLE_LABELS) as [ImageStyle, string][]).find(([, l]) => l.toLowerCase() === label)?.[0];
  return { description: m[1], style: style ?? label.toUpperCase() };
}

export function imageRoutes(app: RestDeps & JobAnswerDeps & { images: ImageToolService; config: RestUploadConfig }): Router {
  const r = Router();
  const max = app.config.UPLOAD_MAX_BYTES;
  const idle = app.config.UPLOAD_IDLE_TIMEOUT_MS;
  r.post(
    '/api/ai/generate-image',
    authed(app, async (req, res) => {
      const job = await app.images.generateImage(req.user, { ...descriptionAndStyleOf(req.body?.prompt), publish: req.body?.publish === true });
      await answerWhenDone(app, req, res, job);
    }),
  );
  r.post(
    '/api/ai/remove-image-background',
    authed(app, async (req, res) => {
      const job = await app.images.removeBackground(req.user, async () => {
        await parseRestUploads(req, res, ['image'], max, idle);
        return restFile(req, 'image');
      });
      await answerWhenDone(app, req, res, job);
    }),
  );
  r.post(
    '/api/ai/remove-image-object',
    authed(app, async (req, res) => {
      // The body (files and the object name) is read once plan, rate and running jobs allow it.
      const job = await app.images.removeObject(
        req.user,
        async () => {
          await parseRestUploads(req, res, ['image', 'mask'], max, idle);
          return restFile(req, 'image');
        },
        () => req.body?.object,
        async () => restFile(req, 'mask'),
      );
      await answerWhenDone(app, req, res, job);
    }),
  );
  return r;
}
