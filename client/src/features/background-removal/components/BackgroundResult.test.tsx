// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));
import { jobSnapshot } from '../../jobs/testing';
import { BackgroundResult } from './BackgroundResult';
import { DownloadImageButton } from '../../../components/DownloadImageButton';

const NOW = Date.UTC(2026, 2, 1, 8, 0, 0);
let saved: string[] = [];
let fetched: string[] = [];

function serve(status: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      fetched.push(url);
      return new Response(new Blob(['png'], { type: 'image/png' }), { status });
    }),
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  saved = [];
  fetched = [];
  toast.success.mockClear();
  toast.error.mockClear();
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:result');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function click(el: HTMLElement) {
  await act(async () => {
    fireEvent.click(el);
    await vi.advanceTimersByTimeAsync(0);
  });
}

const job = jobSnapshot;
const done = (content: string) =>
  job({
    status: 'completed',
    jobId: 'j1',
    phase: 'COMPLETED',
    percent: 100,
    creation: {
      id: 'c1',
      type: 'BACKGROUND_REMOVAL',
      prompt: 'Remove background',
      content,
      provider: 'openai',
      placeholder: false,
      madeBy: null,
      note: null,
      createdAt: '2026-03-01T08:00:00.000Z',
    },
  });
const noop = () => {};
const download = () => screen.getByRole('button', { name: /Download/ });

describe('BackgroundResult (product §2, §4)', () => {
  it("shows 'No Image Processed' before anything ran", () => {
    render(<BackgroundResult job={job({})} originalUrl={null} onCancel={noop} onUpgraded={noop} />);
    expect(screen.getByText('No Image Processed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Download/ })).toBeNull();
  });

  it('shows progress while working, and neither the empty state nor Download', () => {
    render(<BackgroundResult job={job({ status: 'running', jobId: 'j1', phase: 'PROCESSING', percent: 55 })} originalUrl="blob:orig" onCancel={noop} onUpgraded={noop} />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('55');
    expect(screen.queryByText('No Image Processed')).toBeNull();
    expect(screen.queryByRole('button', { name: /Download/ })).toBeNull();
  });

  it('shows the original beside the processed image, and downloads it as background-removed-{timestamp}.png', async () => {
    serve(200);
    render(<BackgroundResult job={done('https://cdn.example/cut.png')} originalUrl="blob:orig" onCancel={noop} onUpgraded={noop} />);
    expect((screen.getByRole('img', { name: 'The original image' }) as HTMLImageElement).src).toBe('blob:orig');
    expect((screen.getByRole('img', { name: 'The image with its background removed' }) as HTMLImageElement).src).toBe('https://cdn.example/cut.png');

    await click(download());
    expect(fetched).toEqual(['https://cdn.example/cut.png']);
    expect(saved).toEqual([`background-removed-${NOW}.png`]);
    expect(download().textContent).toBe('Downloaded!');
    expect(toast.success).toHaveBeenCalledWith('Image downloaded successfully!');
    await act(async () => vi.advanceTimersByTime(2000));
    expect(download().textContent).toBe('Download');
  });

  it('names the download after what the file is: a JPEG or WebP result keeps its own extension', async () => {
    serve(200);
    const { rerender } = render(<BackgroundResult job={done('/files/abc.jpg?exp=1&sig=x')} originalUrl="blob:orig" onCancel={noop} onUpgraded={noop} />);
    await click(download());
    rerender(<BackgroundResult job={done('/files/abc.webp')} originalUrl="blob:orig" onCancel={noop} onUpgraded={noop} />);
    await click(download());
    expect(saved).toEqual([`background-removed-${NOW}.jpg`, `background-removed-${NOW}.webp`]);
  });

  it('shows why it failed', () => {
    render(
      <BackgroundResult job={job({ status: 'failed', error: { code: null, message: 'Unsupported image', field: null } })} originalUrl={null} onCancel={noop} onUpgraded={noop} />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Unsupported image');
    expect(screen.queryByText('No Image Processed')).toBeNull();
  });
});

describe('DownloadImageButton (product §4, §8)', () => {
  it("says 'Failed to download image' when the fetch fails", async () => {
    serve(500);
    render(<DownloadImageButton url="https://cdn.example/x.png" prefix="background-removed" />);
    await click(download());
    expect(toast.error).toHaveBeenCalledWith('Failed to download image');
    expect(saved).toEqual([]);
    expect(download().textContent).toBe('Download');
  });

  it('a new result URL resets the Downloaded! flag', async () => {
    serve(200);
    const { rerender } = render(<DownloadImageButton url="https://cdn.example/1.png" prefix="background-removed" />);
    await click(download());
    expect(download().textContent).toBe('Downloaded!');
    rerender(<DownloadImageButton url="https://cdn.example/2.png" prefix="background-removed" />);
    expect(download().textContent).toBe('Download');
  });
});
