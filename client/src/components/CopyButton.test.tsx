// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));
import { CopyButton } from './CopyButton';

beforeEach(() => {
  vi.useFakeTimers();
  toast.success.mockClear();
  toast.error.mockClear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function clipboard(writeText: (t: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

describe('CopyButton', () => {
  it('copies, reads "Copied!" for 2 s, then "Copy" again', async () => {
    const written: string[] = [];
    clipboard(async (t) => void written.push(t));
    render(<CopyButton text="# Article" successMessage="Article copied to clipboard!" failureMessage="Failed to copy article" />);
    await act(async () => fireEvent.click(screen.getByRole('button')));
    expect(written).toEqual(['# Article']);
    expect(screen.getByRole('button').textContent).toContain('Copied!');
    expect(toast.success).toHaveBeenCalledWith('Article copied to clipboard!');
    await act(async () => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('button').textContent).toContain('Copied!');
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button').textContent).toContain('Copy');
    expect(screen.getByRole('button').textContent).not.toContain('Copied!');
  });

  it('says so when the clipboard refuses', async () => {
    clipboard(async () => {
      throw new Error('denied');
    });
    render(<CopyButton text="x" successMessage="ok" failureMessage="Failed to copy titles" />);
    await act(async () => fireEvent.click(screen.getByRole('button')));
    expect(toast.error).toHaveBeenCalledWith('Failed to copy titles');
    expect(screen.getByRole('button').textContent).not.toContain('Copied!');
  });
});
