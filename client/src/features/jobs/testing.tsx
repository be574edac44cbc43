// For tool route tests: what a page sends, and the setup the file-based tools share.
import { ApolloLink } from '@apollo/client';
import { MockedProvider } from '@apollo/client/testing/react';
import { act, cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Observable } from 'rxjs';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetSession } from '../../lib/apollo';
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

/**
 * A page rendered over a link that records the name of every operation it sends and never
 * answers (so a refused submit can be shown to send nothing); only the pickers' UploadLimits
 * query is answered (TEST_UPLOAD_LIMITS), and not recorded. `sent` is emptied before each test.
 */
export function recordOperations(page: () => ReactElement): { sent: string[]; renderRoute: () => ReturnType<typeof render> } {
  const sent: string[] = [];
  const link = new ApolloLink((operation) => {
    if (operation.operationName === 'UploadLimits') {
      return new Observable((o) => {
        o.next({ data: { uploadLimits: TEST_UPLOAD_LIMITS } });
        o.complete();
      });
    }
    sent.push(operation.operationName ?? '?');
    return new Observable(() => {});
  });
  beforeEach(() => {
    sent.length = 0;
  });
  return { sent, renderRoute: () => render(<MockedProvider link={link}>{page()}</MockedProvider>) };
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
