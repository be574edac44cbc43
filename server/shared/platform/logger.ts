import { pino, type Logger } from 'pino';

/** Structured logs; anything that may hold a secret is redacted. */
export function createLogger(level: string, name: string): Logger {
  return pino({
    name,
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.authorization', 'password', 'token', 'authorization'],
      censor: '[redacted]',
    },
  });
}
export type { Logger };
