// What an endpoint's owner may type, with the messages a person reads (docs/webhooks.md,
// "Endpoints"): an http(s) URL, events from the fixed list, a short description.
import { z } from 'zod';
import { WEBHOOK_DESCRIPTION_MAX_LENGTH, WEBHOOK_URL_MAX_LENGTH } from '../../shared/platform/constants.js';
import { WEBHOOK_EVENTS } from '../../shared/webhooks/events.js';

const urlSchema = z
  .string({ message: 'Please enter the URL that should receive the webhooks' })
  .trim()
  .min(1, 'Please enter the URL that should receive the webhooks')
  .max(WEBHOOK_URL_MAX_LENGTH, `The URL is too long (at most ${WEBHOOK_URL_MAX_LENGTH} characters)`)
  .transform((raw, ctx) => {
    const problem = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return problem('Please enter a full URL, such as https://example.com/webhooks');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return problem('The URL must start with https:// or http://');
    if (url.username || url.password) return problem('The URL must not contain a user name or password; each webhook is signed instead');
    if (url.hash) return problem('The URL must not have a #fragment (it is never sent)');
    return url.toString();
  });

const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS, { message: `Unknown event: choose from ${WEBHOOK_EVENTS.join(', ')}` }), { message: 'Please choose the events to send' })
  .min(1, 'Please choose at least one event')
  // In the list's order, each once.
  .transform((events) => WEBHOOK_EVENTS.filter((e) => events.includes(e)));

const descriptionSchema = z
  .string()
  .trim()
  .max(WEBHOOK_DESCRIPTION_MAX_LENGTH, `The description is too long (at most ${WEBHOOK_DESCRIPTION_MAX_LENGTH} characters)`)
  .refine((s) => !s.includes('\u0000'), 'The description contains a NUL character, which is not allowed');

export const newEndpointSchema = z.object({
  url: urlSchema,
  events: eventsSchema,
  description: descriptionSchema.nullish().transform((d) => d ?? ''),
});
export type NewEndpoint = z.infer<typeof newEndpointSchema>;

/** An update: only what is given changes. */
export const endpointChangesSchema = z.object({
  url: urlSchema.nullish().transform((v) => v ?? undefined),
  events: eventsSchema.nullish().transform((v) => v ?? undefined),
  enabled: z
    .boolean()
    .nullish()
    .transform((v) => v ?? undefined),
  description: descriptionSchema.nullish().transform((v) => v ?? undefined),
});
export type EndpointChanges = z.infer<typeof endpointChangesSchema>;
