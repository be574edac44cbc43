// Prometheus metrics (prom-client). Each process has its own registry: API processes
// serve theirs at /metrics; a worker serves its own when WORKER_METRICS_PORT is set.
import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export function createRegistry(process: 'api' | 'worker'): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ process });
  collectDefaultMetrics({ register: registry });
  return registry;
}

export function apiMetrics(registry: Registry) {
  return {
    requestSeconds: new Histogram({
      name: 'atelier_graphql_request_duration_seconds',
      help: 'GraphQL request latency by operation',
      labelNames: ['operation', 'type', 'outcome'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
  };
}

/** A tool queue as a scrape sees it (Queues.stats). */
interface QueueReading {
  counts: Record<string, number>;
  oldestWaitingSeconds: number;
}

/** Gauges read when Prometheus scrapes, from the live objects that know the answer. */
export function liveGauges(registry: Registry, read: { subscriptions: () => number; sockets: () => number; queueStats: () => Promise<Record<string, QueueReading>> }): void {
  new Gauge({
    name: 'atelier_active_subscriptions',
    help: 'Open GraphQL subscriptions on this process',
    registers: [registry],
    collect() {
      this.set(read.subscriptions());
    },
  });
  new Gauge({
    name: 'atelier_websocket_connections',
    help: 'Open WebSocket connections on this process',
    registers: [registry],
    collect() {
      this.set(read.sockets());
    },
  });
  // Both queue gauges come from one reading per scrape (one Redis round trip per queue): a
  // scrape collects every metric at once, so the second gauge joins the first one's reading.
  let reading: Promise<Record<string, QueueReading>> | null = null;
  const queueStats = () => (reading ??= read.queueStats().finally(() => (reading = null)));
  new Gauge({
    name: 'atelier_queue_jobs',
    help: 'Jobs in each tool queue by state (waiting, active, delayed, failed)',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      for (const [queue, { counts }] of Object.entries(await queueStats())) for (const [state, n] of Object.entries(counts)) this.set({ queue, state }, n);
    },
  });
  new Gauge({
    name: 'atelier_queue_oldest_waiting_seconds',
    help: 'How long the oldest waiting job of each tool queue has waited since it was queued (0: none waits)',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      for (const [queue, { oldestWaitingSeconds }] of Object.entries(await queueStats())) this.set({ queue }, oldestWaitingSeconds);
    },
  });
}
export type ApiMetrics = ReturnType<typeof apiMetrics>;

export function workerMetrics(registry: Registry) {
  return {
    jobSeconds: new Histogram({
      name: 'atelier_job_duration_seconds',
      help: 'Job duration by tool and outcome',
      labelNames: ['tool', 'outcome'],
      buckets: [0.05, 0.1, 0.5, 1, 2, 5, 10, 30, 60, 120],
      registers: [registry],
    }),
    phaseSeconds: new Histogram({
      name: 'atelier_job_phase_duration_seconds',
      help: 'Time spent in each job phase by tool',
      labelNames: ['tool', 'phase'],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 2, 5, 10, 30, 60],
      registers: [registry],
    }),
    jobsTotal: new Counter({ name: 'atelier_jobs_total', help: 'Jobs finished by tool and outcome', labelNames: ['tool', 'outcome'], registers: [registry] }),
    sweptJobs: new Counter({
      name: 'atelier_jobs_swept_total',
      help: "Live jobs the workers' sweep found BullMQ no longer runs: requeued (Redis lost them) or failed (BullMQ gave up on them)",
      labelNames: ['action'],
      registers: [registry],
    }),
  };
}
export type WorkerMetrics = ReturnType<typeof workerMetrics>;

/** A tiny server for a worker's /metrics (and, given `health`, its /healthz and /readyz). */
export function serveMetrics(registry: Registry, port: number, host: string, health?: { ready: () => boolean }): Promise<Server> {
  const server = createServer(async (req, res) => {
    // A worker's probes: /healthz while the process runs, /readyz 503 once it drains.
    if (health && (req.url === '/healthz' || req.url === '/readyz')) {
      const ready = req.url === '/healthz' || health.ready();
      res.writeHead(ready ? 200 : 503, { 'content-type': 'application/json' }).end(JSON.stringify({ status: ready ? 'ok' : 'draining' }));
      return;
    }
    if (req.url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': registry.contentType });
    res.end(await registry.metrics());
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}
