// Subscriptions held per socket and per client address (anonymous sockets included), in
// this API process. A subscribe past either limit is answered with an `error` message for
// that operation (RATE_LIMITED, with the limit) and the socket stays open; a subscription
// that ends frees its slot, and a socket that closes frees all of its own.
import { AppError, ErrorCode } from '../shared/platform/errors.js';

/** One socket's slots: its client address, and how many it holds under each operation id. */
export interface SocketSlots {
  readonly address: string;
  /** A count, not a flag: a client may reuse an id before the old operation's end reaches us. */
  readonly held: Map<string, number>;
  total: number;
}

export class SubscriptionSlots {
  private readonly byAddress = new Map<string, number>();

  constructor(
    readonly perConnection: number,
    readonly perAddress: number,
  ) {}

  forSocket(address: string): SocketSlots {
    return { address, held: new Map(), total: 0 };
  }

  /**
   * Takes a slot for operation `id`, or returns the error to answer it with. `live` says
   * whether an operation is still running on the socket: one the client has just completed
   * is no longer live although its end (onComplete) has not reached us yet, and its slot is
   * free already.
   */
  acquire(s: SocketSlots, id: string, live: (id: string) => boolean): AppError | null {
    for (const held of s.held.keys()) if (held !== id && !live(held)) this.releaseId(s, held);
    if (s.total >= this.perConnection) {
      return limited(`Too many subscriptions on this connection (limit ${this.perConnection}): end one before starting another`, this.perConnection, 'connection');
    }
    const fromAddress = this.byAddress.get(s.address) ?? 0;
    if (fromAddress >= this.perAddress) {
      return limited(`Too many subscriptions from your address (limit ${this.perAddress}): end one before starting another`, this.perAddress, 'address');
    }
    this.byAddress.set(s.address, fromAddress + 1);
    s.held.set(id, (s.held.get(id) ?? 0) + 1);
    s.total += 1;
    return null;
  }

  /** Operation `id` ended: frees its slot, if it held one. */
  release(s: SocketSlots, id: string): void {
    this.releaseId(s, id, 1);
  }

  private releaseId(s: SocketSlots, id: string, count = Infinity): void {
    const n = s.held.get(id);
    if (!n) return;
    const freed = Math.min(n, count);
    if (n > freed) s.held.set(id, n - freed);
    else s.held.delete(id);
    s.total -= freed;
    this.take(s.address, freed);
  }

  /** The socket closed: frees every slot it still holds. */
  releaseAll(s: SocketSlots): void {
    this.take(s.address, s.total);
    s.held.clear();
    s.total = 0;
  }

  /** Slots held from an address (for tests). */
  heldFrom(address: string): number {
    return this.byAddress.get(address) ?? 0;
  }

  private take(address: string, n: number) {
    const left = (this.byAddress.get(address) ?? 0) - n;
    if (left > 0) this.byAddress.set(address, left);
    else this.byAddress.delete(address);
  }
}

const limited = (message: string, limit: number, per: 'connection' | 'address') => new AppError(ErrorCode.RATE_LIMITED, message, { limit, per });
