// REST mirror of the creation module (product §7).
import { Router } from 'express';
import { authed, type RestDeps } from '../../rest.js';
import type { CreationService } from './creation.service.js';
import type { CreationType } from '../../shared/db/generated/enums.js';

/** A creation type in the REST mirror's spelling: lower case, a dash for each underscore. */
export const restType = (t: CreationType) => t.toLowerCase().replaceAll('_', '-');

export function creationRoutes(app: RestDeps & { creations: CreationService }): Router {
  const r = Router();

  r.get(
    '/api/user/get-user-creations',
    authed(app, { scope: 'read' }, async (req, res) => {
      const rows = await app.creations.allOf(req.user.id);
      // A file's URL may be presigned (S3), which the SDK does asynchronously.
      res.json({
        success: true,
        creations: await Promise.all(
          rows.map(async (c) => ({ id: c.id, prompt: c.prompt, type: restType(c.type), content: await app.creations.contentOf(c), created_at: c.createdAt })),
        ),
        message: '',
      });
    }),
  );

  r.get(
    '/api/user/get-published-creations',
    authed(app, { scope: 'read' }, async (_req, res) => {
      const rows = await app.creations.allPublished();
      res.json({
        success: true,
        creations: await Promise.all(
          rows.map(async (c) => ({
            id: c.id,
            content: await app.creations.contentOf(c),
            prompt: c.prompt,
            likes: c.likes.map((l) => l.userId),
            createdAt: c.createdAt,
            user: { firstName: c.user.firstName },
          })),
        ),
        message: '',
      });
    }),
  );

  return r;
}
