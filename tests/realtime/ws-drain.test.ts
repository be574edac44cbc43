// A draining API's WebSockets (server/http/ws-drain.ts): an idle socket is closed with 1012 at
// once; a socket with a query in flight gets its answer (and its `complete`) first, then 1012, so
// its client does not send the operation again elsewhere; a new connection_init is refused with 1012.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signUp, startTestServer, waitFor, wsClient } from '../helpers/server.js';

const JOB = 'query($id: ID!) { job(id: $id) { id } }';
const PROGRESS = 'subscription($id: ID!) { jobProgress(jobId: $id, starting: true) { phase } }';

afterEach(() => vi.restoreAllMocks());

/** A socket and its close event once closed (at ms after `since`). */
function socket(url: string, token: string) {
  const closed: { code?: number; reason?: string; at?: number } = {};
  const client = wsClient(url, token, {
    on: { closed: (e) => Object.assign(closed, { code: (e as CloseEvent).code, reason: String((e as CloseEvent).reason), at: Date.now() }) },
  });
  return { client, closed };
}

describe('a draining API', () => {
  it('closes idle sockets with 1012 at once, and busy ones once their query is answered', async () => {
    const server = await startTestServer({ SHUTDOWN_GRACE_MS: '5000' });
    const { token } = await signUp(server.url, 'Drain', 'wsdrain');
    const idle = socket(server.url, token);
    const listening = new Promise<void>((resolve) =>
      idle.client.subscribe({ query: PROGRESS, variables: { id: randomUUID() } }, { next: () => resolve(), error: () => {}, complete: () => {} }),
    );
    await listening;
    // From now on the job query takes 800 ms.
    const get = server.app.jobs.get.bind(server.app.jobs);
    let calls = 0;
    vi.spyOn(server.app.jobs, 'get').mockImplementation(async (...args) => {
      calls += 1;
      await new Promise((r) => setTimeout(r, 800));
      return get(...args);
    });
    const busy = socket(server.url, token);
    // Its result and then its `complete`: a close before the latter would be an error here (and a retrying client would send it again).
    const answer = new Promise<unknown>((resolve) => {
      let result: unknown;
      busy.client.subscribe({ query: JOB, variables: { id: randomUUID() } }, { next: (r) => (result = r), error: (e) => resolve({ error: e }), complete: () => resolve(result) });
    });
    await waitFor(() => calls === 1, 5_000, 'the query to be running');
    const started = Date.now();
    const closing = server.close();
    await waitFor(() => idle.closed.code !== undefined, 1_000, 'the idle socket to close');
    expect(idle.closed).toMatchObject({ code: 1012, reason: 'Service Restart: this server is shutting down; connect again' });
    expect(busy.closed.code).toBeUndefined();
    // The query in flight is answered, then its socket closes the same way.
    expect(await answer).toEqual({ data: { job: null } });
    await closing;
    expect(busy.closed).toMatchObject({ code: 1012 });
    expect(busy.closed.at! - started).toBeGreaterThanOrEqual(idle.closed.at! - started);
    expect(calls).toBe(1);
    await Promise.all([idle.client.dispose(), busy.client.dispose()]);
  });
});
