// The instance's signing keys from Clerk's Backend API (GET {CLERK_API_URL}/v1/jwks), for
// a server configured with CLERK_SECRET_KEY only. Fetched here rather than by verifyToken,
// whose fetch has no timeout and retries for ~2.5 s (see clerk-reachability.ts), and kept:
// a key stays usable while Clerk is down (a refresh that fails keeps the old keys; Clerk
// rotates keys rarely), so an outage stops only tokens signed by a key never seen.
import type { ClerkReachability } from './clerk-reachability.js';

/** Keys older than this are re-read in the background; the old ones serve meanwhile. */
const REFRESH_AFTER_MS = 5 * 60_000;
/** A token naming a key we do not have triggers a fetch at most this often (no fetch per forged kid). */
const UNKNOWN_KID_REFETCH_MS = 10_000;

export class ClerkJwks {
  private keys = new Map<string, JsonWebKey>();
  private fetchedAt = 0;
  private inflight: Promise<void> | undefined;

  constructor(
    private readonly apiUrl: string,
    private readonly secretKey: string,
    private readonly reach: ClerkReachability,
  ) {}

  /** The key named `kid`, or undefined when Clerk's JWKS (fresh) has no such key. Throws when Clerk cannot be reached and the key is not known. */
  async key(kid: string): Promise<JsonWebKey | undefined> {
    const known = this.keys.get(kid);
    const age = Date.now() - this.fetchedAt;
    if (known) {
      if (age > REFRESH_AFTER_MS && !this.reach.down) this.refresh().catch(() => undefined);
      return known;
    }
    if (this.fetchedAt && age < UNKNOWN_KID_REFETCH_MS) return undefined;
    await this.refresh();
    return this.keys.get(kid);
  }

  private refresh(): Promise<void> {
    return (this.inflight ??= this.reach
      .call('JWKS', async () => {
        const res = await fetch(`${this.apiUrl}/v1/jwks`, {
          headers: { authorization: `Bearer ${this.secretKey}`, accept: 'application/json' },
          signal: AbortSignal.timeout(30_000), // the race in reach.call answers sooner; this frees the socket
        });
        if (!res.ok) throw new Error(`Clerk answered ${res.status} to GET /v1/jwks${res.status === 401 ? ' (is CLERK_SECRET_KEY right?)' : ''}`);
        const { keys } = (await res.json()) as { keys?: (JsonWebKey & { kid?: string })[] };
        if (!Array.isArray(keys) || keys.length === 0) throw new Error('Clerk answered a JWKS with no keys');
        this.keys = new Map(keys.filter((k) => typeof k.kid === 'string').map((k) => [k.kid!, k]));
        this.fetchedAt = Date.now();
      })
      .finally(() => (this.inflight = undefined)));
  }
}
