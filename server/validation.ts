import type { z } from 'zod';
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
