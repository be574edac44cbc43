// Child process of the pipeline benchmark: the load generator (signed-up users, each with its
// own graphql-ws socket, enqueueing no-op jobs over HTTP and following them to COMPLETED), so
// that the process being measured does not also pay for sending and receiving.
// Driven over IPC by bench/pipeline.ts: start → ready, run → done (any number), then killed.
import { runOneJob, signUpJobClients, type JobClient } from './job-clients.js';
import { runClosedLoop } from './stats.js';

export type PipelineClientsCommand = { type: 'start'; url: string; inFlight: number } | { type: 'run'; total: number };

export type PipelineClientsReply = { type: 'ready' } | { type: 'done'; latencies: number[]; seconds: number } | { type: 'failed'; message: string };

const reply = (m: PipelineClientsReply) => process.send!(m);
let users: JobClient[] = [];
let inFlight = 1;

process.on('message', (m: PipelineClientsCommand) => {
  void (async () => {
    if (m.type === 'start') {
      // One user per in-flight slot, each with its own socket, as real traffic would be.
      users = await signUpJobClients(m.inFlight, () => ({ enqueueUrl: m.url, subscribeUrl: m.url }));
      inFlight = m.inFlight;
      reply({ type: 'ready' });
    } else {
      const run = await runClosedLoop(m.total, inFlight, (_i, slot) => runOneJob(users[slot]!, 'mutation { runNoopJob { id } }'));
      reply({ type: 'done', ...run });
    }
  })().catch((e: unknown) => reply({ type: 'failed', message: e instanceof Error ? (e.stack ?? e.message) : String(e) }));
});
