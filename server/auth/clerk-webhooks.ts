// POST /api/webhooks/clerk: Clerk's webhooks, delivered by Svix, push what changed between
// tokens (docs/real-services.md). Mounted only with CLERK_WEBHOOK_SIGNING_SECRET, before any JSON
// parser: the signature covers the raw body. verifyWebhook (@clerk/backend/webhooks) checks
// it: HMAC-SHA256 over "<svix-id>.<svix-timestamp>.<body>" with the secret, timestamps more
// than 5 minutes off refused. Svix delivers at least once, so every event is idempotent.
import { verifyWebhook } from '@clerk/backend/webhooks';
import express, { type Router } from 'express';
import type { Db } from '../shared/db/prisma.js';
import { ErrorCode } from '../shared/platform/errors.js';
import type { Logger } from '../shared/platform/logger.js';
import type { PubSub } from '../shared/platform/pubsub.js';
import { deleteUser } from '../modules/user/user.service.js';
import type { Storage } from '../shared/storage/index.js';
import type { ClerkIdentity } from './identity.js';
import { profileFromUserJson, type ClerkUserJson } from './clerk-profile.js';

export const CLERK_WEBHOOK_PATH = '/api/webhooks/clerk';

export interface ClerkWebhookDeps {
  signingSecret: string;
  db: Db;
  pubsub: Pick<PubSub, 'publish'>;
  identity: Pick<ClerkIdentity, 'applyProfile' | 'forget'>;
  /** The file store the deleted user's images are removed from. */
  files: Pick<Storage, 'remove'>;
  log: Logger;
}

/** Clerk's user payloads are small; a bigger body is not Clerk's. */
const BODY_LIMIT = '256kb';
/** svix-ids already handled, and each user's newest `updated_at` applied (an older event delivered late is skipped). */
const MEMORY_CAP = 10_000;

export function clerkWebhookRoutes(deps: ClerkWebhookDeps): Router {
  const router = express.Router();
  const handled = new Set<string>();
  const newestUpdate = new Map<string, number>();
  const note = <T>(memory: Set<T> | Map<T, number>, key: T, value = 0) => {
    if (memory.size >= MEMORY_CAP) memory.delete(memory.keys().next().value as T);
    if (memory instanceof Set) memory.add(key);
    else memory.set(key, value);
  };

  router.post(CLERK_WEBHOOK_PATH, express.raw({ type: () => true, limit: BODY_LIMIT }), async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
    const header = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : '');
    let event: Awaited<ReturnType<typeof verifyWebhook>>;
    try {
      event = await verifyWebhook(
        new Request(`http://localhost${CLERK_WEBHOOK_PATH}`, {
          method: 'POST',
          headers: { 'svix-id': header('svix-id'), 'svix-timestamp': header('svix-timestamp'), 'svix-signature': header('svix-signature') },
          body,
        }),
        { signingSecret: deps.signingSecret },
      );
    } catch (e) {
      deps.log.warn({ svixId: header('svix-id'), why: (e as Error).message.slice(0, 200) }, 'refused a Clerk webhook delivery');
      res.status(400).json({ success: false, message: 'The webhook could not be verified: its Svix signature is missing, wrong or too old', code: ErrorCode.BAD_USER_INPUT });
      return;
    }

    const id = header('svix-id');
    if (handled.has(id)) {
      res.json({ success: true, message: 'Already handled' });
      return;
    }
    try {
      if (event.type === 'user.updated') {
        const user = event.data as unknown as ClerkUserJson;
        const at = typeof user.updated_at === 'number' ? user.updated_at : 0;
        if (at >= (newestUpdate.get(user.id) ?? 0)) {
          note(newestUpdate, user.id, at);
          await deps.identity.applyProfile(user.id, profileFromUserJson(user));
        }
      } else if (event.type === 'user.deleted') {
        const sub = (event.data as { id?: string }).id;
        const row = sub ? await deps.db.user.findUnique({ where: { authProvider_externalId: { authProvider: 'clerk', externalId: sub } }, select: { id: true } }) : null;
        if (row) {
          // Announced inside: every API process forgets the user and closes their sockets.
          await deleteUser(deps.db, deps.pubsub, row.id, deps.files);
          deps.identity.forget(row.id);
          deps.log.info({ userId: row.id }, 'deleted an account Clerk deleted');
        }
      }
      note(handled, id);
      res.json({ success: true, message: event.type === 'user.updated' || event.type === 'user.deleted' ? 'Applied' : 'Ignored' });
    } catch (e) {
      // Svix retries a failed delivery later: a 500 is the right answer when, say, Postgres is down.
      deps.log.error({ err: e, type: event.type }, 'could not apply a Clerk webhook');
      res.status(500).json({ success: false, message: 'The event could not be applied; it will be retried', code: ErrorCode.INTERNAL_SERVER_ERROR });
    }
  });
  return router;
}
