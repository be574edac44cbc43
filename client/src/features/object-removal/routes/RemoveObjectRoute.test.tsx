// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), dismiss: vi.fn() }));
/** Every message of a tool page is its one toast (toolToast): the same id each time. */
const TOOL_TOAST = { id: expect.stringMatching(/^tool:/) };
vi.mock('sonner', () => ({ toast }));
// happy-dom has no 2D canvas to draw the mask on: the mask file stands in for it (the browser test draws a real one).
const maskFile = vi.hoisted(() => ({ current: null as File | null }));
vi.mock('../lib/mask', async (original) => ({
  ...(await original<typeof import('../lib/mask')>()),
  renderMask: vi.fn(async () => (maskFile.current = new File(['png'], 'mask.png', { type: 'image/png' }))),
}));
import { recordOperations, stubFileToolSession } from '../../jobs/testing';
import { RemoveObjectRoute } from './RemoveObjectRoute';

const { sent, variables, renderRoute } = recordOperations(() => <RemoveObjectRoute />);
stubFileToolSession('blob:preview');

beforeEach(() => {
  toast.success.mockClear();
  toast.error.mockClear();
});

const picker = () => screen.getByLabelText(/Upload image/) as HTMLInputElement;
const objectField = () => screen.getByLabelText('Describe object to remove') as HTMLTextAreaElement;
const removeButton = () => screen.getByRole('button', { name: 'Remove Object' }) as HTMLButtonElement;

describe('RemoveObjectRoute (product §2, §5)', () => {
  it('keeps Remove Object disabled until both an image and an object name are given', () => {
    renderRoute();
    expect(screen.getByText('No Image Processed')).toBeTruthy();
    expect(removeButton().disabled).toBe(true);
    fireEvent.change(objectField(), { target: { value: 'watch' } });
    expect(removeButton().disabled).toBe(true);
    fireEvent.change(picker(), { target: { files: [new File([new Uint8Array(1024 * 1024)], 'desk.png', { type: 'image/png' })] } });
    expect(screen.getByText('desk.png')).toBeTruthy();
    expect(screen.getByText('1.00 MB')).toBeTruthy();
    expect(removeButton().disabled).toBe(false);
    fireEvent.change(objectField(), { target: { value: '  ' } });
    expect(removeButton().disabled).toBe(true);
  });

  it("says 'Please enter only one object name' for two words, sends nothing, and clears it on edit", () => {
    renderRoute();
    fireEvent.change(picker(), { target: { files: [new File(['png'], 'desk.png', { type: 'image/png' })] } });
    fireEvent.change(objectField(), { target: { value: 'red car' } });
    fireEvent.click(removeButton());
    expect(toast.error).toHaveBeenCalledWith('Please enter only one object name', TOOL_TOAST);
    expect(screen.getByRole('alert').textContent).toBe('Please enter only one object name');
    expect(objectField().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(objectField());
    expect(sent).toEqual([]);

    fireEvent.change(objectField(), { target: { value: 'car' } });
    expect(screen.queryByText('Please enter only one object name')).toBeNull();
    expect(objectField().getAttribute('aria-invalid')).toBeNull();
  });

  it('refuses a file that is not an image, beside the picker', async () => {
    renderRoute();
    await screen.findByText(/up to 10 MB/);
    fireEvent.change(picker(), { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });
    expect(screen.getByRole('alert').textContent).toBe('Please choose a PNG, JPEG, WebP, GIF, AVIF or TIFF image: “notes.txt” is not one.');
    expect(picker().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('notes.txt')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('needs no brush: the brush is an unticked, optional switch and Remove Object is enabled with an image and a name', () => {
    renderRoute();
    fireEvent.change(picker(), { target: { files: [new File(['png'], 'desk.png', { type: 'image/png' })] } });
    fireEvent.change(objectField(), { target: { value: 'cup' } });
    const brush = screen.getByRole('checkbox', { name: 'Brush over the object (optional)' }) as HTMLInputElement;
    expect(brush.checked).toBe(false);
    expect(screen.queryByLabelText(/Mask canvas/)).toBeNull();
    expect(screen.queryByLabelText('Brush size')).toBeNull();
    expect(removeButton().disabled).toBe(false);
    fireEvent.click(brush);
    expect(screen.getByLabelText(/Mask canvas over desk.png/)).toBeTruthy();
    expect(screen.getByLabelText('Brush size')).toBeTruthy();
    expect(removeButton().disabled).toBe(false);
  });

  it('removes a brushed area with no name: brushing enables Remove Object, and the mask goes without a name (docs/product.md, Object removal)', async () => {
    renderRoute();
    fireEvent.change(picker(), { target: { files: [new File(['png'], 'desk.png', { type: 'image/png' })] } });
    // The preview loads at the photo's full size (happy-dom loads no images: told by hand).
    const preview = screen.getByRole('img', { name: 'Preview of desk.png' });
    Object.defineProperties(preview, { naturalWidth: { value: 800 }, naturalHeight: { value: 533 } });
    fireEvent.load(preview);
    expect(objectField().value).toBe('');
    expect(removeButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Brush over the object (optional)' }));
    // Nothing painted yet: still nothing says what to remove.
    expect(removeButton().disabled).toBe(true);
    // One stroke with the keyboard, as a screen-reader or keyboard user paints it.
    const canvas = screen.getByLabelText(/Mask canvas over desk.png/);
    canvas.focus();
    fireEvent.keyDown(canvas, { key: ' ' });
    fireEvent.keyDown(canvas, { key: 'ArrowRight' });
    fireEvent.keyDown(canvas, { key: ' ' });
    expect(canvas.getAttribute('aria-label')).toMatch(/1 stroke painted\.$/);
    expect(removeButton().disabled).toBe(false);
    await act(async () => {
      fireEvent.click(removeButton());
    });
    await waitFor(() => expect(sent).toEqual(['RemoveObject']));
    expect(variables[0]).toMatchObject({ object: null, mask: maskFile.current });
    expect(maskFile.current).not.toBeNull();
    expect(toast.error).not.toHaveBeenCalled();
  });
});
