// A draining API's WebSockets (docs/deployment.md#rolling-deploys-and-drain): no new socket is
// admitted, and every open one is closed with 1012 "Service Restart" once the queries and
// mutations it is running are answered. Its subscriptions end there; graphql-ws clients take
// 1012 as "connect again", land on another server and resubscribe, and a job's progress starts
// again there with the job's current state and all its text.
import type { WebSocket, WebSocketServer } from 'ws';

/** Close code for "this server is shutting down: connect again" (RFC 6455's registry: 1012 Service Restart). */
export const WS_SERVICE_RESTART = 1012;
export const SERVICE_RESTART_REASON = 'Service Restart: this server is shutting down; connect again';

const tick = () => new Promise((resolve) => setTimeout(resolve, 25));

export class WebSocketDrain {
  /** Each admitted socket and the ids of the queries and mutations it is running. */
  private readonly sockets = new Map<WebSocket, Set<string>>();
  private draining = false;

  /** Closes the socket of a draining server: at once when idle, else when its last query or mutation is answered. */
  private closeIfIdle(socket: WebSocket): void {
    if (this.draining && (this.sockets.get(socket)?.size ?? 0) === 0 && socket.readyState === socket.OPEN) socket.close(WS_SERVICE_RESTART, SERVICE_RESTART_REASON);
  }

  /** At connection_init: false (the socket closed with 1012) once draining. */
  admits(socket: WebSocket): boolean {
    if (this.draining) socket.close(WS_SERVICE_RESTART, SERVICE_RESTART_REASON);
    return !this.draining;
  }

  /** A socket admitted, with the set its running queries and mutations are kept in. */
  admitted(socket: WebSocket, running: Set<string>): void {
    this.sockets.set(socket, running);
    this.closeIfIdle(socket); // draining began while it authenticated
  }

  /** A query or mutation was answered (its id already taken out of `running`). */
  answered(socket: WebSocket): void {
    // After its `complete` frame is queued (graphql-ws sends it once onComplete returns), or the
    // client would send the operation again on its next connection.
    setImmediate(() => this.closeIfIdle(socket));
  }

  closed(socket: WebSocket): void {
    this.sockets.delete(socket);
  }

  /**
   * Closes every socket as above; sockets still busy after `graceMs` are closed anyway, and any
   * that did not finish the closing handshake a second later are cut. Says how many there were.
   */
  async drain(wsServer: WebSocketServer, graceMs: number): Promise<{ closed: number; busy: number }> {
    this.draining = true;
    const closed = wsServer.clients.size;
    // A socket not admitted yet is closed at its connection_init, or below with the busy ones.
    for (const socket of this.sockets.keys()) this.closeIfIdle(socket);
    const busy = () => [...this.sockets.values()].filter((running) => running.size > 0).length;
    const deadline = Date.now() + graceMs;
    while (busy() > 0 && Date.now() < deadline) await tick();
    const stillBusy = busy();
    for (const socket of wsServer.clients) if (socket.readyState === socket.OPEN) socket.close(WS_SERVICE_RESTART, SERVICE_RESTART_REASON);
    const cutAt = Date.now() + 1000;
    while (wsServer.clients.size > 0 && Date.now() < cutAt) await tick();
    for (const socket of wsServer.clients) socket.terminate();
    return { closed, busy: stillBusy };
  }
}
