// The user module owns the User table.
import type { Services } from '../../context.js';
import type { User } from '../../db/generated/client.js';
import { Plan } from '../../db/generated/enums.js';
import { AppError, ErrorCode } from '../../errors.js';
import { Topic } from '../../pubsub.js';

export const fullNameOf = (u: Pick<User, 'firstName' | 'lastName'>): string | null =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || null;

export class UserService {
  constructor(private readonly services: Services) {}

  /** Built-in billing only: with Clerk the plan comes from Clerk Billing. */
  async changePlan(user: User, plan: Plan): Promise<User> {
    if (this.services.identity.kind !== 'builtin') {
      throw new AppError(ErrorCode.FORBIDDEN, 'Plans are managed in your Clerk account');
    }
    if (!Object.values(Plan).includes(plan)) throw new AppError(ErrorCode.BAD_USER_INPUT, 'Unknown plan');
    const updated = await this.services.db.user.update({ where: { id: user.id }, data: { plan } });
    // This process at once, the others through pub/sub: the next request sees the new plan.
    this.services.identity.forget(user.id);
    await this.services.pubsub.publish(Topic.USER_CHANGED, { userId: user.id }).catch((e: Error) => {
      this.services.log.warn({ err: e.message }, 'could not announce a plan change; other processes see it within USER_CACHE_TTL_MS');
    });
    return updated;
  }
}
