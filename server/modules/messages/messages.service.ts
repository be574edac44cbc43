// The messages module owns Feedback, ContactMessage and NewsletterSubscriber: what
// visitors send us from the public site. Anyone may write, so every write counts against
// MESSAGE_RATE_PER_HOUR for the client address, each executed field on its own (an aliased
// document of 15 submitContact fields is 15 writes), before its input is even read.
import { z } from 'zod';
import type { Services } from '../../context.js';
import { enforceRate } from '../../rate-limit.js';
import { emailSchema, labelledText, parseInput } from '../../shared/platform/validation.js';
import { FEEDBACK_CATEGORIES, MESSAGE_MAX_LENGTH, NAME_MAX_LENGTH, RATING_MAX, RATING_MIN, SUBJECT_MAX_LENGTH } from '../../shared/platform/constants.js';

const feedbackSchema = z.object({
  name: labelledText('Name', NAME_MAX_LENGTH),
  email: emailSchema,
  message: labelledText('Message', MESSAGE_MAX_LENGTH),
  category: z.enum(FEEDBACK_CATEGORIES, { message: 'Please choose a feedback category' }),
  rating: z.number().int().min(RATING_MIN, 'Please fill all fields and provide a rating').max(RATING_MAX),
  type: z.literal('feedback').default('feedback'),
});

const contactSchema = z.object({
  name: labelledText('Name', NAME_MAX_LENGTH),
  email: emailSchema,
  subject: labelledText('Subject', SUBJECT_MAX_LENGTH),
  message: labelledText('Message', MESSAGE_MAX_LENGTH),
});

export class MessageService {
  constructor(private readonly services: Services) {}

  private async limit(ip: string): Promise<void> {
    const { redis, config } = this.services;
    await enforceRate(redis, `${config.REDIS_PREFIX}:rate:messages:${ip}`, config.MESSAGE_RATE_PER_HOUR, 60 * 60_000, 'messages from your address');
  }

  async feedback(input: unknown, userId: string | null, ip: string): Promise<true> {
    await this.limit(ip);
    const data = parseInput(feedbackSchema, input);
    await this.services.db.feedback.create({ data: { ...data, userId } });
    return true;
  }

  async contact(input: unknown, ip: string): Promise<true> {
    await this.limit(ip);
    await this.services.db.contactMessage.create({ data: parseInput(contactSchema, input) });
    return true;
  }

  /**
   * Idempotent: the address (trimmed, lower-cased) is stored once, by INSERT … ON CONFLICT DO
   * NOTHING on its unique index, so concurrent repeats cannot race (an upsert did: 500), and
   * the answer is the same whether it was there or not.
   */
  async subscribe(rawEmail: unknown, ip: string): Promise<true> {
    await this.limit(ip);
    const address = parseInput(emailSchema, rawEmail);
    await this.services.db.newsletterSubscriber.createMany({ data: [{ email: address }], skipDuplicates: true });
    return true;
  }
}
