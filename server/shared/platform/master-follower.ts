// Moves a process's Redis connections to the new master as soon as the Sentinels announce a
// failover. Without it, a connection to a master that is demoted while still running (a planned
// `SENTINEL FAILOVER`, an upgrade, a master cut off from the Sentinels) stays on it until the
// Sentinels reconfigure it, about ten seconds later (their INFO period): its writes meanwhile
// are lost when it turns replica, and connections made since are on the new master (two masters
// for the app). ioredis's own `failoverDetector` does this per connection, but its handler closes
// the connector under a reconnection in progress, which ends that client for good ("Connection
// is closed"; tests/operations/redis-sentinel.test.ts ran into it). Here one subscription per
// Sentinel serves every connection of the process, and only connected ones are closed.
import { Redis } from 'ioredis';

export interface FollowerSettings {
  sentinels: { host: string; port: number }[];
  name: string;
  sentinelPassword?: string;
  retryStrategy: (attempt: number) => number;
}

const followers = new Map<string, MasterFollower>();

/** Has `client` (and the connections made from it, BullMQ's blocking ones: duplicate) follow the master's moves. */
export function followMaster(settings: FollowerSettings, client: Redis): void {
  const key = `${settings.name}@${settings.sentinels.map((s) => `${s.host}:${s.port}`).join(',')}`;
  let follower = followers.get(key);
  if (!follower) followers.set(key, (follower = new MasterFollower(settings)));
  follower.follow(client);
}

class MasterFollower {
  /** Clients not ended: while there is one, one subscription per Sentinel is open. */
  private readonly clients = new Set<Redis>();
  private watches: Redis[] = [];
  /** The last +switch-master heard (each Sentinel sends it) and when. */
  private lastSwitch = '';
  private switchedAt = 0;

  constructor(private readonly settings: FollowerSettings) {}

  follow(client: Redis): void {
    // When its current connection attempt began: one begun before a switch may have been told the old master.
    let attemptAt = Date.now();
    this.add(client);
    client.on('connecting', () => {
      attemptAt = Date.now();
      this.add(client); // connected again after it ended (BullMQ does so)
    });
    client.on('ready', () => {
      if (attemptAt < this.switchedAt) client.disconnect(true);
    });
    client.on('end', () => {
      this.clients.delete(client);
      if (this.clients.size === 0) this.closeWatches();
    });
    // BullMQ makes its blocking connections with duplicate(): they follow too.
    const duplicate = client.duplicate.bind(client);
    client.duplicate = (override) => {
      const copy = duplicate(override);
      this.follow(copy);
      return copy;
    };
  }

  private add(client: Redis): void {
    this.clients.add(client);
    if (this.watches.length === 0) this.openWatches();
  }

  private openWatches(): void {
    const { sentinels, sentinelPassword, retryStrategy } = this.settings;
    this.watches = sentinels.map(({ host, port }) => {
      const watch = new Redis({
        host,
        port,
        ...(sentinelPassword ? { password: sentinelPassword } : {}),
        connectionName: 'atelier-failover-watch',
        retryStrategy,
        maxRetriesPerRequest: null,
        enableReadyCheck: false,
      });
      watch.on('error', () => undefined); // a Sentinel down: the others still tell
      // Never what keeps a process alive: its connections are the app's own.
      watch.on('connect', () => watch.stream?.unref?.());
      watch.on('message', (_channel: string, message: string) => this.switched(message));
      watch.subscribe('+switch-master').catch(() => undefined); // subscribed again by ioredis after a reconnection
      return watch;
    });
  }

  private closeWatches(): void {
    for (const watch of this.watches.splice(0)) watch.disconnect();
  }

  /** "+switch-master <name> <old ip> <old port> <new ip> <new port>": connected clients reconnect, asking the Sentinels again. */
  private switched(message: string): void {
    if (message.split(' ')[0] !== this.settings.name || message === this.lastSwitch) return;
    this.lastSwitch = message;
    this.switchedAt = Date.now();
    // Only connected ones: closing one that is connecting would end it for good (see above); those ask the Sentinels anyway.
    for (const client of this.clients) if (client.status === 'ready') client.disconnect(true);
  }
}
