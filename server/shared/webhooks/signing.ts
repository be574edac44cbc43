// Signing as the Standard Webhooks specification says (docs/webhooks.md, "Verifying"), with
// its own reference library, `standardwebhooks` (MIT): a receiver verifies with that library or
// any other that follows the spec (Svix's included).
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new signing secret: "whsec_" and the base64 of 32 random bytes (the spec asks 24–64). */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

export type SignedHeaders = {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

/**
 * The three headers of one attempt: the message's id (the same on every attempt, so a receiver
 * drops repeats), the attempt's time in seconds and the HMAC-SHA256 signature of
 * `id.timestamp.body` ("v1,<base64>"). A receiver refuses a timestamp more than 5 minutes off.
 */
export function signedHeaders(secret: string, messageId: string, body: string, at: Date = new Date()): SignedHeaders {
  const signature = new Webhook(secret).sign(messageId, at, body);
  return { 'webhook-id': messageId, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signature };
}
