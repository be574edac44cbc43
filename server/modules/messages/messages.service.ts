// The messages module owns Feedback, ContactMessage and NewsletterSubscriber: what
// visitors send us from the public site.
import { z } from 'zod';
import type { Services } from '../../context.js';
import { emailSchema, labelledText, parseInput } from '../../validation.js';
import {
  FEEDBACK_CATEGORIES,
  MESSAGE_MAX_LENGTH,
  NAME_MAX_LENGTH,
  RATING_MAX,
  RATING_MIN,
  SUBJECT_MAX_LENGTH,
} from '../../constants.js';


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

  async feedback(input: unknown, userId: string | null): Promise<true> {
    const data = parseInput(feedbackSchema, input);
    await this.services.db.feedback.create({ data: { ...data, userId } });
    return true;
  }

  async contact(input: unknown): Promise<true> {
    await this.services.db.contactMessage.create({ data: parseInput(contactSchema, input) });
    return true;
  }

  /** Idempotent: subscribing twice keeps one row. */
  async subscribe(rawEmail: unknown): Promise<true> {
    const address = parseInput(emailSchema, rawEmail);
    await this.services.db.newsletterSubscriber.upsert({ where: { email: address }, create: { email: address }, update: {} });
    return true;
  }
}
