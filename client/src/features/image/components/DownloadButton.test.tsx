// @vitest-environment happy-dom
import { MockedProvider } from '@apollo/client/testing/react';
import { act, cleanup, fireEvent, render as renderBare, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));
import type { JobSnapshot } from '../../jobs';
import { DownloadImageButton } from '../../../components/DownloadImageButton';

const DownloadButton = ({ url }: { url: string }) => <DownloadImageButton url={url} prefix="ai-generated-image" />;
import { ImageResult } from './ImageResult';

// ImageResult's Publish button and its "Private" state read the Apollo cache.
const render = (ui: ReactElement) => renderBare(ui, { wrapper: ({ children }) => <MockedProvider>{children}</MockedProvider> });

const NOW = Date.UTC(2026, 0, 15, 10, 30, 0);
let saved: { download: string; href: string }[] = [];
let fetched: string[] = [];

function serveImage(response: () => Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      fetched.push(url);
      return response();
    }),
  );
}
const okImage = () => Promise.resolve(new Response(new Blob(['png-bytes'], { type: 'image/png' }), { status: 200 }));

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  saved = [];
  fetched = [];
  toast.success.mockClear();
  toast.error.mockClear();
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:saved-image');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  // The browser would save the file; record what it was asked to save instead.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ download: this.download, href: this.href });
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Clicks and lets the fetch → blob → save chain finish. */
async function click(el: HTMLElement) {
  await act(async () => {
    fireEvent.click(el);
    await vi.advanceTimersByTimeAsync(0);
  });
}

const button = () => screen.getByRole('button', { name: /Download/ });

describe('DownloadButton (product §4, §7, §8, §9)', () => {
  it('saves the image as ai-generated-image-{timestamp}.png and reads "Downloaded!" for 2 s', async () => {
    serveImage(okImage);
    render(<DownloadButton url="https://cdn.example/img/42.png" />);
    expect(button().textContent).toBe('Download');

    await click(button());
    expect(fetched).toEqual(['https://cdn.example/img/42.png']);
    expect(saved).toEqual([{ download: `ai-generated-image-${NOW}.png`, href: 'blob:saved-image' }]);
    expect(button().textContent).toBe('Downloaded!');
    expect(toast.success).toHaveBeenCalledWith('Image downloaded successfully!');

    await act(async () => vi.advanceTimersByTime(1999));
    expect(button().textContent).toBe('Downloaded!');
    await act(async () => vi.advanceTimersByTime(1));
    expect(button().textContent).toBe('Download');
  });

  it("says 'Failed to download image' when the image cannot be fetched, and never reads Downloaded!", async () => {
    serveImage(() => Promise.reject(new TypeError('network down')));
    render(<DownloadButton url="https://cdn.example/img/42.png" />);
    await click(button());
    expect(toast.error).toHaveBeenCalledWith('Failed to download image');
    expect(toast.success).not.toHaveBeenCalled();
    expect(saved).toEqual([]);
    expect(button().textContent).toBe('Download');
    expect((button() as HTMLButtonElement).disabled).toBe(false);
  });

  it("says 'Failed to download image' when the server answers with an error status", async () => {
    serveImage(() => Promise.resolve(new Response('gone', { status: 404 })));
    render(<DownloadButton url="https://cdn.example/img/missing.png" />);
    await click(button());
    expect(toast.error).toHaveBeenCalledWith('Failed to download image');
    expect(saved).toEqual([]);
    expect(button().textContent).toBe('Download');
  });
});

function completed(id: string, content: string): JobSnapshot {
  return {
    status: 'completed',
    jobId: `job-${id}`,
    phase: 'COMPLETED',
    percent: 100,
    message: null,
    text: '',
    creation: { id, type: 'IMAGE', prompt: 'a cat', content, provider: 'openai', placeholder: false, madeBy: null, note: null, createdAt: new Date(NOW).toISOString() },
    error: null,
    cancelling: false,
    params: { description: 'a cat', style: 'REALISTIC', publish: 'false' },
    upload: null,
    preview: null,
    previews: 0,
  };
}

describe('ImageResult (product §4)', () => {
  const props = { description: 'a cat', styleLabel: 'Realistic', published: false, errorMessage: null, onCancel: () => {}, onUpgraded: () => {} };

  it('shows the image with Download once generated', () => {
    render(<ImageResult job={completed('c1', 'https://cdn.example/1.png')} {...props} />);
    expect((screen.getByRole('img', { name: 'a cat' }) as HTMLImageElement).src).toBe('https://cdn.example/1.png');
    expect(button().textContent).toBe('Download');
    expect(screen.getByText('Realistic')).toBeTruthy();
    expect(screen.getByText('Private')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Publish to the community' })).toBeTruthy();
  });

  it('a new image result resets the downloaded flag at once', async () => {
    serveImage(okImage);
    const { rerender } = render(<ImageResult job={completed('c1', 'https://cdn.example/1.png')} {...props} />);
    await click(button());
    expect(button().textContent).toBe('Downloaded!');

    // Well within the 2 s, a new result arrives.
    await act(async () => vi.advanceTimersByTime(500));
    rerender(<ImageResult job={completed('c2', 'https://cdn.example/2.png')} {...props} />);
    expect(button().textContent).toBe('Download');

    await click(button());
    expect(saved.map((s) => s.download)).toEqual([`ai-generated-image-${NOW}.png`, `ai-generated-image-${NOW + 500}.png`]);
    expect(fetched).toEqual(['https://cdn.example/1.png', 'https://cdn.example/2.png']);
  });

  it('shows the error worded for the image tool when generation failed, and no Download', () => {
    const failed: JobSnapshot = { ...completed('c1', 'x'), status: 'failed', creation: null, error: { code: null, message: 'raw', field: null } };
    render(<ImageResult job={failed} {...props} errorMessage="Failed to generate image. Please try again." />);
    expect(screen.getByRole('alert').textContent).toBe('Failed to generate image. Please try again.');
    expect(screen.queryByRole('button', { name: /Download/ })).toBeNull();
  });
});
