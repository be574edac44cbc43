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

describe('RemoveBackgroundRoute (product §2, §5)', () => {
  it("says 'Please select an image first' when submitted without an image, and sends nothing", () => {
    renderRoute();
    expect(screen.getByText('No Image Processed')).toBeTruthy();
    fireEvent.click(removeButton());
    expect(toast.error).toHaveBeenCalledWith('Please select an image first', TOOL_TOAST);
    expect(document.activeElement).toBe(picker());
    expect(sent).toEqual([]);
  });

  it("accepts the server's image types and previews the picked file with its name and size in MB", async () => {
    renderRoute();
    // The types and the limit come from the server's uploadLimits query.
    await screen.findByText('PNG, JPEG, WebP, GIF, AVIF or TIFF, up to 10 MB');
    expect(picker().accept).toBe('image/png,image/jpeg,image/webp,image/gif,image/avif,image/tiff,.png,.jpg,.jpeg,.webp,.gif,.avif,.tif,.tiff');
    const file = new File(['RIFF\0\0\0\0WEBPVP8 ', new Uint8Array(1.5 * 1024 * 1024 - 16)], 'holiday.webp', { type: 'image/webp' });
    fireEvent.change(picker(), { target: { files: [file] } });
    await screen.findByText('holiday.webp'); // once its first bytes are read
    expect(toast.error).not.toHaveBeenCalled();
    expect(screen.getByText('1.50 MB')).toBeTruthy();
    expect(((await screen.findByRole('img', { name: 'Preview of holiday.webp' })) as HTMLImageElement).src).toBe('blob:preview');
  });

  it('refuses a file that is not an image beside the picker, and shows nothing of it', async () => {
    renderRoute();
    await screen.findByText(/up to 10 MB/);
    fireEvent.change(picker(), { target: { files: [new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' })] } });
    expect(screen.getByRole('alert').textContent).toBe('Please choose a PNG, JPEG, WebP, GIF, AVIF or TIFF image: “cv.pdf” is not one.');
    expect(picker().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('cv.pdf')).toBeNull();
    fireEvent.click(removeButton());
    expect(toast.error).toHaveBeenCalledWith('Please select an image first', TOOL_TOAST);
    expect(sent).toEqual([]);
  });

  it('refuses an image over the size limit before sending anything', async () => {
    renderRoute();
    await screen.findByText(/up to 10 MB/);
    const big = new File([new Uint8Array(17 * 1024 * 1024)], 'huge.png', { type: 'image/png' });
    fireEvent.change(picker(), { target: { files: [big] } });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('“huge.png” is 17.00 MB: the limit is 10 MB. Please choose a smaller image.');
    expect(picker().getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
    expect(screen.queryByText('huge.png')).toBeNull();
    expect(sent).toEqual([]);
  });
});
