// For tool route tests: what a page sends, and the setup the file-based tools share.
import { ApolloLink } from '@apollo/client';
import { MockedProvider } from '@apollo/client/testing/react';
import { act, cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { ReactElement } from 'react';
import { Observable } from 'rxjs';
import { afterEach, beforeEach, vi } from 'vitest';
import { apolloClient, resetSession } from '../../lib/apollo';
import type { EnginesQuery } from '../../gql/graphql';
import { IDLE_JOB, type JobSnapshot } from './jobStore';

const imageType = (mime: string, name: string, extensions: string[]) => ({ __typename: 'UploadFileType' as const, mime, name, extensions });

/** What the file pickers' uploadLimits query answers in tests: the server's defaults (10 MB, its image types). */
export const TEST_UPLOAD_LIMITS = {
  __typename: 'UploadLimits' as const,
  maxBytes: 10 * 1024 * 1024,
  imageTypes: [
    imageType('image/png', 'PNG', ['png']),
    imageType('image/jpeg', 'JPEG', ['jpg', 'jpeg']),
    imageType('image/webp', 'WebP', ['webp']),
    imageType('image/gif', 'GIF', ['gif']),
    imageType('image/avif', 'AVIF', ['avif']),
    imageType('image/tiff', 'TIFF', ['tif', 'tiff']),
  ],
};

type TestEngine = EnginesQuery['engines']['image'] & { __typename?: 'Engine' };

/** An engine as the Engines query answers it, for tests. */
export const testEngine = (over: Partial<TestEngine> = {}): TestEngine => ({
  __typename: 'Engine',
  name: 'local',
  label: 'Placeholder — no image model connected',
  model: null,
  placeholder: true,
  options: [],
  ...over,
});

/**
 * A page rendered over a link that records the name of every operation it sends and never
 * answers (so a refused submit can be shown to send nothing); only the pickers' UploadLimits
 * query is answered (TEST_UPLOAD_LIMITS), and not recorded. The Engines query is not recorded
 * either: it is answered with `engines` when a test sets them (else the engines stay unknown).
 * `sent` and `variables` (each operation's, in order) are emptied before each test.
 */
export function recordOperations(page: () => ReactElement): {
  sent: string[];
  variables: Record<string, unknown>[];
  renderRoute: (engines?: { image: TestEngine; text: TestEngine }) => ReturnType<typeof render>;
} {
  const sent: string[] = [];
  const variables: Record<string, unknown>[] = [];
  let engines: { image: TestEngine; text: TestEngine } | undefined;
  const answer = (data: Record<string, unknown>) =>
    new Observable<{ data: Record<string, unknown> }>((o) => {
      o.next({ data });
      o.complete();
    });
  const link = new ApolloLink((operation) => {
    if (operation.operationName === 'UploadLimits') return answer({ uploadLimits: TEST_UPLOAD_LIMITS });
    if (operation.operationName === 'Engines') return engines ? answer({ engines: { __typename: 'Engines', ...engines } }) : new Observable(() => {});
    sent.push(operation.operationName ?? '?');
    variables.push(operation.variables);
    return new Observable(() => {});
  });
  beforeEach(() => {
    sent.length = 0;
    variables.length = 0;
  });
  return {
    sent,
    variables,
    renderRoute: (given) => {
      engines = given;
      // In a router, as in the app: an image tool's page reads a picture sent to it from the navigation (features/send-to).
      return render(
        <MemoryRouter>
          <MockedProvider link={link}>{page()}</MockedProvider>
        </MemoryRouter>,
      );
    },
  };
}

/**
 * File tools: object URLs answer `previewUrl`, and after each test the session is reset,
 * which is what forgets the picked file (it outlives the page on purpose).
 */
export function stubFileToolSession(previewUrl: string): void {
  beforeEach(() => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue(previewUrl);
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  });
  afterEach(async () => {
    cleanup();
    vi.restoreAllMocks();
    await act(() => resetSession({ signedIn: false }));
  });
}

/** A job snapshot for result-panel tests: idle, with `over` applied. */
export const jobSnapshot = (over: Partial<JobSnapshot> = {}): JobSnapshot => ({ ...IDLE_JOB, ...over });

/**
 * The job subscriptions a page opens (on the app's own client, over its socket) answered as the
 * server does before the job exists: listening. Returns their variables, emptied before each test.
 */
export function answerJobSubscriptions(): Record<string, unknown>[] {
  const followed: Record<string, unknown>[] = [];
  beforeEach(() => {
    followed.length = 0;
    vi.spyOn(apolloClient, 'subscribe').mockImplementation(((options: { variables: { jobId: string } }) => {
      followed.push(options.variables);
      return new Observable((o) => {
        o.next({
          data: {
            jobProgress: {
              __typename: 'JobProgress',
              jobId: options.variables.jobId,
              phase: 'QUEUED',
              percent: 0,
              delta: '',
              offset: 0,
              message: null,
              preview: null,
              creation: null,
            },
          },
        });
      });
    }) as unknown as typeof apolloClient.subscribe);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await act(() => resetSession({ signedIn: false }));
  });
  return followed;
}
