// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));
import type { JobSnapshot } from '../../jobs';
import { jobSnapshot } from '../../jobs/testing';
import { ObjectResult } from './ObjectResult';

const NOW = Date.UTC(2026, 4, 20, 14, 0, 0);
let saved: string[] = [];
let fetched: string[] = [];

function serve(fail: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      fetched.push(url);
      if (fail) throw new TypeError('offline');
      return new Response(new Blob(['png'], { type: 'image/png' }), { status: 200 });
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
const running = (phase: JobSnapshot['phase'], percent: number) => job({ status: 'running', jobId: 'j1', phase, percent, params: { fileName: 'desk.png', object: 'watch' } });
const done = job({
  status: 'completed',
  jobId: 'j1',
  phase: 'COMPLETED',
  percent: 100,
  params: { fileName: 'desk.png', object: 'watch' },
  creation: {
    id: 'c9',
    type: 'OBJECT_REMOVAL',
    prompt: 'Remove watch',
    content: 'https://cdn.example/no-watch.png',
    provider: 'openai',
    placeholder: false,
    madeBy: null,
    note: null,
    createdAt: '2026-05-20T14:00:00.000Z',
  },
});
const noop = () => {};
const download = () => screen.getByRole('button', { name: /Download/ });

/** The working steps, with which one is current. */
function steps() {
  return screen
    .getAllByRole('listitem')
    .map((li) => ({ label: li.textContent?.replace(/\s*\((done|in progress)\)\s*$/, '').trim(), current: li.getAttribute('aria-current') === 'step' }));
}

describe('ObjectResult: the four states (product §2)', () => {
  it("empty: 'No Image Processed'", () => {
    render(<ObjectResult job={job({})} originalUrl={null} onCancel={noop} onUpgraded={noop} />);
    expect(screen.getByText('No Image Processed')).toBeTruthy();
    expect(screen.queryByText('Removing Object')).toBeNull();
    expect(screen.queryByText('Object Removed')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("loading: 'Removing Object' with the steps Analyzing, Processing, Finalizing following the job's phase", () => {
    const { rerender } = render(<ObjectResult job={running('ANALYZING', 10)} originalUrl="blob:orig" onCancel={noop} onUpgraded={noop} />);
    expect(screen.getByText('Removing Object')).toBeTruthy();
    expect(screen.queryByText('No Image Processed')).toBeNull();
    expect(steps()).toEqual([
      { label: 'Analyzing', current: true },
      { label: 'Processing', current: false },
      { label: 'Finalizing', current: false },
    ]);
    rerender(<ObjectResult job={running('PROCESSING', 50)} originalUrl="blob:orig" onCancel={noop} onUpgraded={noop} />);
    expect(steps().find((s) => s.current)?.label).toBe('Processing');
    rerender(<ObjectResult job={running('FINALIZING', 90)} originalUrl="blob:orig" onCancel={noop} onUpgraded={noop} />);
    expect(steps().find((s) => s.current)?.label).toBe('Finalizing');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('90');
    expect(screen.queryByRole('button', { name: /Download/ })).toBeNull();
  });

  it("result: the original beside the processed image, Status 'Object Removed', and Download", () => {
    render(<ObjectResult job={done} originalUrl="blob:orig" onCancel={noop} onUpgraded={noop} />);
    expect((screen.getByRole('img', { name: 'The original image' }) as HTMLImageElement).src).toBe('blob:orig');
    expect((screen.getByRole('img', { name: 'The image with the watch removed' }) as HTMLImageElement).src).toBe('https://cdn.example/no-watch.png');
    const status = screen.getByText('Status', { selector: 'dt' });
    expect(status.nextElementSibling?.textContent).toBe('Object Removed');
    expect(screen.getByText('Object', { selector: 'dt' }).nextElementSibling?.textContent).toBe('watch');
    expect(download().textContent).toBe('Download');
    expect(screen.queryByText('Removing Object')).toBeNull();
    expect(screen.queryByText('No Image Processed')).toBeNull();
  });

  it('result of a brush with no name: says the brushed area was removed, in the image description and the details', () => {
    const brushed = job({ ...done, params: { fileName: 'desk.png' }, message: 'Removed the brushed area' });
    render(<ObjectResult job={brushed} originalUrl="blob:orig" onCancel={noop} onUpgraded={noop} />);
    expect(screen.getByRole('img', { name: 'The image with the brushed area removed' })).toBeTruthy();
    expect(screen.getByText('Status', { selector: 'dt' }).nextElementSibling?.textContent).toBe('Object Removed');
    expect(screen.getByText('Object', { selector: 'dt' }).nextElementSibling?.textContent).toBe('The brushed area');
    expect(screen.getByText('Result', { selector: 'dt' }).nextElementSibling?.textContent).toBe('Removed the brushed area');
  });

  it('a result with a note (docs/architecture.md, "Object removal"): the note shows beside it, and a plain result has none', () => {
    const note = 'The filled area is large (18 % of the photo), more than what surrounds it can fill convincingly: look closely at the result.';
    render(<ObjectResult job={job({ ...done, creation: { ...done.creation!, note } })} originalUrl="blob:orig" onCancel={noop} onUpgraded={noop} />);
    expect(screen.getByRole('note').textContent).toBe(`Look closely: ${note}`);
    cleanup();
    render(<ObjectResult job={done} originalUrl="blob:orig" onCancel={noop} onUpgraded={noop} />);
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('error: shows why, and neither the empty state nor a result', () => {
    render(
      <ObjectResult
        job={job({ status: 'failed', error: { code: null, message: 'The object could not be found', field: 'object' } })}
        originalUrl="blob:orig"
        onCancel={noop}
        onUpgraded={noop}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('The object could not be found');
    expect(screen.queryByText('No Image Processed')).toBeNull();
    expect(screen.queryByText('Object Removed')).toBeNull();
    expect(screen.queryByText('Removing Object')).toBeNull();
  });
});

describe('ObjectResult download (product §2, §8, §9)', () => {
  it('saves object-removed-{timestamp}.png and shows Downloaded! for 2 s', async () => {
    serve(false);
    render(<ObjectResult job={done} originalUrl="blob:orig" onCancel={noop} onUpgraded={noop} />);
    await click(download());
    expect(fetched).toEqual(['https://cdn.example/no-watch.png']);
    expect(saved).toEqual([`object-removed-${NOW}.png`]);
    expect(toast.success).toHaveBeenCalledWith('Image downloaded successfully!');
    expect(download().textContent).toBe('Downloaded!');
    await act(async () => vi.advanceTimersByTime(1999));
    expect(download().textContent).toBe('Downloaded!');
    await act(async () => vi.advanceTimersByTime(1));
    expect(download().textContent).toBe('Download');
  });

  it("says 'Failed to download image' when the download fails", async () => {
    serve(true);
    render(<ObjectResult job={done} originalUrl="blob:orig" onCancel={noop} onUpgraded={noop} />);
    await click(download());
    expect(toast.error).toHaveBeenCalledWith('Failed to download image');
    expect(saved).toEqual([]);
    expect(within(download()).getByText('Download')).toBeTruthy();
  });
});
