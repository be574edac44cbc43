// `npm run user:delete -- <e-mail or user id>`: deletes an account (what the privacy page
// promises on request) and announces it, so every API process closes its sockets at once.
import { describeUrl, loadConfig } from '../shared/platform/config.js';
import { createDb } from '../shared/db/prisma.js';
import { createStorage } from '../shared/storage/index.js';
import { createRedisPubSub } from '../shared/platform/pubsub.js';
import { createCommandRedis, createRedis } from '../shared/platform/redis.js';
import { isUuid } from '../shared/platform/validation.js';
import { deleteUser } from '../modules/user/user.service.js';

const who = process.argv[2]?.trim();
if (!who) {
  console.error('Usage: npm run user:delete -- <e-mail or user id>');
  process.exit(2);
}
const config = loadConfig();
const db = createDb(config.DATABASE_URL, 1);
const redis = await createCommandRedis(config, 'atelier-user-delete');
const pubsub = createRedisPubSub(config.REDIS_PREFIX, redis, createRedis(config, 'atelier-user-delete-sub', { lazyConnect: true }));
try {
  const users = await db.user.findMany({ where: isUuid(who) ? { id: who } : { email: who.toLowerCase() }, select: { id: true, email: true, authProvider: true } });
  if (users.length !== 1) {
    console.error(
      users.length ? `${users.length} accounts have this e-mail (one per sign-in provider): give the user id` : `No account matches ${who} in ${describeUrl(config.DATABASE_URL)}`,
    );
    process.exitCode = 1;
  } else {
    await deleteUser(db, pubsub, users[0]!.id, createStorage(config));
    console.log(`Deleted ${users[0]!.authProvider} account ${users[0]!.id}; its open sockets are being closed.`);
  }
} catch (e) {
  // A failed announcement leaves the sockets to each API process's sweep (WS_REAUTH_INTERVAL_MS).
  console.error(`Could not delete the account: ${(e as Error).message}`);
  process.exitCode = 1;
} finally {
  await Promise.allSettled([db.$disconnect(), redis.quit()]);
}
