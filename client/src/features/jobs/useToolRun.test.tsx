// @vitest-environment happy-dom
// The wiring every tool page shares: the mutation starts the job, the result panel comes
// into view, and a failure is a toast in the server's words unless it offers an upgrade.
import { ApolloLink } from '@apollo/client';
import { MockedProvider } from '@apollo/client/testing/react';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { FormattedExecutionResult } from 'graphql';
import type { ReactNode } from 'react';
import { Observable } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), dismiss: vi.fn() }));
/** Every message of a tool page is its one toast (toolToast): the same id each time. */
const TOOL_TOAST = { id: expect.stringMatching(/^tool:/) };
vi.mock('sonner', () => ({ toast }));
import { GenerateArticleMutation } from '../article/api/operations';
import { answerJobSubscriptions } from './testing';
import { useToolRun, type ToolRunOptions } from './useJob';

/** What the server answers the tool's mutation, and the context each request was sent with. */
let answer: FormattedExecutionResult;
const contexts: Record<string, unknown>[] = [];
const variables: Record<string, unknown>[] = [];
/** The subscriptions the job store opened (the app's own client, over its socket), answered "listening": their variables. */
const followed = answerJobSubscriptions();
const link = new ApolloLink((operation) => {
  contexts.push(operation.getContext());
  variables.push(operation.variables);
  return new Observable((o) => {
    o.next(answer);
    o.complete();
  });
});
const wrapper = ({ children }: { children: ReactNode }) => <MockedProvider link={link}>{children}</MockedProvider>;

const input = { topic: 'Tide pools', length: 'SHORT' as const };
function startArticle(options?: ToolRunOptions) {
  const { result } = renderHook(() => useToolRun('tool-run-test', GenerateArticleMutation, 'generateArticle', options), { wrapper });
  return { result, start: () => act(() => result.current.start({ input }, input)) };
}
const refusal = (code: string, message: string): FormattedExecutionResult => ({ data: null, errors: [{ message, extensions: { code } }] });

beforeEach(() => {
  contexts.length = 0;
  variables.length = 0;
  toast.success.mockClear();
  toast.error.mockClear();
  toast.dismiss.mockClear();
});
// answerJobSubscriptions restores the spy and signs out after each test.
afterEach(() => cleanup());

describe('useToolRun', () => {
  it("toasts a refusal in the server's words and hands it back", async () => {
    answer = refusal('BAD_USER_INPUT', 'Topic is too long');
    const { result, start } = startArticle();
    expect(await start()).toMatchObject({ failure: 'Topic is too long', job: { status: 'failed', params: input } });
    expect(toast.error).toHaveBeenCalledExactlyOnceWith('Topic is too long', TOOL_TOAST);
    expect(result.current.job.status).toBe('failed');
  });

  it('says the job did not start when the server answers without one', async () => {
    answer = { data: null };
    const { start } = startArticle();
    expect((await start()).failure).toBe('The server did not start the job. Please try again.');
    expect(toast.error).toHaveBeenCalledExactlyOnceWith('The server did not start the job. Please try again.', TOOL_TOAST);
  });

  it('leaves an upgrade code to the result panel: no toast', async () => {
    answer = refusal('PREMIUM_REQUIRED', 'This tool is for Premium members');
    const { result, start } = startArticle();
    expect(await start()).toMatchObject({ failure: null, job: { status: 'failed', error: { code: 'PREMIUM_REQUIRED' } } });
    expect(toast.error).not.toHaveBeenCalled();
    expect(result.current.job.error?.code).toBe('PREMIUM_REQUIRED');
  });

  it("lets a tool choose a failure's words from what the mutation threw", async () => {
    answer = refusal('PROVIDER_UNAVAILABLE', 'The image service is down');
    const failureMessage = vi.fn((_error: unknown, thrown: unknown) => (thrown ? 'told from the raw error' : 'from the job'));
    const { start } = startArticle({ failureMessage });
    expect((await start()).failure).toBe('told from the raw error');
    expect(failureMessage.mock.calls[0]![0]).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', message: 'The image service is down' });
    expect(toast.error).toHaveBeenCalledExactlyOnceWith('told from the raw error', TOOL_TOAST);
  });

  it("clears the last attempt's toast when a new one starts, and a success replaces an error (one id per tool)", async () => {
    answer = refusal('BAD_USER_INPUT', 'Topic is too long');
    const { start } = startArticle({ success: 'Article written!' });
    await start();
    expect(toast.dismiss).toHaveBeenCalledTimes(1);
    answer = { data: { generateArticle: { __typename: 'Job', id: 'job-2', phase: 'COMPLETED', percent: 100, message: null } } };
    await start();
    expect(toast.dismiss).toHaveBeenCalledTimes(2);
    const errorId = toast.error.mock.calls[0]![1].id;
    expect(toast.dismiss).toHaveBeenLastCalledWith(errorId);
    expect(toast.success).toHaveBeenCalledExactlyOnceWith('Article written!', { id: errorId });
    expect(errorId).toBe('tool:tool-run-test');
  });

  it("toasts the tool's success words when the job completes, and nothing else", async () => {
    answer = { data: { generateArticle: { __typename: 'Job', id: 'job-1', phase: 'COMPLETED', percent: 100, message: null } } };
    const { start } = startArticle({ success: 'Article written!' });
    expect(await start()).toMatchObject({ failure: null, job: { status: 'completed', jobId: 'job-1' } });
    expect(toast.success).toHaveBeenCalledExactlyOnceWith('Article written!', TOOL_TOAST);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('sends the upload context only for tools that send files', async () => {
    answer = refusal('BAD_USER_INPUT', 'no');
    await startArticle().start();
    await startArticle({ uploads: true }).start();
    expect(contexts.map((c) => typeof (c.fetchOptions as { onUploadProgress?: unknown } | undefined)?.onUploadProgress)).toEqual(['undefined', 'function']);
  });

  it('follows a job without uploads from before it starts: subscribes with starting, then sends the same id', async () => {
    answer = refusal('BAD_USER_INPUT', 'no');
    await startArticle().start();
    expect(followed).toHaveLength(1);
    expect(followed[0]).toMatchObject({ starting: true, jobId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/) });
    expect(variables).toEqual([{ input, jobId: followed[0]!.jobId }]);
    // A tool sending files starts the usual way: no id of its own, followed once it has started.
    await startArticle({ uploads: true }).start();
    expect(followed).toHaveLength(1);
    expect(variables[1]).toEqual({ input });
  });

  it('brings the result panel into view on narrow screens', async () => {
    answer = refusal('BAD_USER_INPUT', 'no');
    vi.spyOn(window, 'matchMedia').mockReturnValue({ matches: true } as MediaQueryList);
    const { result, start } = startArticle();
    const panel = document.createElement('div');
    const scroll = vi.fn();
    panel.scrollIntoView = scroll;
    result.current.resultRef.current = panel;
    await start();
    expect(scroll).toHaveBeenCalledOnce();
  });
});
