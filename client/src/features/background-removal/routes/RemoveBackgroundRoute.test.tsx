// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), dismiss: vi.fn() }));
/** Every message of a tool page is its one toast (toolToast): the same id each time. */
const TOOL_TOAST = { id: expect.stringMatching(/^tool:/) };
vi.mock('sonner', () => ({ toast }));
import { recordOperations, stubFileToolSession } from '../../jobs/testing';
import { RemoveBackgroundRoute } from './RemoveBackgroundRoute';

const { sent, renderRoute } = recordOperations(() => <RemoveBackgroundRoute />);
stubFileToolSession('blob:preview');

beforeEach(() => {
  toast.success.mockClear();
  toast.error.mockClear();
});

const picker = () => screen.getByLabelText(/Upload image/) as HTMLInputElement;
const removeButton = () => screen.getByRole('button', { name: 'Remove Background' }) as HTMLButtonElement;

describe('RemoveBackgroundRoute (spec §2, §5)', () => {
  it("says 'Please select an image first' when submitted without an image, and sends nothing", () => {
    renderRoute();
    expect(screen.getByText('No Image Processed')).toBeTruthy();
    fireEvent.click(removeButton());
    expect(toast.error).toHaveBeenCalledWith('Please select an image first', TOOL_TOAST);
    expect(document.activeElement).toBe(picker());
    expect(sent).toEqual([]);
  });

  it('accepts any image type and previews the picked file with its name and size in MB', () => {
    renderRoute();
    expect(picker().accept).toBe('image/*');
    const file = new File([new Uint8Array(1.5 * 1024 * 1024)], 'holiday.webp', { type: 'image/webp' });
    fireEvent.change(picker(), { target: { files: [file] } });
    expect(toast.error).not.toHaveBeenCalled();
    expect(screen.getByText('holiday.webp')).toBeTruthy();
    expect(screen.getByText('1.50 MB')).toBeTruthy();
    expect((screen.getByRole('img', { name: 'Preview of holiday.webp' }) as HTMLImageElement).src).toBe('blob:preview');
  });

  it('refuses a file that is not an image', () => {
    renderRoute();
    fireEvent.change(picker(), { target: { files: [new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' })] } });
    expect(toast.error).toHaveBeenCalledWith('Please choose an image file', TOOL_TOAST);
    expect(screen.queryByText('cv.pdf')).toBeNull();
  });
});
