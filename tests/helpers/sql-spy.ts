// Every statement this process sends through node-postgres (Prisma's adapter included), for
// tests that count what a code path costs the database.
import pg from 'pg';

export interface SqlSpy {
  /** The statements' text, in order. */
  readonly sent: string[];
  /** Forgets what was sent so far. */
  clear(): void;
  /** Puts node-postgres back as it was. */
  restore(): void;
}

export function spyOnSql(): SqlSpy {
  const original = pg.Client.prototype.query;
  const sent: string[] = [];
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
    if (text) sent.push(text);
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  return {
    sent,
    clear: () => void (sent.length = 0),
    restore: () => void (pg.Client.prototype.query = original),
  };
}
