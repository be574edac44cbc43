// The webhook module owns WebhookEndpoint and WebhookDelivery (docs/webhooks.md): a user's
// endpoints (at most WEBHOOK_ENDPOINTS_PER_USER, each with its own signing secret), their
// delivery log, and "Send test event". Events are queued by the outbox
// (server/shared/webhooks/outbox.ts) and delivered by the worker (worker/webhooks/).
import type { Services } from '../../context.js';
import { enforceRate } from '../../rate-limit.js';
import type { WebhookDelivery, WebhookEndpoint } from '../../shared/db/generated/client.js';
import { AppError, ErrorCode } from '../../shared/platform/errors.js';
import { isUuid, parseInput } from '../../shared/platform/validation.js';
import { WEBHOOK_DELIVERIES_PAGE_MAX, WEBHOOK_ENDPOINTS_PER_USER, WEBHOOK_TEST_RATE_PER_MINUTE } from '../../shared/platform/constants.js';
import type { WebhookOutbox } from '../../shared/webhooks/outbox.js';
import { newWebhookSecret } from '../../shared/webhooks/signing.js';
import { checkTarget, type ResolveAll } from '../../shared/webhooks/target.js';
import { endpointChangesSchema, newEndpointSchema } from './webhook.input.js';

export type { WebhookDelivery, WebhookEndpoint };

const notFound = () => new AppError(ErrorCode.NOT_FOUND, 'This webhook endpoint does not exist');

export class WebhookService {
  constructor(
    private readonly services: Services,
    /** Queues the test events (and, elsewhere, every other event). */
    readonly outbox: WebhookOutbox,
    /** How a URL's name is resolved when it is saved (tests give their own). */
    private readonly resolve?: ResolveAll,
  ) {}

  /** The user's endpoints, newest first. */
  list(userId: string): Promise<WebhookEndpoint[]> {
    return this.services.db.webhookEndpoint.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  }

  /**
   * A new endpoint with a new secret; refused past WEBHOOK_ENDPOINTS_PER_USER or for a non-public
   * target. `origin`: this server as the request reached it, kept for the event links
   * (docs/webhooks.md, "Payload").
   */
  async create(userId: string, input: unknown, origin?: string): Promise<WebhookEndpoint> {
    const { url, events, description } = parseInput(newEndpointSchema, input);
    await this.requirePublicTarget(url);
    // Counted under the user's row lock: two requests at once cannot both be the tenth.
    return this.services.db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1 FROM "User" WHERE "id" = ${userId}::uuid FOR UPDATE`;
      if ((await tx.webhookEndpoint.count({ where: { userId } })) >= WEBHOOK_ENDPOINTS_PER_USER) {
        throw new AppError(ErrorCode.BAD_USER_INPUT, `You can have at most ${WEBHOOK_ENDPOINTS_PER_USER} webhook endpoints. Delete one to add another.`);
      }
      return tx.webhookEndpoint.create({ data: { userId, url, events, description, origin, secret: newWebhookSecret() } });
    });
  }

  /** Changes what is given: URL (checked again), events, enabled, description. */
  async update(userId: string, id: string, input: unknown): Promise<WebhookEndpoint> {
    await this.owned(userId, id);
    const changes = parseInput(endpointChangesSchema, input);
    if (changes.url !== undefined) await this.requirePublicTarget(changes.url);
    return this.services.db.webhookEndpoint.update({ where: { id }, data: changes });
  }

  /** Deletes an endpoint and its delivery log; its queued deliveries find nothing to send. */
  async remove(userId: string, id: string): Promise<boolean> {
    await this.owned(userId, id);
    await this.services.db.webhookEndpoint.deleteMany({ where: { id, userId } });
    return true;
  }

  /** A new secret; deliveries signed from now on (retries included) use it. */
  async rotateSecret(userId: string, id: string): Promise<WebhookEndpoint> {
    await this.owned(userId, id);
    return this.services.db.webhookEndpoint.update({ where: { id }, data: { secret: newWebhookSecret() } });
  }

  /** An endpoint's latest deliveries, newest first. */
  async deliveries(userId: string, endpointId: string, first: number): Promise<WebhookDelivery[]> {
    if (!Number.isInteger(first) || first < 1 || first > WEBHOOK_DELIVERIES_PAGE_MAX) {
      throw new AppError(ErrorCode.BAD_USER_INPUT, `first must be between 1 and ${WEBHOOK_DELIVERIES_PAGE_MAX}`, { field: 'first' });
    }
    await this.owned(userId, endpointId);
    return this.services.db.webhookDelivery.findMany({ where: { endpointId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: first });
  }

  /** Queues a webhook.test event to the endpoint (even a disabled one: its owner asked) and returns its delivery. */
  async sendTest(userId: string, endpointId: string): Promise<WebhookDelivery> {
    const endpoint = await this.owned(userId, endpointId);
    const { redis, config, log } = this.services;
    await enforceRate(redis, `${config.REDIS_PREFIX}:rate:webhook-test:${userId}`, WEBHOOK_TEST_RATE_PER_MINUTE, 60_000, 'test events');
    try {
      return await this.outbox.queueTest(endpoint);
    } catch (e) {
      log.warn({ err: (e as Error).message, endpointId }, 'could not queue a test webhook');
      throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, 'The webhook queue is unavailable right now. Please try again in a moment.');
    }
  }

  private async owned(userId: string, id: string): Promise<WebhookEndpoint> {
    const endpoint = isUuid(id) ? await this.services.db.webhookEndpoint.findUnique({ where: { id } }) : null;
    if (!endpoint || endpoint.userId !== userId) throw notFound();
    return endpoint;
  }

  /** Refuses a URL whose host is, or now resolves to, a non-public address (unless the operator allows them). */
  private async requirePublicTarget(url: string): Promise<void> {
    if (this.services.config.WEBHOOK_ALLOW_PRIVATE_TARGETS) return;
    const why = await checkTarget(new URL(url), this.resolve);
    if (why) throw new AppError(ErrorCode.BAD_USER_INPUT, `Webhooks can only go to public internet addresses: ${why}.`, { field: 'url' });
  }
}
