// A signed-in request whose user row was deleted after its token was checked (a request
// reuses the row for USER_CACHE_TTL_MS; a socket is re-read every WS_REAUTH_INTERVAL_MS):
// the write that names the user breaks a `…_userId_fkey` foreign key. For the client that
// is "signed out" (UNAUTHENTICATED), not our bug.

export const ACCOUNT_GONE_MESSAGE = 'This account no longer exists: please sign in again';

const FK_KINDS = new Set(['ForeignKeyConstraintViolation', 'RestrictViolation']);
const USER_FK = /_userId_fkey\b/;

export function isMissingUserReference(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 6) return false;
  const e = error as {
    code?: unknown;
    kind?: unknown;
    message?: unknown;
    constraint?: { index?: unknown; fields?: unknown };
    cause?: unknown;
    originalError?: unknown;
    meta?: { driverAdapterError?: unknown; code?: unknown; message?: unknown };
  };
  // @prisma/adapter-pg's error: { kind, constraint: { index } | { fields } }.
  if (typeof e.kind === 'string' && FK_KINDS.has(e.kind)) {
    const c = e.constraint;
    if ((typeof c?.index === 'string' && USER_FK.test(c.index)) || (Array.isArray(c?.fields) && c.fields.includes('userId'))) return true;
  }
  // Postgres itself (raw queries): 23503 with the constraint named in the message.
  const code = e.code ?? e.meta?.code;
  const message = [e.message, e.meta?.message].filter((m) => typeof m === 'string').join(' ');
  if (code === '23503' && USER_FK.test(message)) return true;
  return [e.cause, e.originalError, e.meta?.driverAdapterError].some((inner) => isMissingUserReference(inner, depth + 1));
}
