// An API process's graceful drain on the HTTP side (docs/deployment.md#rolling-deploys-and-drain):
// from `begin()` /readyz answers 503 while everything else is served as usual (a balancer that
// polls readiness stops sending new work); from `stopAccepting()` the listener is closed, idle
// keep-alive connections are closed, a request still arriving on a kept-alive connection is
// answered with `Connection: close`, a connection whose last request ends is closed, and long
// responses (a job's event stream) are told to end (`closing`), so their clients reconnect
// elsewhere; `settle()` waits for the requests in flight, up to a grace, and cuts what is left.
// WebSockets are not HTTP connections here once upgraded: the WebSocket server drains them.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export class HttpDrain {
  /** Each HTTP connection (not upgraded) and how many requests it has in flight. */
  private readonly connections = new Map<Socket, number>();
  /** Responses not finished yet. */
  private readonly responses = new Set<ServerResponse>();
  private readonly closer = new AbortController();
  private listenerClosed: Promise<void> | null = null;
  /** True once the process was told to stop: /readyz answers 503 from then on. */
  draining = false;
  /** Aborted once the server stops accepting connections: long responses end then. */
  readonly closing: AbortSignal = this.closer.signal;

  constructor(private readonly server: Server) {
    server.on('connection', (socket: Socket) => {
      this.connections.set(socket, 0);
      socket.once('close', () => this.connections.delete(socket));
    });
    server.on('upgrade', (_req: IncomingMessage, socket: Socket) => this.connections.delete(socket));
    // Before Express: the answer to a request that arrives while closing says the connection ends with it.
    server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => this.track(req.socket, res));
  }

  private track(socket: Socket, res: ServerResponse): void {
    if (this.connections.has(socket)) this.connections.set(socket, this.connections.get(socket)! + 1);
    if (this.closing.aborted) res.setHeader('Connection', 'close');
    this.responses.add(res);
    res.once('close', () => {
      this.responses.delete(res);
      const left = this.connections.get(socket);
      if (left === undefined) return;
      this.connections.set(socket, left - 1);
      // Its last request ended: a kept-alive connection is not kept while closing.
      if (this.closing.aborted && left - 1 === 0) setImmediate(() => this.server.closeIdleConnections());
    });
  }

  /** Requests being answered now. */
  inFlight(): number {
    let n = 0;
    for (const requests of this.connections.values()) n += requests;
    return n;
  }

  /** Open HTTP connections (WebSockets excluded). */
  open(): number {
    return this.connections.size;
  }

  /** Readiness fails from now on; the server still serves. */
  begin(): void {
    this.draining = true;
  }

  /** Closes the listener and idle connections; busy ones close after their current request. */
  stopAccepting(): void {
    this.draining = true;
    if (this.listenerClosed) return;
    this.listenerClosed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.closer.abort();
    this.server.closeIdleConnections();
    // Requests in flight: their answers say the connection ends with them.
    for (const res of this.responses) if (!res.headersSent) res.setHeader('Connection', 'close');
  }

  /**
   * Resolves once every HTTP connection has closed, or after `graceMs`: then the ones left are
   * destroyed (their requests cut). Returns how many requests were cut.
   */
  async settle(graceMs: number): Promise<{ cut: number }> {
    const deadline = Date.now() + graceMs;
    while (this.connections.size > 0 && Date.now() < deadline) {
      this.server.closeIdleConnections();
      await new Promise((resolve) => setTimeout(resolve, Math.min(50, Math.max(1, deadline - Date.now()))));
    }
    const cut = this.inFlight();
    for (const socket of this.connections.keys()) socket.destroy();
    return { cut };
  }

  /** The listener's own close: every connection (WebSockets included) has ended. */
  async closed(timeoutMs: number): Promise<void> {
    if (!this.listenerClosed) return;
    await Promise.race([this.listenerClosed, new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
  }
}
