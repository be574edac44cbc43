// @vitest-environment happy-dom
// A tool's job before the server has answered: its upload shows its progress, and Cancel
// works — aborting a request still sending its files, or cancelling the job it started.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Observable, type Subscriber } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apolloClient, resetSession } from '../../lib/apollo';
import { JobProgress } from './components/JobProgress';
import { jobStore, type StartContext, type StartedJob } from './jobStore';
import { jobSnapshot } from './testing';

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await act(() => resetSession({ signedIn: false }));
});

/** Starts a job whose mutation answers only when told to, capturing the context it was given. */
function startPending(slot: string) {
  let context!: StartContext;
  let answer!: (job: StartedJob) => void;
  let fail!: (err: unknown) => void;
  const outcome = jobStore.run(slot, (c) => {
    context = c;
    return new Promise<StartedJob>((resolve, reject) => {
      answer = resolve;
      fail = reject;
    });
  });
  return { context, answer, fail, outcome };
}

describe('jobStore while a job starts', () => {
  it('records the upload progress the request reports', () => {
    const { context } = startPending('t1');
    expect(jobStore.get('t1')).toMatchObject({ status: 'starting', upload: null });
    context.fetchOptions.onUploadProgress({ loaded: 300, total: 1000 });
    expect(jobStore.get('t1')).toMatchObject({ status: 'starting', upload: { loaded: 300, total: 1000 } });
  });

  it('Cancel during the upload aborts the request and ends as cancelled; its late failure is ignored', async () => {
    const { context, fail, outcome } = startPending('t2');
    context.fetchOptions.onUploadProgress({ loaded: 300, total: 1000 });
    await jobStore.cancel('t2');
    expect(context.fetchOptions.signal.aborted).toBe(true);
    expect((await outcome).status).toBe('cancelled');
    fail(new DOMException('aborted', 'AbortError'));
    await Promise.resolve();
    expect(jobStore.get('t2')).toMatchObject({ status: 'cancelled', error: null, upload: null });
  });

  it('Cancel once the upload is sent lets the request answer, then cancels the job it started', async () => {
    const mutate = vi.spyOn(apolloClient, 'mutate').mockResolvedValue({ data: undefined } as never);
    const { context, answer, outcome } = startPending('t3');
    context.fetchOptions.onUploadProgress({ loaded: 1000, total: 1000 });
    await jobStore.cancel('t3');
    expect(context.fetchOptions.signal.aborted).toBe(false);
    expect((await outcome).status).toBe('cancelled');
    answer({ id: 'job-7', phase: 'QUEUED', percent: 0 });
    await vi.waitFor(() => expect(mutate).toHaveBeenCalledWith(expect.objectContaining({ variables: { id: 'job-7' } })));
    expect(jobStore.get('t3').status).toBe('cancelled');
  });

  it('a refusal from the server still fails the job with its message', async () => {
    const { fail, outcome } = startPending('t4');
    fail(new TypeError('Failed to fetch'));
    expect(await outcome).toMatchObject({ status: 'failed', error: { message: 'Cannot reach the server. Check your connection and try again.' } });
  });
});

describe('JobProgress before the job has started', () => {
  it("shows 'Uploading' with the bytes sent, the upload's percent, and an enabled Cancel", () => {
    const onCancel = vi.fn();
    render(<JobProgress job={jobSnapshot({ status: 'starting', upload: { loaded: 3 * 1024 * 1024, total: 12 * 1024 * 1024 } })} onCancel={onCancel} />);
    expect(screen.getByRole('status').textContent).toBe('Uploading · 3.00 MB of 12.00 MB');
    const bar = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    const cancel = screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement;
    expect(cancel.disabled).toBe(false);
    fireEvent.click(cancel);
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it("shows 'Starting · Upload complete' once every byte is sent, still cancellable", () => {
    render(<JobProgress job={jobSnapshot({ status: 'starting', upload: { loaded: 500, total: 500 } })} onCancel={() => {}} />);
    expect(screen.getByRole('status').textContent).toBe('Starting · Upload complete');
    expect(screen.getByRole('progressbar', { name: 'Progress' }).getAttribute('aria-valuenow')).toBe('0');
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the job itself once it runs', () => {
    render(<JobProgress job={jobSnapshot({ status: 'running', jobId: 'j1', phase: 'PROCESSING', percent: 40, message: 'Filling' })} onCancel={() => {}} />);
    expect(screen.getByRole('status').textContent).toBe('Processing · Filling');
    expect(screen.getByRole('progressbar', { name: 'Progress' }).getAttribute('aria-valuenow')).toBe('40');
  });
});

describe('jobStore across a reconnect', () => {
  /** The job's progress subscription, fed by the test: one stream, as GraphQLWsLink gives it across reconnects. */
  function followedJob(slot: string) {
    let sink!: Subscriber<unknown>;
    vi.spyOn(apolloClient, 'subscribe').mockImplementation((() => new Observable((o) => void (sink = o))) as unknown as typeof apolloClient.subscribe);
    const outcome = jobStore.run(slot, async () => ({ id: 'job-9', phase: 'QUEUED', percent: 0 }));
    const event = (phase: string, offset: number, delta: string, creation: Record<string, unknown> | null = null) =>
      sink.next({ data: { jobProgress: { __typename: 'JobProgress', jobId: 'job-9', phase, percent: 50, delta, offset, message: null, preview: null, creation } } });
    return { event, outcome };
  }

  it("takes the first event after a resubscription (the job's state with all its text) without repeating text", async () => {
    const { event } = followedJob('r1');
    await vi.waitFor(() => expect(apolloClient.subscribe).toHaveBeenCalled());
    event('PROCESSING', 0, 'Tide pools ');
    event('PROCESSING', 11, 'hold ');
    // The server closed the socket (1012); graphql-ws resubscribed on another server, whose
    // first event is the current state: all the text so far, at offset 0.
    event('PROCESSING', 0, 'Tide pools hold small ');
    expect(jobStore.get('r1')).toMatchObject({ status: 'running', text: 'Tide pools hold small ' });
    event('PROCESSING', 22, 'worlds.');
    expect(jobStore.get('r1').text).toBe('Tide pools hold small worlds.');
  });

  it('ends with the saved creation when the job completed while the socket was away', async () => {
    const { event, outcome } = followedJob('r2');
    await vi.waitFor(() => expect(apolloClient.subscribe).toHaveBeenCalled());
    event('PROCESSING', 0, 'Tide ');
    const creation = {
      __typename: 'Creation',
      id: 'c1',
      type: 'ARTICLE',
      prompt: 'p',
      content: 'Tide pools.',
      provider: 'local',
      placeholder: true,
      madeBy: 'x',
      createdAt: '2026-01-01',
    };
    event('COMPLETED', 0, 'Tide pools.', creation);
    expect(await outcome).toMatchObject({ status: 'completed', text: 'Tide pools.', creation: { id: 'c1' } });
  });
});
