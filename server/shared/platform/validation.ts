import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from './constants.js';
import { AppError, ErrorCode } from './errors.js';

/** Parses input with a zod schema; the first problem becomes a BAD_USER_INPUT error. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.');
  throw new AppError(ErrorCode.BAD_USER_INPUT, issue?.message ?? 'Invalid input', field ? { field } : {});
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);

/** Half of a surrogate pair with no other half: not text, and Postgres refuses it inside JSON. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A trimmed, non-blank string of at most `max` characters, with the messages a person reads.
 * NUL is refused (Postgres cannot store it; found by tests/api/fuzz-graphql.test.ts) and a
 * lone surrogate becomes U+FFFD, as any UTF-8 encoder would make it.
 */
export const requiredText = (blank: string, max: number, tooLong = `At most ${max} characters, please`) =>
  z
    .string({ message: blank })
    .trim()
    .min(1, blank)
    .max(max, tooLong)
    .refine((s) => !s.includes('\u0000'), 'The text contains a NUL character, which is not allowed')
    .transform((s) => s.replace(LONE_SURROGATE, '\uFFFD'));

/** A labelled field: "<label> is required" / "<label> is too long". */
export const labelledText = (label: string, max: number) => requiredText(`${label} is required`, max, `${label} is too long`);

export const emailSchema = z.string().trim().toLowerCase().max(EMAIL_MAX_LENGTH).email('Please enter a valid e-mail address');
