import { Router } from 'express';
import { AppError, ErrorCode } from '../../shared/platform/errors.js';
import { authed, type RestDeps } from '../../rest.js';
import { requireActive } from '../../context.js';
import type { LikeService } from './like.service.js';

export function likeRoutes(app: RestDeps & { likes: LikeService }): Router {
  const r = Router();
  r.post(
    '/api/user/toggle-like-creation',
    authed(app, { scope: 'publish' }, async (req, res) => {
      const id: unknown = req.body?.id;
      if (typeof id !== 'string' && typeof id !== 'number') throw new AppError(ErrorCode.BAD_USER_INPUT, 'Send the creation id as {"id": "..."}');
      const { creation, liked } = await app.likes.toggle(requireActive(req.user).id, String(id));
      res.json({ success: true, message: liked ? 'Creation Liked' : 'Creation Unliked', likeCount: creation.likeCount, likedByMe: liked });
    }),
  );
  return r;
}
